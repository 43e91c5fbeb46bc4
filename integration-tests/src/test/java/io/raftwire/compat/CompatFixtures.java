package io.raftwire.compat;

import io.microraft.model.log.LogEntry;
import io.microraft.model.log.RaftGroupMembersView;
import io.microraft.model.log.SnapshotChunk;
import io.microraft.model.log.SnapshotEntry;
import io.microraft.model.persistence.RaftEndpointPersistentState;
import io.microraft.model.persistence.RaftTermPersistentState;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.message.log.OperationEntry;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.node.KvNodes;
import io.raftwire.node.kv.KvEntry;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.model.UpdateRaftGroupMembersOpModel;
import io.raftwire.node.store.LevelFile;
import io.raftwire.node.store.SchemaFileAccess;
import io.raftwire.node.store.StoreOptions;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.schema.Schema;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The N-1 fixtures of issue 26: what the committed data directories of one release hold, in a form that can be
 * written next to them ({@code expected.properties}) and compared exactly with what today's code reads back.
 *
 * <p>A fixture version folder is {@code src/test/resources/compat/<version>/<provider>/}: {@code data/<member>/} (the
 * data directories), {@code expected.properties} (the state they hold) and {@code frames/} (golden frames). Stateless.
 */
final class CompatFixtures {

    /** The release whose fixtures are committed; a later release adds a folder, never rewrites this one. */
    static final String VERSION = "0.1.0";
    /**
     * The folder of the build that records feature levels (issue 26 steps 4, 6, 7): its directories hold
     * {@code level.state}, {@code schema/<fp>.schema}, level-tagged operations and a snapshot carrying the levels.
     */
    static final String LEVELS_VERSION = "0.2.0-levels";
    /** Every committed folder the reading tests read, oldest first. */
    static final List<String> VERSIONS = List.of(VERSION, LEVELS_VERSION);
    /** Every provider a fixture is written with. */
    static final List<String> PROVIDERS = List.of("kryo", "protostuff", "jdk", "fory");
    /** The Raft group id (raftwire.cluster.id) the fixture directories were written for: their headers name it. */
    static final String GROUP = "compat";
    /** The members whose directories are kept: node-4 was removed from the group by the workload. */
    static final List<String> MEMBERS = List.of("node-1", "node-2", "node-3");

    private CompatFixtures() {
    }

    /** The committed folder of {@code version} and {@code provider} (on the test class path). */
    static Path folder(String version, String provider) {
        String name = "/compat/" + version + "/" + provider;
        URL url = CompatFixtures.class.getResource(name);
        if (url == null) {
            throw new IllegalStateException("no fixture folder " + name + " on the test class path (expected: "
                    + "integration-tests/src/test/resources" + name + ")");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A serializer of {@code provider} over the KV node's registry, with default options. */
    static Serializer serializer(String provider) {
        return Serializers.create(provider, KvNodes.registry(), SerializerOptions.defaults());
    }

    /** Copies the directory tree {@code from} to {@code to} (created), so a test never changes a committed file. */
    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /**
     * What a member's directory holds, as {@code <member>.<what>} lines: endpoint, initial members, term and vote,
     * snapshot (index, term, chunk count, members), log (first and last index, entry terms, operation types) and the
     * membership in force at the end of the log.
     */
    static Map<String, String> storeSummary(String member, RestoredRaftState s) {
        Map<String, String> m = new TreeMap<>();
        RaftEndpointPersistentState endpoint = s.getLocalEndpointPersistentState();
        m.put(member + ".endpoint", endpoint.getLocalEndpoint().getId() + (endpoint.isVoting() ? " voting" : " learner"));
        m.put(member + ".initialMembers", members(s.getInitialGroupMembers()));
        RaftTermPersistentState term = s.getTermPersistentState();
        m.put(member + ".term", String.valueOf(term.getTerm()));
        m.put(member + ".votedFor", term.getVotedFor() == null ? "-" : String.valueOf(term.getVotedFor().getId()));
        SnapshotEntry snapshot = s.getSnapshotEntry();
        String membership = members(s.getInitialGroupMembers());
        if (snapshot != null) {
            m.put(member + ".snapshot", "index " + snapshot.getIndex() + ", term " + snapshot.getTerm() + ", "
                    + snapshot.getSnapshotChunkCount() + " chunks");
            membership = members(snapshot.getGroupMembersView());
        } else {
            m.put(member + ".snapshot", "-");
        }
        List<LogEntry> log = s.getLogEntries();
        m.put(member + ".log", log.isEmpty() ? "-" : "indexes " + log.get(0).getIndex() + ".."
                + log.get(log.size() - 1).getIndex() + ", terms " + log.stream().map(e -> String.valueOf(e.getTerm()))
                .distinct().collect(Collectors.joining(",")));
        Map<String, Integer> ops = new TreeMap<>();
        for (LogEntry e : log) {
            ops.merge(e.getOperation().getClass().getSimpleName(), 1, Integer::sum);
            if (e.getOperation() instanceof UpdateRaftGroupMembersOpModel u) {
                membership = ids(u.getMembers()) + " (voting " + ids(u.getVotingMembers()) + ")";
            }
        }
        m.put(member + ".logOperations", ops.toString());
        m.put(member + ".membership", membership);
        return m;
    }

    private static String members(RaftGroupMembersView view) {
        return ids(view.getMembers()) + " (voting " + ids(view.getVotingMembers()) + ")";
    }

    private static String ids(Collection<? extends io.microraft.RaftEndpoint> endpoints) {
        return endpoints.stream().map(e -> String.valueOf(e.getId())).sorted().collect(Collectors.joining(","));
    }

    /**
     * The key-value state, as {@code kv.<key>} lines ({@code <value in hex>@<version>}, the value {@code -} when
     * empty) and {@code kv.count}; to be called on the member's Raft thread.
     */
    static Map<String, String> kvSummary(KvStateMachine sm, Collection<String> keys) {
        Map<String, String> m = new TreeMap<>();
        for (String key : keys) {
            KvEntry e = sm.entry(key);
            if (e != null) {
                byte[] v = e.value();
                m.put("kv." + key, (v.length == 0 ? "-" : HexFormat.of().formatHex(v)) + "@" + e.version());
            }
        }
        m.put("kv.count", String.valueOf(sm.keyCount()));
        return m;
    }

    /** Whether the folder of {@code version} records feature levels (its expectations hold {@code level.*}). */
    static boolean recordsLevels(String version) {
        return LEVELS_VERSION.equals(version);
    }

    /**
     * The group's feature levels as {@code level.*} lines: {@code level.current} (0 if none) and {@code level.history}
     * ({@link #describe}).
     */
    static Map<String, String> levelSummary(FeatureLevels levels) {
        Map<String, String> m = new TreeMap<>();
        m.put("level.current", String.valueOf(levels.currentLevel()));
        m.put("level.history", describe(levels));
        return m;
    }

    /** A history as {@code <level>:<16 hex digits of its schema digest>}, comma-separated; {@code -} if none. */
    static String describe(FeatureLevels levels) {
        if (levels.levels().isEmpty()) {
            return "-";
        }
        return levels.levels().stream().map(l -> l.level() + ":" + HexFormat.of().toHexDigits(l.digest()))
                .collect(Collectors.joining(","));
    }

    /**
     * What a member's directory holds of feature levels, as {@code <member>.<what>} lines: {@code levelState} (the
     * history {@code level.state} reads to, through the store's {@link LevelFile}), {@code schemaFiles} (each file
     * under {@code schema/}, read through the store's reader: name, digest, type count), {@code snapshotLevels} (the
     * history the snapshot's level chunk carries) and {@code logOperationIds} (the operation ids of the log's
     * entries, level suffix included, with their counts).
     */
    static Map<String, String> memberLevelSummary(String member, Path dir, Serializer serializer, RestoredRaftState s)
            throws IOException {
        Map<String, String> m = new TreeMap<>();
        m.put(member + ".levelState", describe(new LevelFile(dir, serializer, GROUP, StoreOptions.defaults().syncer())
                .read()));
        List<String> schemas = new ArrayList<>();
        Path schemaDir = dir.resolve(SchemaFileAccess.DIRECTORY);
        if (Files.isDirectory(schemaDir)) {
            try (Stream<Path> files = Files.list(schemaDir)) {
                for (Path f : files.sorted().toList()) {
                    String name = f.getFileName().toString();
                    if (!name.endsWith(SchemaFileAccess.SUFFIX)) {
                        schemas.add(name + " (not a schema file)");
                        continue;
                    }
                    long fingerprint = HexFormat.fromHexDigitsToLong(name.substring(0,
                            name.length() - SchemaFileAccess.SUFFIX.length()));
                    Schema schema = SchemaFileAccess.read(dir, fingerprint);
                    schemas.add(name + " digest " + HexFormat.of().toHexDigits(schema.digest()) + ", "
                            + schema.types().size() + " types");
                }
            }
        }
        m.put(member + ".schemaFiles", schemas.isEmpty() ? "-" : String.join("; ", schemas));
        String snapshotLevels = "-";
        SnapshotEntry snapshot = s.getSnapshotEntry();
        if (snapshot != null) {
            for (Object chunk : (List<?>) snapshot.getOperation()) {
                Object op = ((SnapshotChunk) chunk).getOperation();
                if (LevelOperations.isRecord(op)) {
                    snapshotLevels = describe(FeatureLevels.fromBytes(((PrimitiveOperation) op).value()));
                }
            }
        }
        m.put(member + ".snapshotLevels", snapshotLevels);
        Map<String, Integer> ids = new TreeMap<>();
        for (LogEntry e : s.getLogEntries()) {
            Object op = e.getOperation();
            if (op instanceof OperationEntry o) {
                ids.merge(o.operation().id().id(), 1, Integer::sum);
            } else if (op instanceof PrimitiveOperation p) {
                ids.merge(p.id().id(), 1, Integer::sum);
            }
        }
        m.put(member + ".logOperationIds", ids.toString());
        return m;
    }

    /** Feature level 1 of the KV node's registry: what a cluster of this build records first. */
    static FeatureLevels levelOne() {
        return FeatureLevels.NONE.raisedTo(new FeatureLevel(1, KvNodes.registry().schema()));
    }

    /** Reads an {@code expected.properties} file. */
    static Map<String, String> read(Path file) throws IOException {
        Properties p = new Properties();
        p.load(new StringReader(Files.readString(file, StandardCharsets.UTF_8)));
        Map<String, String> m = new TreeMap<>();
        p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k)));
        return m;
    }

    /** Writes {@code values} sorted, in UTF-8, after the comment lines {@code header}. */
    static void write(Path file, List<String> header, Map<String, String> values) throws IOException {
        List<String> lines = new ArrayList<>();
        header.forEach(h -> lines.add("# " + h));
        for (Map.Entry<String, String> e : new TreeMap<>(values).entrySet()) {
            Properties one = new Properties();
            one.setProperty(e.getKey(), e.getValue());
            ByteArrayOutputStream w = new ByteArrayOutputStream();
            one.store(w, null); // to a stream: every character above 0x7e escaped as \\uXXXX, so the file is ASCII
            // Properties.store writes a date comment first, then the escaped line
            lines.add(w.toString(StandardCharsets.ISO_8859_1).lines().filter(l -> !l.startsWith("#")).findFirst().orElseThrow());
        }
        Files.write(file, lines, StandardCharsets.US_ASCII);
    }

    /** The entries of {@code all} whose key starts with {@code prefix}. */
    static Map<String, String> only(Map<String, String> all, String prefix) {
        Map<String, String> m = new LinkedHashMap<>();
        all.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                m.put(k, v);
            }
        });
        return m;
    }

    /** The keys the workload of {@link CompatFixtureWriter} writes, in the order it writes them. */
    static List<String> workloadKeys() {
        List<String> keys = new ArrayList<>(List.of(ALPHA, NON_ASCII, EMPTY, GONE));
        for (int i = 0; i < BEFORE_SNAPSHOT; i++) {
            keys.add(String.format("k%02d", i));
        }
        for (int i = 0; i < AFTER_SNAPSHOT; i++) {
            keys.add(String.format("after%02d", i));
        }
        return keys;
    }

    static final String ALPHA = "alpha";
    /** A key of non-ASCII text (German, Cyrillic, CJK, an emoji outside the BMP). */
    static final String NON_ASCII = "grüße/ключ/键/\uD83D\uDE80";
    static final String EMPTY = "empty";
    static final String GONE = "gone";
    /** Puts before node-4 leaves: with the first operations they pass index 30, where the snapshot is taken. */
    static final int BEFORE_SNAPSHOT = 25;
    /** Puts after node-4 left: they stay in the log (several segments), below the next snapshot at index 60. */
    static final int AFTER_SNAPSHOT = 15;
    /** raftwire.raft.snapshot-interval of the writing cluster. */
    static final int SNAPSHOT_INTERVAL = 30;
    /** The text every value of the bulk puts ends with, so that a few dozen entries fill a segment. */
    static final String PADDING = " ".repeat(8) + "padding so that a few dozen log entries fill a 4 KiB segment";
    /** The writer's log segment size: the smallest the store accepts, so the log spans several segments. */
    static final long SEGMENT_BYTES = 4096;
}
