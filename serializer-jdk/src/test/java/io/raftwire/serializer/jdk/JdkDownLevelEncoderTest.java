package io.raftwire.serializer.jdk;

import io.raftwire.serializer.AbstractDownLevelEncoder;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.contract.DownLevelEncoderContract;
import io.raftwire.serializer.schema.Schema;

/** The jdk down-level encoder on the contract: every forward cell writes the old jdk codec's bytes. */
class JdkDownLevelEncoderTest extends DownLevelEncoderContract {

    @Override
    protected SerializerProvider provider() {
        return new JdkSerializerProvider();
    }

    @Override
    protected AbstractDownLevelEncoder create(Schema target, Serializer today) {
        return JdkDownLevelEncoder.create(target, today);
    }
}
