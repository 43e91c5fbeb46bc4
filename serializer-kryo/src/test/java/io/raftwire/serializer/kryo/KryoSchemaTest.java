package io.raftwire.serializer.kryo;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.Fixtures;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Which entry the payload's own value takes: the registry's switch on the generated path, none on the walk. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KryoSchemaTest {

    @Test
    void theGeneratedPathEntersThroughTheRegistrysOwnSwitch() {
        TypeRegistry registry = Fixtures.registry();
        KryoSchema schema = new KryoSchema(registry, SerializerOptions.defaults().withCodecPath(CodecPath.GENERATED));
        assertNotNull(schema.codecs());
        assertSame(registry.codecSwitch(), schema.codecs(), "one switch per registry, shared by its serializers");
    }

    @Test
    void theWalkHasNoSwitch() {
        KryoSchema schema = new KryoSchema(Fixtures.registry(), SerializerOptions.defaults().withCodecPath(
                CodecPath.WALK));
        assertNull(schema.codecs(), "the walk is the reference: it must not run generated code");
    }
}
