package io.raftwire.serializer.kryo;

import io.raftwire.serializer.AbstractDownLevelEncoder;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.contract.DownLevelEncoderContract;
import io.raftwire.serializer.schema.Schema;

/** The kryo down-level encoder on the contract: every forward cell writes the old kryo codec's bytes. */
class KryoDownLevelEncoderTest extends DownLevelEncoderContract {

    @Override
    protected SerializerProvider provider() {
        return new KryoSerializerProvider();
    }

    @Override
    protected AbstractDownLevelEncoder create(Schema target, Serializer today) {
        return KryoDownLevelEncoder.create(target, today);
    }
}
