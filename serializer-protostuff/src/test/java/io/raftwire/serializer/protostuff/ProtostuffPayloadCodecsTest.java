package io.raftwire.serializer.protostuff;

import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.contract.PayloadCodecsContract;

/** Protostuff's {@code decoderFor} and {@code encoderFor} on the contract. */
class ProtostuffPayloadCodecsTest extends PayloadCodecsContract {

    @Override
    protected SerializerProvider provider() {
        return new ProtostuffSerializerProvider();
    }

    /** Protostuff's resolving decoder holds its own schema per type, so a nested changed type is resolved. */
    @Override
    protected boolean resolvesNestedChanges() {
        return true;
    }

    /** Protostuff's down-level encoder holds its own schema per type, so a nested changed type is written. */
    @Override
    protected boolean writesNestedChanges() {
        return true;
    }
}
