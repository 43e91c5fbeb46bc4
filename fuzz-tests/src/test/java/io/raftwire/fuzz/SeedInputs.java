package io.raftwire.fuzz;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.message.MessageType;
import io.raftwire.message.fixtures.CatalogFixtures;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The seeds of the decode targets: for every provider and shape, each catalog type of that shape encoded from its
 * realistic instance and from every edge case of {@link CatalogFixtures}, prefixed with the type's selector byte.
 */
public final class SeedInputs {

    private static final List<String> PROVIDERS = List.of("kryo", "protostuff", "jdk", "fory");

    private SeedInputs() {
    }

    /** Writes every decode seed under {@code resources}. */
    public static void writeDecodeSeeds(Path resources) throws IOException {
        CatalogFixtures fixtures = new CatalogFixtures(7);
        for (String provider : PROVIDERS) {
            Serializer s = Serializers.create(provider, TypeRegistry.catalog(), SerializerOptions.defaults());
            String testClass = Character.toUpperCase(provider.charAt(0)) + provider.substring(1) + "FuzzTest";
            for (Shape shape : Shape.values()) {
                Path dir = resources.resolve("io/raftwire/fuzz/" + testClass + "Inputs/" + method(shape));
                Files.createDirectories(dir);
                int n = 0;
                for (int index = 0; index < shape.types().size(); index++) {
                    MessageType type = shape.types().get(index);
                    List<Object> values = new ArrayList<>();
                    values.add(fixtures.realistic(type));
                    for (Object edge : fixtures.edgeCases()) {
                        if (edge.getClass() == type.javaType()) {
                            values.add(edge);
                        }
                    }
                    for (Object value : values) {
                        ByteBuf out = Unpooled.buffer();
                        try {
                            out.writeByte(index);
                            s.encode(value, out);
                            byte[] bytes = new byte[out.readableBytes()];
                            out.getBytes(0, bytes);
                            Files.write(dir.resolve(String.format("seed-%03d-%s", n++,
                                    type.name().toLowerCase(Locale.ROOT))), bytes);
                        } finally {
                            out.release();
                        }
                    }
                }
            }
        }
    }

    private static String method(Shape shape) {
        return switch (shape) {
            case REQUESTS -> "requests";
            case RESPONSES -> "responses";
            case LOG_ENTRIES -> "logEntries";
        };
    }
}
