package io.raftwire.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * One layer of configuration text: a properties file, a map, the system properties or the environment. A source
 * keeps only the entries under the raftwire prefix ({@code raftwire.} for properties, {@code RAFTWIRE_} for
 * environment variables, both matched ignoring case so that mistyped case is reported rather than ignored),
 * with values trimmed. It is a snapshot: immutable and thread-safe once created.
 *
 * <p><b>Near misses.</b> An entry outside the prefix whose whole name is at most {@value #NEAR_MISS_MAX_EDITS}
 * edits (insertions, deletions or substitutions, ignoring case) from a key name in this source's spelling is taken
 * for a misspelt key ({@code raftwrie.serializer}, {@code raftwire_serializer}, {@code RAFTWIR_PEERS}) and reported
 * as an unknown key with the nearest name, like a misspelt key under the prefix; it is never applied. Any other
 * entry outside the prefix ({@code java.version}, {@code PATH}, an application's own {@code raft.peers}) is ignored,
 * except in a config file ({@link #fromProperties}), which holds raftwire keys only. The few names under the prefix
 * that are not keys ({@link #NOT_KEYS}, such as the launcher's {@code RAFTWIRE_JAVA_OPTS}) are ignored everywhere.
 *
 * <p>Sources are combined by {@link RaftwireConfig#load(ConfigSource...)}, later ones overriding earlier ones.
 * {@link #systemProperties()} and {@link #environment()} are the only places in raftwire that read the process
 * state.
 */
public final class ConfigSource {

    /**
     * Most edits between an entry outside the prefix and a key name for the entry to count as a misspelt key: two
     * covers one transposed pair ({@code raftwrie}) or two wrong, missing or extra characters, while the shortest
     * key ({@code raftwire.peers}, 14 characters) stays far from the names of other software.
     */
    static final int NEAR_MISS_MAX_EDITS = 2;

    /**
     * Names under the prefix that are not configuration keys, so never reported as unknown ones: the variable the
     * {@code raftwire} launcher script passes to the JVM, and the system property that seeds the transport's fault
     * injection ({@code io.raftwire.transport.fault.FaultPlan}). Matched ignoring case, like the prefix.
     */
    static final List<String> NOT_KEYS = List.of("RAFTWIRE_JAVA_OPTS", "raftwire.fault.seed");

    /** What a file saved as "UTF-8 with BOM" starts with; skipped, not read as part of the first key. */
    private static final int BYTE_ORDER_MARK = 0xFEFF;

    private final String name;
    private final boolean environmentNames;
    private final Map<String, String> entries;
    private final Map<String, String> nearMisses;
    private final List<ConfigViolation> problems;

    /**
     * @param onlyRaftwire whether every entry must be a raftwire key (a config file): an entry outside the prefix is
     *                     then reported as unknown however far it is from a key name, instead of ignored
     */
    private ConfigSource(String name, boolean environmentNames, boolean onlyRaftwire, Map<String, String> raw,
            List<ConfigViolation> problems) {
        this.name = Objects.requireNonNull(name, "name");
        this.environmentNames = environmentNames;
        String prefix = environmentNames ? ConfigKey.ENV_PREFIX : ConfigKey.PREFIX;
        List<String> known = spellings(ConfigKeys.all());
        Map<String, String> kept = new LinkedHashMap<>();
        Map<String, String> near = new LinkedHashMap<>();
        raw.forEach((key, value) -> {
            if (NOT_KEYS.stream().anyMatch(key::equalsIgnoreCase)) {
                return;
            }
            if (key.regionMatches(true, 0, prefix, 0, prefix.length())) {
                kept.put(key, Objects.requireNonNull(value, key).trim());
            } else if (onlyRaftwire || distance(key, nearest(key, known)) <= NEAR_MISS_MAX_EDITS) {
                near.put(key, Objects.requireNonNull(value, key).trim());
            }
        });
        this.entries = Collections.unmodifiableMap(kept);
        this.nearMisses = Collections.unmodifiableMap(near);
        this.problems = List.copyOf(problems);
    }

    /**
     * Reads a properties file (UTF-8, {@link Properties} syntax; a leading byte order mark is skipped). A key written
     * twice is a violation reported by {@link RaftwireConfig#load(ConfigSource...)}, not silently "last one wins";
     * so is a key outside the raftwire prefix ({@code tls.enabled}), which a file of raftwire configuration never
     * holds: it is reported with the nearest key name, not ignored.
     *
     * @throws ConfigException when the file cannot be read or is not valid UTF-8, saying which; the cause is kept
     */
    public static ConfigSource fromProperties(Path file) {
        String name = "file " + file;
        Map<String, String> raw = new LinkedHashMap<>();
        List<ConfigViolation> duplicates = new ArrayList<>();
        Properties recorder = new Properties() {
            private static final long serialVersionUID = 1L;

            @Override
            public synchronized Object put(Object key, Object value) {
                String previous = raw.put((String) key, (String) value);
                if (previous != null && ((String) key).toLowerCase(Locale.ROOT).startsWith(ConfigKey.PREFIX)) {
                    duplicates.add(new ConfigViolation((String) key, ((String) value).trim(),
                            "expected: one line per key; also set to " + ConfigKey.quoted(previous.trim()), name));
                }
                return super.put(key, value);
            }
        };
        try (Reader reader = Files.newBufferedReader(file)) {
            reader.mark(1);
            if (reader.read() != BYTE_ORDER_MARK) {
                reader.reset();
            }
            recorder.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            throw new ConfigException("cannot read config " + name + ": " + unreadable(file, e)
                    + " (expected: a readable properties file in UTF-8)", e);
        }
        return new ConfigSource(name, false, true, raw, duplicates);
    }

    /** Why {@code file} could not be read, in words; {@code e} is what reading it threw. */
    private static String unreadable(Path file, Exception e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        } else if (Files.isDirectory(file)) {
            return "it is a directory";
        } else if (e instanceof AccessDeniedException) {
            return "permission denied";
        } else if (e instanceof CharacterCodingException) {
            return "it is not valid UTF-8";
        } else if (e instanceof IllegalArgumentException) {
            return "malformed properties syntax: " + e.getMessage();
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    /**
     * A source from a map of property names ({@code raftwire.serializer}) to values, for tests and for
     * applications with their own configuration system.
     *
     * @param name how violations and the start-up report name this source, for example {@code command line}
     */
    public static ConfigSource fromMap(String name, Map<String, String> values) {
        return new ConfigSource(name, false, false, values, List.of());
    }

    /** A snapshot of the JVM system properties ({@code -Draftwire.serializer=protostuff}) taken now. */
    public static ConfigSource systemProperties() {
        Properties properties = System.getProperties();
        Map<String, String> raw = new LinkedHashMap<>();
        for (String key : properties.stringPropertyNames()) {
            String value = properties.getProperty(key);
            if (value != null) {
                raw.put(key, value);
            }
        }
        return new ConfigSource("system properties", false, false, raw, List.of());
    }

    /** A snapshot of the process environment ({@code RAFTWIRE_SERIALIZER=protostuff}) taken now. */
    public static ConfigSource environment() {
        return environment(System.getenv());
    }

    /**
     * A source reading environment variable names ({@link ConfigKey#envName()}) from {@code variables}; lets tests
     * inject an environment.
     */
    public static ConfigSource environment(Map<String, String> variables) {
        return new ConfigSource("environment", true, false, variables, List.of());
    }

    /** How violations and the start-up report name this source, for example {@code file config/kryo.properties}. */
    public String name() {
        return name;
    }

    /** The trimmed text this source gives {@code key}, if it sets it. */
    public Optional<String> get(ConfigKey<?> key) {
        return Optional.ofNullable(entries.get(spelling(key)));
    }

    /** Every entry under the raftwire prefix, as named in this source, in reading order (unmodifiable). */
    public Map<String, String> entries() {
        return entries;
    }

    @Override
    public String toString() {
        return name + " (" + entries.size() + " raftwire entries)";
    }

    /** Where a value of {@code key} set by this source came from, for messages. */
    String origin(ConfigKey<?> key) {
        return environmentNames ? "environment variable " + key.envName() : name;
    }

    /** Problems found while reading, such as a key written twice in one file. */
    List<ConfigViolation> problems() {
        return problems;
    }

    /**
     * Entries under the prefix naming no key of {@code keys}, then the {@linkplain ConfigSource near misses} outside
     * it, each with the nearest key name in this source's spelling.
     */
    List<ConfigViolation> unknownKeys(List<ConfigKey<?>> keys) {
        List<String> known = spellings(keys);
        List<ConfigViolation> unknown = new ArrayList<>();
        entries.forEach((entry, value) -> {
            if (!known.contains(entry)) {
                unknown.add(unknownKey(entry, value, known));
            }
        });
        nearMisses.forEach((entry, value) -> unknown.add(unknownKey(entry, value, known)));
        return unknown;
    }

    private ConfigViolation unknownKey(String entry, String value, List<String> known) {
        String prefix = environmentNames ? ConfigKey.ENV_PREFIX : ConfigKey.PREFIX;
        String nearest = nearest(entry, known);
        String prefixed = nearest(prefix + entry, known);
        if (distance(prefix + entry, prefixed) == 0) {
            nearest = prefixed; // tls.enabled in a file: the prefix is missing
        } else if (!entry.regionMatches(true, 0, prefix, 0, prefix.length())
                && distance(entry, nearest) > NEAR_MISS_MAX_EDITS) {
            return new ConfigViolation(entry, value, "unknown key; a config file holds raftwire keys only, each"
                    + " beginning " + prefix, name);
        }
        return new ConfigViolation(entry, value, "unknown key; did you mean " + nearest + "?", name);
    }

    private List<String> spellings(List<ConfigKey<?>> keys) {
        List<String> known = new ArrayList<>(keys.size());
        for (ConfigKey<?> key : keys) {
            known.add(spelling(key));
        }
        return known;
    }

    private String spelling(ConfigKey<?> key) {
        return environmentNames ? key.envName() : key.name();
    }

    /** The candidate with the smallest edit distance to {@code text}, ignoring case; the first one on a tie. */
    static String nearest(String text, List<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int distance = distance(text, candidate);
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return best;
    }

    /** The edit distance between {@code a} and {@code b}, ignoring case. */
    static int distance(String a, String b) {
        return editDistance(a.toLowerCase(Locale.ROOT), b.toLowerCase(Locale.ROOT));
    }

    /** Levenshtein distance: insertions, deletions and substitutions, each costing 1. */
    private static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
