package io.raftwire.bench;

import io.raftwire.bench.handwritten.HandwrittenCodec;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;

import java.util.ArrayList;
import java.util.List;

/** Creates the codecs the benchmarks compare: the providers on the class path, and the hand-written codec. */
public final class Codecs {

    private Codecs() {
    }

    /**
     * Creates a codec for the catalog registry with default options.
     *
     * @param name a provider name ({@code kryo}, {@code protostuff}, {@code jdk}, {@code fory}) or {@value HandwrittenCodec#NAME}
     * @return a thread-safe codec
     * @throws io.raftwire.serializer.SerializationException if no provider has that name
     */
    public static Serializer create(String name) {
        if (HandwrittenCodec.NAME.equals(name)) {
            return new HandwrittenCodec();
        }
        return Serializers.create(name, TypeRegistry.catalog(), SerializerOptions.defaults());
    }

    /** Every provider found by {@link Serializers#providers()}, sorted by name, then the hand-written codec. */
    public static List<Serializer> all() {
        List<Serializer> all = new ArrayList<>();
        for (SerializerProvider provider : Serializers.providers()) {
            all.add(provider.create(TypeRegistry.catalog(), SerializerOptions.defaults()));
        }
        all.add(new HandwrittenCodec());
        return all;
    }
}
