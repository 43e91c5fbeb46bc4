package io.raftwire.serializer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(LeakDetectionExtension.class)
class SerializersTest {

    @TempDir
    Path dir;

    @Test
    void unknownNameListsWhatIsAvailable() throws IOException {
        try (URLClassLoader loader = loaderWith(AlphaProvider.class, BetaProvider.class)) {
            List<SerializerProvider> all = Serializers.providers(loader);
            assertEquals(List.of("alpha", "beta"), all.stream().map(SerializerProvider::name).toList());
        }
        SerializationException e = assertThrows(SerializationException.class, () -> Serializers.provider("kyro"));
        assertTrue(e.getMessage().contains("unknown serializer 'kyro' (available: "), e.getMessage());
    }

    @Test
    void duplicateNamesAndIdsFailNamingBothProviders() throws IOException {
        try (URLClassLoader loader = loaderWith(AlphaProvider.class, AlphaTwinProvider.class, BadIdProvider.class)) {
            SerializationException e = assertThrows(SerializationException.class,
                    () -> Serializers.providers(loader));
            String m = e.getMessage();
            assertTrue(m.contains("name 'alpha' is used by both"), m);
            assertTrue(m.contains("id 100 is used by both"), m);
            assertTrue(m.contains("has id 200 (expected: 1..127)"), m);
        }
    }

    private URLClassLoader loaderWith(Class<?>... providers) throws IOException {
        Path services = dir.resolve("META-INF/services");
        Files.createDirectories(services);
        StringBuilder lines = new StringBuilder();
        for (Class<?> p : providers) {
            lines.append(p.getName()).append('\n');
        }
        Files.writeString(services.resolve(SerializerProvider.class.getName()), lines);
        return new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader());
    }

    /** Test provider that builds a serializer refusing everything. */
    public abstract static class FakeProvider extends AbstractSerializerProvider {
        FakeProvider(String name, int id) {
            super(name, id, 1);
        }

        @Override
        public Serializer create(TypeRegistry registry, SerializerOptions options) {
            return new AbstractSerializer(this, registry, options) {
                @Override
                protected void write(TypeModel model, Object value, ByteBuf out) {
                    throw new UnsupportedOperationException("fake");
                }

                @Override
                protected Object read(TypeModel model, ByteBuf payload) {
                    throw new UnsupportedOperationException("fake");
                }
            };
        }
    }

    /** alpha, 100. */
    public static final class AlphaProvider extends FakeProvider {
        /** For ServiceLoader. */
        public AlphaProvider() {
            super("alpha", 100);
        }
    }

    /** alpha again, 100 again. */
    public static final class AlphaTwinProvider extends FakeProvider {
        /** For ServiceLoader. */
        public AlphaTwinProvider() {
            super("alpha", 100);
        }
    }

    /** beta, 101. */
    public static final class BetaProvider extends FakeProvider {
        /** For ServiceLoader. */
        public BetaProvider() {
            super("beta", 101);
        }
    }

    /** id out of range. */
    public static final class BadIdProvider extends FakeProvider {
        /** For ServiceLoader. */
        public BadIdProvider() {
            super("gamma", 200);
        }
    }
}
