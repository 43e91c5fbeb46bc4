package io.raftwire.serializer.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.contract.Payloads;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The provider's identity and the shape of what it writes. */
@ExtendWith(LeakDetectionExtension.class)
class JdkSerializerProviderTest {

    @Test
    void isFoundByServiceLoaderAsJdkWithWireId3() {
        SerializerProvider provider = Serializers.provider("jdk");
        assertInstanceOf(JdkSerializerProvider.class, provider);
        assertEquals(3, provider.id());
        assertEquals(2, provider.formatVersion());
    }

    /**
     * The catalog needs no {@code Serializable}; the legacy model, like most pre-records code, implements it, and
     * {@link #payloadsNameOnlyTheCarrierAndItsArrays} shows that its classes are never named in a payload either.
     */
    @Test
    void serializableOrNotEveryRegisteredTypeTravelsAsACarrier() {
        int serializable = 0;
        for (TypeModel model : Fixtures.registry().models()) {
            boolean legacy = model.javaType().getPackageName().endsWith(".legacy");
            boolean isSerializable = Serializable.class.isAssignableFrom(model.javaType());
            assertFalse(!legacy && isSerializable, model.name() + " is Serializable");
            serializable += isSerializable ? 1 : 0;
        }
        assertTrue(serializable >= 20, "the legacy model has Serializable classes to prove the point with");
    }

    @Test
    void payloadsNameOnlyTheCarrierAndItsArrays() throws IOException, ClassNotFoundException {
        TypeRegistry registry = Fixtures.registry();
        Serializer serializer = Serializers.create("jdk", registry, SerializerOptions.defaults());
        Set<String> named = new TreeSet<>();
        for (Object value : Fixtures.values()) {
            byte[] payload = Payloads.encode(serializer, value);
            try (ObjectInputStream plain = new ObjectInputStream(new ByteArrayInputStream(payload)) {
                @Override
                protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                    named.add(desc.getName());
                    return super.resolveClass(desc);
                }
            }) {
                assertInstanceOf(Carrier.class, plain.readObject());
            }
        }
        assertEquals(Set.of(Carrier.class.getName(), "[J", "[Ljava.lang.Object;", "[B"), named);
    }
}
