package io.raftwire.serializer.fory;

import io.raftwire.serializer.AbstractDownLevelEncoder;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.contract.DownLevelEncoderContract;
import io.raftwire.serializer.schema.Schema;

/** The fory down-level encoder on the contract: every forward cell writes the old fory codec's bytes. */
class ForyDownLevelEncoderTest extends DownLevelEncoderContract {

    @Override
    protected SerializerProvider provider() {
        return new ForySerializerProvider();
    }

    @Override
    protected AbstractDownLevelEncoder create(Schema target, Serializer today) {
        return ForyDownLevelEncoder.create(target, today);
    }
}
