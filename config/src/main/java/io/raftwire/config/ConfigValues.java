package io.raftwire.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Typed values set in code, checked by the same rules as a loaded {@link RaftwireConfig}: each value against its key's
 * own {@link ConfigKey#constraint()}, then every rule relating several keys (listed in {@link ConfigKeys}) whose keys
 * are all given here. A component that takes its settings from a builder as well as from a configuration (the
 * transport's {@code TransportSettings}) checks them here, so that no range or rule is written twice; its builder
 * starts from each key's {@link ConfigKey#defaultValue()} for the same reason.
 *
 * <p>Not thread-safe: one instance per check.
 */
public final class ConfigValues {

    private final Map<ConfigKey<?>, Object> values = new LinkedHashMap<>();

    /**
     * Records {@code value} as the value of {@code key}, to be checked by {@link #violations()}.
     *
     * @return {@code value}, so that a field can be assigned and recorded in one statement
     * @throws NullPointerException     if {@code key} or {@code value} is null
     * @throws IllegalArgumentException if {@code key} was given already, or is not one of {@link ConfigKeys#all()}
     */
    public <T> T put(ConfigKey<T> key, T value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, key.name());
        if (!ConfigKeys.all().contains(key)) {
            throw new IllegalArgumentException("key = " + key.name() + " (expected: one of ConfigKeys.all())");
        }
        if (values.putIfAbsent(key, value) != null) {
            throw new IllegalArgumentException("key = " + key.name() + " (expected: given once)");
        }
        return value;
    }

    /**
     * Every value that breaks its key's constraint, in {@link ConfigKeys#all()} order, then every broken rule relating
     * several keys that were all given and passed their own constraints, as a loaded configuration reports them
     * ({@code raftwire.transport.max-frame-bytes = 10 (expected: 1024..1073741824)}, no origin). Empty when all hold.
     */
    public List<ConfigViolation> violations() {
        List<ConfigViolation> violations = new ArrayList<>();
        Set<ConfigKey<?>> valid = new HashSet<>();
        for (ConfigKey<?> key : ConfigKeys.all()) {
            if (values.containsKey(key)) {
                ConfigViolation violation = check(key);
                if (violation == null) {
                    valid.add(key);
                } else {
                    violations.add(violation);
                }
            }
        }
        RaftwireConfig given = new RaftwireConfig(values, Map.of());
        for (ConfigKeys.Relation relation : ConfigKeys.relations()) {
            if (valid.contains(relation.key()) && valid.containsAll(relation.inputs())) {
                ConfigViolation violation = relation.violation(given, "");
                if (violation != null) {
                    violations.add(violation);
                }
            }
        }
        return violations;
    }

    @SuppressWarnings("unchecked")
    private <T> ConfigViolation check(ConfigKey<T> key) {
        T value = (T) values.get(key);
        String failure = key.constraint().check(value);
        return failure == null ? null : new ConfigViolation(key.name(), key.format(value), "expected: " + failure, "");
    }
}
