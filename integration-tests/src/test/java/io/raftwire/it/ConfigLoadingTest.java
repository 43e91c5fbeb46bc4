package io.raftwire.it;

import io.raftwire.config.ConfigException;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.ConfigViolation;
import io.raftwire.transport.netty.NettyTransportFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link NettyTransportFactory#loadConfig(Path)} with every provider on the class path: a serializer name that no
 * provider has is reported with the other configuration errors at load time, not when the transport is created.
 */
class ConfigLoadingTest {

    @TempDir
    Path dir;

    @Test
    void shouldSeeEveryProviderOnTheClassPath() {
        assertEquals(List.of("fory", "jdk", "kryo", "protostuff"), List.copyOf(NettyTransportFactory.installedSerializers()));
    }

    @Test
    void shouldReportAnUnknownSerializerWithTheOtherErrorsOfTheFile() throws IOException {
        Path file = Files.write(dir.resolve("node.properties"), List.of(
                "raftwire.serializer = kyro",
                "raftwire.serializer.accept = protostuff,avro",
                "raftwire.transport.io-threads = 0",
                "raftwrie.node.id = n1"), StandardCharsets.UTF_8);
        ConfigException e = assertThrows(ConfigException.class, () -> NettyTransportFactory.loadConfig(file));
        String origin = "file " + file;
        List<String> fromFile = e.violations().stream().filter(v -> v.origin().equals(origin))
                .map(ConfigViolation::toString).toList();
        assertEquals(List.of(
                "raftwire.transport.io-threads = 0 (expected: 1..64) [" + origin + "]",
                "raftwire.serializer = kyro (expected: one of the installed serializers fory, jdk, kryo, protostuff) ["
                        + origin + "]",
                "raftwire.serializer.accept = protostuff,avro (expected: names of installed serializers fory, jdk,"
                        + " kryo, protostuff; not installed: avro) [" + origin + "]",
                "raftwrie.node.id = n1 (unknown key; did you mean raftwire.node.id?) [" + origin + "]"), fromFile);
    }

    @Test
    void shouldLoadAFileThatNamesInstalledSerializers() throws IOException {
        Path file = Files.write(dir.resolve("node.properties"), List.of(
                "raftwire.serializer = protostuff", "raftwire.serializer.accept = kryo,jdk"), StandardCharsets.UTF_8);
        assertEquals(Set.of("protostuff", "kryo", "jdk"),
                NettyTransportFactory.loadConfig(file).acceptedSerializers());
        assertEquals("protostuff", NettyTransportFactory.loadConfig(file).get(ConfigKeys.SERIALIZER));
    }
}
