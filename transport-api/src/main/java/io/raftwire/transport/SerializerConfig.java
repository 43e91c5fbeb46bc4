package io.raftwire.transport;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.Serializers;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code raftwire.serializer.*} part of a configuration, read against the serializer providers on the class path:
 * the names a configuration may use, a configuration file checked against them, and the options a serializer is
 * created with. What a transport uses for the wire, and what a node uses for its disk and its operation codecs, so both
 * read the same keys the same way. Needs no transport implementation.
 *
 * <p>Stateless; every method is thread-safe.
 */
public final class SerializerConfig {

    private SerializerConfig() {
    }

    /** The names of the serializer providers on the class path, in name order (unmodifiable). */
    public static Set<String> installed() {
        Set<String> names = new LinkedHashSet<>();
        for (SerializerProvider provider : Serializers.providers()) {
            names.add(provider.name());
        }
        return Collections.unmodifiableSet(names);
    }

    /**
     * Loads the configuration in the standard order ({@link RaftwireConfig#fromFile(Path)}: defaults &lt; {@code file}
     * &lt; system properties &lt; environment variables) and checks the serializer names against the providers on
     * the class path, so that an unknown name is reported together with every other violation.
     *
     * @throws io.raftwire.config.ConfigException when the file cannot be read, or listing every violation
     */
    public static RaftwireConfig loadConfig(Path file) {
        return RaftwireConfig.fromFile(file, installed());
    }

    /**
     * The serializer limits (payload size included) and codec path of {@code raftwire.serializer.*}. The codec path is the configuration's
     * when it sets one; otherwise the system property's ({@link CodecPath#configured()}), so that
     * {@code -Draftwire.serializer.codec-path} also reaches a configuration built from a map, without the system
     * properties as a source (the demo's, an embedding application's).
     */
    public static SerializerOptions options(RaftwireConfig config) {
        boolean set = config.nonDefaults().containsKey(ConfigKeys.SERIALIZER_CODEC_PATH.name());
        return new SerializerOptions(config.get(ConfigKeys.SERIALIZER_MAX_DEPTH),
                config.get(ConfigKeys.SERIALIZER_MAX_ELEMENTS), config.get(ConfigKeys.SERIALIZER_BUFFER_BYTES),
                config.get(ConfigKeys.SERIALIZER_MAX_POOLED_BUFFER_BYTES), set
                ? CodecPath.valueOf(config.get(ConfigKeys.SERIALIZER_CODEC_PATH).toUpperCase(Locale.ROOT))
                : CodecPath.configured(), config.get(ConfigKeys.SERIALIZER_MAX_PAYLOAD_BYTES));
    }
}
