package io.raftwire.serializer.jdk;

import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.contract.PayloadCodecsContract;

/** Jdk's {@code decoderFor} and {@code encoderFor} on the contract. */
class JdkPayloadCodecsTest extends PayloadCodecsContract {

    @Override
    protected SerializerProvider provider() {
        return new JdkSerializerProvider();
    }
}
