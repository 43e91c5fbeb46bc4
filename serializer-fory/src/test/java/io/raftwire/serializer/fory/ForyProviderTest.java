package io.raftwire.serializer.fory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.model.TypeModel;

import java.util.ServiceLoader;

import org.apache.fory.Fory;
import org.apache.fory.config.Config;
import org.junit.jupiter.api.Test;

/** Discovery, identity and the Fory configuration every thread gets. */
class ForyProviderTest {

    @Test
    void serviceLoaderFindsTheProviderAsForyWithIdFour() {
        long found = ServiceLoader.load(SerializerProvider.class).stream()
                .filter(p -> p.type() == ForySerializerProvider.class).count();
        assertEquals(1, found);
        SerializerProvider provider = Serializers.provider("fory");
        assertInstanceOf(ForySerializerProvider.class, provider);
        assertEquals(4, provider.id());
        assertEquals(ForySerializerProvider.FORMAT_VERSION, provider.formatVersion());
    }

    @Test
    void everyThreadsForyRequiresRegistrationTracksNoReferencesAndIsNotCompatible() {
        SerializerOptions options = new SerializerOptions(12, 100, 256, 256);
        Fory fory = new ForySchema(Fixtures.registry(), options).newFory(new Scratch(256, 256)).fory();
        Config config = fory.getConfig();
        assertTrue(config.requireClassRegistration(), "class registration required");
        assertFalse(config.trackingRef(), "reference tracking");
        assertFalse(config.isCompatible(), "compatible mode");
        assertFalse(config.isXlang(), "cross-language mode");
        assertFalse(config.isCodeGenEnabled(), "Fory's generated serializers skip constructors");
        assertEquals(12, config.maxDepth());
    }

    @Test
    void everyRegisteredTypeIsServedByItsModelSerializer() {
        TypeRegistry registry = Fixtures.registry();
        ForyTypes types = new ForySchema(registry, SerializerOptions.defaults()).newFory(new Scratch(256, 256));
        for (TypeModel model : registry.models()) {
            ModelSerializer s = types.find(model.id());
            assertSame(model, s.model(), model.name());
            assertSame(s, types.fory().getSerializer(model.javaType()), model.name() + " as Fory resolves it");
        }
        assertNull(types.find(0));
        assertNull(types.find(-1));
        assertNull(types.find(Integer.MAX_VALUE));
    }

    @Test
    void differentOptionsKeepTheFingerprintAndADifferentRegistryChangesIt() {
        SerializerProvider provider = new ForySerializerProvider();
        long defaults = provider.create(Fixtures.registry(), SerializerOptions.defaults()).fingerprint();
        assertEquals(defaults, provider.create(Fixtures.registry(), new SerializerOptions(8, 100, 256, 256))
                .fingerprint());
        assertNotEquals(defaults, provider.create(TypeRegistry.catalog(), SerializerOptions.defaults()).fingerprint());
    }
}
