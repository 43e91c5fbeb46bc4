package io.raftwire.serializer.kryo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Registration;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.model.TypeModel;

import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;

/** Discovery, identity and the Kryo configuration every thread gets. */
class KryoProviderTest {

    @Test
    void serviceLoaderFindsTheProviderAsKryoWithIdOne() {
        long found = ServiceLoader.load(SerializerProvider.class).stream()
                .filter(p -> p.type() == KryoSerializerProvider.class).count();
        assertEquals(1, found);
        SerializerProvider provider = Serializers.provider("kryo");
        assertInstanceOf(KryoSerializerProvider.class, provider);
        assertEquals(1, provider.id());
        assertEquals(KryoSerializerProvider.FORMAT_VERSION, provider.formatVersion());
    }

    @Test
    void everyRegisteredTypeHasTheKryoIdDerivedFromItsRegistryId() {
        TypeRegistry registry = Fixtures.registry();
        Kryo kryo = new KryoSchema(registry, SerializerOptions.defaults()).newKryo();
        assertTrue(kryo.isRegistrationRequired());
        assertFalse(kryo.getReferences());
        assertInstanceOf(WireClassResolver.class, kryo.getClassResolver());
        for (TypeModel model : registry.models()) {
            Registration r = kryo.getRegistration(model.javaType());
            assertEquals(model.id() + KryoSchema.KRYO_ID_OFFSET, r.getId(), model.name());
            assertSame(model, ((ModelSerializer) r.getSerializer()).model());
            assertSame(r, kryo.getClassResolver().getRegistration(r.getId()));
        }
    }

    @Test
    void differentOptionsKeepTheFingerprintAndADifferentRegistryChangesIt() {
        SerializerProvider provider = new KryoSerializerProvider();
        long defaults = provider.create(Fixtures.registry(), SerializerOptions.defaults()).fingerprint();
        assertEquals(defaults, provider.create(Fixtures.registry(), new SerializerOptions(8, 100, 256, 256))
                .fingerprint());
        assertTrue(defaults != provider.create(TypeRegistry.catalog(), SerializerOptions.defaults()).fingerprint());
    }
}
