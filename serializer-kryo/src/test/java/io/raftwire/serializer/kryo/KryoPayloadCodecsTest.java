package io.raftwire.serializer.kryo;

import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.contract.PayloadCodecsContract;

/** Kryo's {@code decoderFor} and {@code encoderFor} on the contract. */
class KryoPayloadCodecsTest extends PayloadCodecsContract {

    @Override
    protected SerializerProvider provider() {
        return new KryoSerializerProvider();
    }

    @Override
    protected boolean resolvesNestedChanges() {
        return true;
    }

    @Override
    protected boolean writesNestedChanges() {
        return true;
    }
}
