package io.raftwire.serializer.fory;

import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.contract.PayloadCodecsContract;

/** Fory's {@code decoderFor} and {@code encoderFor} on the contract. */
class ForyPayloadCodecsTest extends PayloadCodecsContract {

    @Override
    protected SerializerProvider provider() {
        return new ForySerializerProvider();
    }
}
