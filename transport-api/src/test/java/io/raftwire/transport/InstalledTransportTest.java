package io.raftwire.transport;

import io.raftwire.config.RaftwireConfig;
import io.raftwire.serializer.TypeRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link TransportFactory#installed()} finds exactly one implementation through {@code META-INF/services}, and says
 * what it expected when there is none or more than one.
 */
class InstalledTransportTest {

    @Test
    void shouldSayWhichJarIsMissingWhenNoImplementationIsOnTheClassPath() {
        IllegalStateException e = assertThrows(IllegalStateException.class, TransportFactory::installed);
        assertEquals("no transport implementation on the class path (expected: one jar that registers a"
                + " io.raftwire.transport.TransportFactory in META-INF/services, such as transport-netty)",
                e.getMessage());
        assertEquals(e.getMessage(), assertThrows(IllegalStateException.class, TransportFactory::installed)
                .getMessage(), "a failed look-up is not cached as a broken class");
    }

    @Test
    void shouldFindTheOneRegisteredImplementation(@TempDir Path dir) throws IOException {
        try (URLClassLoader loader = registering(dir, First.class)) {
            assertInstanceOf(First.class, InstalledTransport.load(loader));
        }
    }

    @Test
    void shouldNameEveryImplementationWhenThereIsMoreThanOne(@TempDir Path dir) throws IOException {
        try (URLClassLoader loader = registering(dir, First.class, Second.class)) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> InstalledTransport.load(loader));
            assertEquals("2 transport implementations on the class path: [first (" + First.class.getName()
                    + "), second (" + Second.class.getName() + ")] (expected: exactly one)", e.getMessage());
        }
    }

    private static URLClassLoader registering(Path dir, Class<?>... implementations) throws IOException {
        Path services = Files.createDirectories(dir.resolve("META-INF/services"));
        StringBuilder lines = new StringBuilder();
        for (Class<?> c : implementations) {
            lines.append(c.getName()).append('\n');
        }
        Files.writeString(services.resolve(TransportFactory.class.getName()), lines, StandardCharsets.UTF_8);
        return new URLClassLoader(new URL[] {dir.toUri().toURL()}, InstalledTransportTest.class.getClassLoader());
    }

    /** A registered implementation that creates nothing. */
    public static class First implements TransportFactory {
        @Override
        public String name() {
            return "first";
        }

        @Override
        public Transport create(RaftwireConfig config, TypeRegistry registry) {
            throw new UnsupportedOperationException("not used by this test");
        }

        @Override
        public void check(RaftwireConfig config) {
        }
    }

    /** A second one, so that the look-up is ambiguous. */
    public static class Second extends First {
        @Override
        public String name() {
            return "second";
        }
    }
}
