package io.raftwire.transport;

import io.raftwire.config.RaftwireConfig;
import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.SerializerOptions;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The serializer part of a configuration, read without any transport implementation on the class path. */
class SerializerConfigTest {

    @Test
    void shouldUseTheSerializerDefaultsOfTheConfigurationKeys() {
        assertEquals(SerializerOptions.defaults(), SerializerConfig.options(RaftwireConfig.defaults()));
        assertEquals(CodecPath.WALK, SerializerConfig.options(RaftwireConfig.of(Map.of(
                "raftwire.serializer.codec-path", "walk"))).codecPath(), "the configuration's codec path");
    }

    @Test
    void shouldMapEveryLimitKey() {
        SerializerOptions options = SerializerConfig.options(RaftwireConfig.of(Map.of(
                "raftwire.serializer.max-depth", "7", "raftwire.serializer.max-elements", "1000",
                "raftwire.serializer.max-payload-bytes", "4096")));
        assertEquals(7, options.maxDepth());
        assertEquals(1000, options.maxElements());
        assertEquals(4096, options.maxPayloadBytes());
    }

    @Test
    void shouldFindNoProviderWhereNoneIsOnTheClassPath() {
        assertEquals(Set.of(), SerializerConfig.installed(), "transport-api's tests have no provider jar");
    }
}
