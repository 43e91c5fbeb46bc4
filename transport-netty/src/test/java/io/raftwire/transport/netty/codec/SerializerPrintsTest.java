package io.raftwire.transport.netty.codec;

import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.netty.testkit.FakeSerializer;
import io.raftwire.transport.netty.testkit.TestTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** What a member's serializer declares over another registry, as a member whose registry differs derives it. */
class SerializerPrintsTest {

    /** A type only the other registry has. */
    record Added(long n) implements java.io.Serializable {
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void theFingerprintOverAnotherRegistryIsTheOneThatProviderDeclaresThere(String name) {
        TypeRegistry other = TypeRegistry.builder().register(2000, Added.class).build();
        Serializer ours = Serializers.create(name, TypeRegistry.catalog(), SerializerOptions.defaults());
        Serializer theirs = Serializers.create(name, other, SerializerOptions.defaults());
        SerializerSet set = SerializerSet.of(ours);
        assertNotEquals(ours.fingerprint(), theirs.fingerprint(), "the registry is part of a serializer's fingerprint");
        assertEquals(OptionalLong.of(theirs.fingerprint()), set.fingerprintOver(ours.id(), other.fingerprint()));
        assertEquals(OptionalLong.of(ours.fingerprint()), set.fingerprintOver(ours.id(),
                TypeRegistry.catalog().fingerprint()));
        assertEquals(OptionalLong.empty(), set.fingerprintOver(ours.id() + 1, other.fingerprint()), "not accepted");
    }

    @Test
    void aSerializerWhoseFingerprintIsNotDerivedAsTheProvidersAreHasNone() {
        SerializerSet fake = SerializerSet.of(FakeSerializer.standard()); // no installed provider is named "fake"
        assertEquals(OptionalLong.empty(), fake.fingerprintOver(1, TestTypes.registryWithExtra().fingerprint()));
        // a provider's name and id, but a fingerprint of its own: not derivable either
        Serializer kryo = Serializers.create("kryo", TestTypes.registry(), SerializerOptions.defaults());
        SerializerSet impostor = SerializerSet.of(new FakeSerializer(kryo.id(), "kryo", TestTypes.registry()));
        assertEquals(OptionalLong.empty(), impostor.fingerprintOver(kryo.id(),
                TestTypes.registryWithExtra().fingerprint()));
    }
}
