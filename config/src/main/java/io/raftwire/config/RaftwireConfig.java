package io.raftwire.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A resolved raftwire configuration: a value for every key of {@link ConfigKeys}, each one already parsed and
 * checked, including the rules relating several keys. Immutable and thread-safe; nothing downstream re-validates.
 *
 * <p>Precedence, lowest first: the defaults, then each {@link ConfigSource} in the order given to
 * {@link #load(ConfigSource...)}. {@link #fromFile(Path)} applies the standard order: defaults &lt; properties
 * file &lt; system properties &lt; environment variables.
 */
public final class RaftwireConfig {

    private static final Logger LOG = LoggerFactory.getLogger(RaftwireConfig.class);

    private final Map<ConfigKey<?>, Object> values;
    private final Map<ConfigKey<?>, String> origins;
    private final AtomicBoolean logged = new AtomicBoolean();

    RaftwireConfig(Map<ConfigKey<?>, Object> values, Map<ConfigKey<?>, String> origins) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.origins = Collections.unmodifiableMap(new LinkedHashMap<>(origins));
    }

    /** Every key at its default value. */
    public static RaftwireConfig defaults() {
        return load(List.of());
    }

    /**
     * Resolves {@code sources} over the defaults; a later source overrides an earlier one key by key.
     *
     * @throws ConfigException listing every violation, one per line: values that do not parse or break their key's
     *                         constraint, broken rules relating several keys, keys written twice in one file, and
     *                         unknown keys under the raftwire prefix or nearly under it (each with the nearest valid
     *                         key, see {@link ConfigSource})
     */
    public static RaftwireConfig load(ConfigSource... sources) {
        return load(List.of(sources));
    }

    /**
     * Same as {@link #load(ConfigSource...)}; lowest precedence first. The serializer names are not checked here:
     * an unknown one is found when the transport creates its serializers. Use
     * {@link #load(Set, List)} to report it with the other violations.
     */
    public static RaftwireConfig load(List<ConfigSource> sources) {
        return ConfigResolver.resolve(sources, null);
    }

    /**
     * Same as {@link #load(List)}, and also checks every name of {@link ConfigKeys#SERIALIZER} and
     * {@link ConfigKeys#SERIALIZER_ACCEPT} against {@code installedSerializers}, reporting an unknown one together
     * with every other violation, as {@code raftwire.serializer = fory (expected: one of the installed serializers
     * jdk, kryo, protostuff)}. This module cannot see the serializer providers, so the caller passes their names;
     * {@code SerializerConfig.loadConfig} in transport-api passes those found on the class path.
     *
     * @param installedSerializers the provider names available, for example {@code [jdk, kryo, protostuff]}
     * @param sources              lowest precedence first
     * @throws ConfigException listing every violation
     */
    public static RaftwireConfig load(Set<String> installedSerializers, List<ConfigSource> sources) {
        return ConfigResolver.resolve(sources, Objects.requireNonNull(installedSerializers, "installedSerializers"));
    }

    /**
     * The standard loading order: defaults &lt; {@code file} &lt; system properties &lt; environment variables.
     * Reads the process's system properties and environment now.
     *
     * @throws ConfigException when the file cannot be read, or listing every violation
     */
    public static RaftwireConfig fromFile(Path file) {
        return load(standardSources(file, System.getenv()));
    }

    /**
     * {@link #fromFile(Path)} with the serializer names checked against {@code installedSerializers}, as
     * {@link #load(Set, List)} does.
     *
     * @throws ConfigException when the file cannot be read, or listing every violation
     */
    public static RaftwireConfig fromFile(Path file, Set<String> installedSerializers) {
        return load(installedSerializers, standardSources(file, System.getenv()));
    }

    /**
     * The sources of the standard loading order, lowest precedence first: {@code file} (if not null), the system
     * properties (read now), then {@code environment} as environment variables.
     *
     * @param file        a properties file, or null for none
     * @param environment the environment variables to read, the process's ({@code System.getenv()}) but in tests
     */
    public static List<ConfigSource> standardSources(Path file, Map<String, String> environment) {
        List<ConfigSource> sources = new ArrayList<>();
        if (file != null) {
            sources.add(ConfigSource.fromProperties(file));
        }
        sources.add(ConfigSource.systemProperties());
        sources.add(ConfigSource.environment(environment));
        return List.copyOf(sources);
    }

    /** A configuration from property names to values over the defaults, for tests and programmatic set-up. */
    public static RaftwireConfig of(Map<String, String> values) {
        return load(ConfigSource.fromMap("map", values));
    }

    /**
     * The resolved value of {@code key}.
     *
     * @throws IllegalArgumentException when {@code key} is not one of {@link ConfigKeys#all()}
     */
    @SuppressWarnings("unchecked")
    public <T> T get(ConfigKey<T> key) {
        Object value = values.get(key);
        if (value == null) {
            throw new IllegalArgumentException("key = " + key.name() + " (expected: one of ConfigKeys.all())");
        }
        return (T) value;
    }

    /**
     * Where the value of {@code key} came from ({@code file conf/node.properties}, {@code system properties},
     * {@code environment variable RAFTWIRE_...}, or a {@link ConfigSource#fromMap} name); empty for a default.
     */
    public Optional<String> origin(ConfigKey<?> key) {
        return Optional.ofNullable(origins.get(key));
    }

    /**
     * The serializers accepted inbound: {@link ConfigKeys#SERIALIZER} first, then the names of
     * {@link ConfigKeys#SERIALIZER_ACCEPT} not already listed (unmodifiable, in that order).
     */
    public Set<String> acceptedSerializers() {
        Set<String> names = new LinkedHashSet<>();
        names.add(get(ConfigKeys.SERIALIZER));
        names.addAll(get(ConfigKeys.SERIALIZER_ACCEPT));
        return Collections.unmodifiableSet(names);
    }

    /**
     * Every value that differs from its key's default, as key name to text form, in {@link ConfigKeys#all()} order
     * (unmodifiable). A key set to its default value is not listed.
     */
    public Map<String, String> nonDefaults() {
        Map<String, String> custom = new LinkedHashMap<>();
        for (ConfigKey<?> key : ConfigKeys.all()) {
            if (isCustom(key)) {
                custom.put(key.name(), formatted(key));
            }
        }
        return Collections.unmodifiableMap(custom);
    }

    /**
     * The start-up report: one line per {@link #nonDefaults() non-default} value,
     * {@code key = value (custom) [origin]}; unmodifiable.
     */
    public List<String> report() {
        List<String> lines = new ArrayList<>();
        for (ConfigKey<?> key : ConfigKeys.all()) {
            if (isCustom(key)) {
                lines.add(key.name() + " = " + ConfigKey.quoted(formatted(key)) + " (custom)"
                        + origin(key).map(origin -> " [" + origin + "]").orElse(""));
            }
        }
        return Collections.unmodifiableList(lines);
    }

    /**
     * Logs the {@link #report()} at INFO, one line each (or one line saying every value is a default). Logs only
     * on the first call for this instance, so several components sharing one configuration report it once.
     */
    public void logNonDefaults() {
        if (!logged.compareAndSet(false, true)) {
            return;
        }
        List<String> lines = report();
        if (lines.isEmpty()) {
            LOG.info("raftwire configuration: every value is the default");
        }
        for (String line : lines) {
            LOG.info("{}", line);
        }
    }

    /** {@code RaftwireConfig[key=value, ...]} listing the non-default values only. */
    @Override
    public String toString() {
        return "RaftwireConfig" + nonDefaults().toString().replace('{', '[').replace('}', ']');
    }

    private boolean isCustom(ConfigKey<?> key) {
        return !values.get(key).equals(key.defaultValue());
    }

    private <T> String formatted(ConfigKey<T> key) {
        return key.format(get(key));
    }
}
