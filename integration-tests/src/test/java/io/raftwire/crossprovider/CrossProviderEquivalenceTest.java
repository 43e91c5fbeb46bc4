package io.raftwire.crossprovider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.contract.Payloads;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * The same values decode equal through every provider, and the four shipped providers are all found on one class
 * path with distinct names, ids and fingerprints.
 */
class CrossProviderEquivalenceTest {

    private static final List<String> SHIPPED = List.of("fory", "jdk", "kryo", "protostuff");

    @Test
    void everyShippedProviderIsFoundOnceWithItsOwnIdAndFingerprint() {
        List<SerializerProvider> providers = Serializers.providers();
        assertEquals(SHIPPED, providers.stream().map(SerializerProvider::name).toList());
        assertEquals(List.of(4, 3, 1, 2), providers.stream().map(SerializerProvider::id).toList());
        Set<Long> fingerprints = new HashSet<>();
        for (String name : SHIPPED) {
            fingerprints.add(Serializers.create(name, TypeRegistry.catalog(), SerializerOptions.defaults())
                    .fingerprint());
        }
        assertEquals(SHIPPED.size(), fingerprints.size());
    }

    @Test
    void everyFixtureDecodesEqualThroughEveryProvider() {
        TypeRegistry registry = Fixtures.registry();
        List<Serializer> serializers = new ArrayList<>();
        for (String name : SHIPPED) {
            serializers.add(Serializers.create(name, registry, SerializerOptions.defaults()));
        }
        int checked = 0;
        for (Map.Entry<String, Object> e : Fixtures.named().entrySet()) {
            Object value = e.getValue();
            int id = registry.idOf(value);
            List<Object> decoded = new ArrayList<>();
            for (Serializer s : serializers) {
                decoded.add(Payloads.decodeHeap(s, id, Payloads.encode(s, value)));
            }
            for (int i = 0; i < decoded.size(); i++) {
                assertEquals(value, decoded.get(i), e.getKey() + " through " + SHIPPED.get(i));
                assertEquals(decoded.get(0), decoded.get(i), e.getKey() + ": " + SHIPPED.get(0) + " vs " + SHIPPED.get(i));
                assertEquals(decoded.get(0).hashCode(), decoded.get(i).hashCode());
            }
            checked++;
        }
        assertNotEquals(0, checked);
    }
}
