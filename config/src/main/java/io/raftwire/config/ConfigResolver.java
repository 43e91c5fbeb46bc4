package io.raftwire.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns layered sources into a validated {@link RaftwireConfig}: the one place where values are parsed and checked.
 * Every problem is collected before anything is thrown, so one {@link ConfigException} lists them all.
 */
final class ConfigResolver {

    private final List<ConfigSource> sources;
    private final Set<String> installedSerializers;
    private final List<ConfigViolation> violations = new ArrayList<>();
    private final Map<ConfigKey<?>, Object> values = new LinkedHashMap<>();
    private final Map<ConfigKey<?>, String> origins = new LinkedHashMap<>();
    private final Set<ConfigKey<?>> invalid = new HashSet<>();

    private ConfigResolver(List<ConfigSource> sources, Set<String> installedSerializers) {
        this.sources = List.copyOf(sources);
        this.installedSerializers = installedSerializers == null ? null : new TreeSet<>(installedSerializers);
    }

    /**
     * @param sources              lowest precedence first; each overrides the ones before it, all override the
     *                             defaults
     * @param installedSerializers the serializer names the configuration may use, or {@code null} to leave the names
     *                             unchecked
     * @throws ConfigException listing every violation
     */
    static RaftwireConfig resolve(List<ConfigSource> sources, Set<String> installedSerializers) {
        return new ConfigResolver(sources, installedSerializers).resolve();
    }

    private RaftwireConfig resolve() {
        for (ConfigKey<?> key : ConfigKeys.all()) {
            resolveKey(key);
        }
        RaftwireConfig config = new RaftwireConfig(values, origins);
        for (ConfigKeys.Relation relation : ConfigKeys.relations()) {
            checkRelation(config, relation);
        }
        if (installedSerializers != null) {
            checkInstalled(config, ConfigKeys.SERIALIZER, List.of(config.get(ConfigKeys.SERIALIZER)));
            checkInstalled(config, ConfigKeys.SERIALIZER_ACCEPT, config.get(ConfigKeys.SERIALIZER_ACCEPT));
        }
        for (ConfigSource source : sources) {
            violations.addAll(source.problems());
            violations.addAll(source.unknownKeys(ConfigKeys.all()));
        }
        if (!violations.isEmpty()) {
            throw new ConfigException(violations);
        }
        return config;
    }

    private void resolveKey(ConfigKey<?> key) {
        values.put(key, key.defaultValue());
        ConfigSource winner = null;
        String text = null;
        for (ConfigSource source : sources) {
            Optional<String> candidate = source.get(key);
            if (candidate.isPresent()) {
                winner = source;
                text = candidate.get();
            }
        }
        if (winner == null) {
            return;
        }
        try {
            values.put(key, key.convert(text));
            origins.put(key, winner.origin(key));
        } catch (IllegalArgumentException e) {
            invalid.add(key);
            violations.add(new ConfigViolation(key.name(), text, "expected: " + e.getMessage(), winner.origin(key)));
        }
    }

    private void checkRelation(RaftwireConfig config, ConfigKeys.Relation relation) {
        if (invalid.contains(relation.key()) || relation.inputs().stream().anyMatch(invalid::contains)) {
            return;
        }
        ConfigViolation violation = relation.violation(config, origins.getOrDefault(relation.key(), ""));
        if (violation != null) {
            violations.add(violation);
        }
    }

    /** One violation for {@code key} if any of its {@code names} is not installed, naming those that are. */
    private void checkInstalled(RaftwireConfig config, ConfigKey<?> key, List<String> names) {
        if (invalid.contains(key)) {
            return;
        }
        List<String> missing = names.stream().filter(n -> !installedSerializers.contains(n)).toList();
        if (missing.isEmpty()) {
            return;
        }
        String installed = String.join(", ", installedSerializers);
        String expected;
        if (installedSerializers.isEmpty()) {
            expected = "an installed serializer, but none is installed";
        } else if (key == ConfigKeys.SERIALIZER) {
            expected = "one of the installed serializers " + installed;
        } else {
            expected = "names of installed serializers " + installed + "; not installed: " + String.join(", ", missing);
        }
        violations.add(new ConfigViolation(key.name(), formatted(config, key), "expected: " + expected,
                origins.getOrDefault(key, "")));
    }

    private static <T> String formatted(RaftwireConfig config, ConfigKey<T> key) {
        return key.format(config.get(key));
    }
}
