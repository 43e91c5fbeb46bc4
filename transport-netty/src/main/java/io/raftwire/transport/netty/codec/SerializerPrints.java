package io.raftwire.transport.netty.codec;

import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.schema.Schema;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fingerprint one of this node's serializers would have over another registry: what a peer whose registry differs
 * declares for the same provider in the same format version. A provider built on {@code AbstractSerializer} derives its
 * fingerprint from {@code name/id/format version/registry fingerprint}; this class derives it the same way, from the
 * installed provider of the serializer's name, and only for a serializer whose own fingerprint that derivation
 * reproduces (otherwise the fingerprint over another registry is unknown). Thread-safe; the provider lookup is done
 * once per serializer.
 */
final class SerializerPrints {

    /** Per serializer id: the provider's format version, or empty if the fingerprint cannot be derived. */
    private final Map<Integer, OptionalInt> formatVersions = new ConcurrentHashMap<>();

    /**
     * @param serializer          one of this node's serializers
     * @param registryFingerprint another registry's {@code TypeRegistry#fingerprint()}
     * @return its fingerprint over that registry, or empty if it cannot be derived
     */
    OptionalLong over(Serializer serializer, long registryFingerprint) {
        OptionalInt version = formatVersions.computeIfAbsent(serializer.id(), id -> formatVersion(serializer));
        return version.isEmpty() ? OptionalLong.empty()
                : OptionalLong.of(derive(serializer.name(), serializer.id(), version.getAsInt(), registryFingerprint));
    }

    /** The format version of the serializer's provider, if the derivation reproduces its own fingerprint. */
    private static OptionalInt formatVersion(Serializer serializer) {
        SerializerProvider provider;
        try {
            provider = Serializers.provider(serializer.name());
        } catch (SerializationException e) {
            return OptionalInt.empty();
        }
        if (provider.id() != serializer.id() || derive(provider.name(), provider.id(), provider.formatVersion(),
                serializer.registry().fingerprint()) != serializer.fingerprint()) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(provider.formatVersion());
    }

    private static long derive(String name, int id, int formatVersion, long registryFingerprint) {
        return Schema.sha256Prefix((name + '/' + id + '/' + formatVersion + '/' + registryFingerprint)
                .getBytes(StandardCharsets.UTF_8));
    }
}
