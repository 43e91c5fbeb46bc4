package io.raftwire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.microraft.persistence.RestoredRaftState;
import io.raftwire.node.KvNodes;

import io.raftwire.node.store.FileRaftStore;
import io.raftwire.node.store.SchemaFileAccess;
import io.raftwire.serializer.Serializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Today's store reads the committed data directories of every fixture folder ({@link CompatFixtures#VERSIONS}: release
 * {@value CompatFixtures#VERSION} and {@value CompatFixtures#LEVELS_VERSION}, the N-1 fixtures of issue 26), per
 * provider: each member's endpoint, initial members, term and vote, snapshot, log (several segments)
 * and membership restore exactly as {@code expected.properties} records them; in the levels folder also each member's {@code
 * level.state}, schema files, the snapshot's level chunk and the log's operation ids. A change that makes these directories
 * unreadable fails here; {@code DataDirectoryCompatIT} restarts whole members from them.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
class DataDirectoryCompatTest {

    @TempDir
    Path tmp;

    static Iterable<String> providers() {
        return CompatFixtures.PROVIDERS;
    }

    static Stream<Arguments> folders() {
        return CompatFixtures.VERSIONS.stream().flatMap(v -> CompatFixtures.PROVIDERS.stream()
                .map(p -> Arguments.of(v, p)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("folders")
    void eachMembersDirectoryRestoresTheRecordedState(String version, String provider) throws Exception {
        Path folder = CompatFixtures.folder(version, provider);
        Map<String, String> expected = CompatFixtures.read(folder.resolve("expected.properties"));
        Map<String, String> actual = new TreeMap<>();
        for (String member : CompatFixtures.MEMBERS) {
            Path copy = tmp.resolve(provider).resolve(member);
            CompatFixtures.copy(folder.resolve("data").resolve(member), copy);
            assertEquals(provider, FileRaftStore.serializerOf(copy).orElseThrow(),
                    "the serializer recorded in " + member + "'s files");
            Serializer serializer = CompatFixtures.serializer(provider);
            RestoredRaftState restored = FileRaftStore.restore(copy, serializer, CompatFixtures.GROUP).orElseThrow();
            actual.putAll(CompatFixtures.storeSummary(member, restored));
            if (CompatFixtures.recordsLevels(version)) {
                actual.putAll(CompatFixtures.memberLevelSummary(member, copy, serializer, restored));
            }
        }
        Map<String, String> recorded = new TreeMap<>(expected);
        recorded.keySet().removeIf(k -> k.startsWith("kv.") || k.startsWith("level.") || k.equals("appliedIndex"));
        assertEquals(recorded, actual, provider + " fixture " + folder);
    }

    /**
     * The levels folder holds what this build adds, on every member: level.state reads to the group's recorded
     * history, the snapshot carries it, the one schema file is this registry's and reads to its schema, and the log
     * holds operations tagged with level 1. (The exact lines are compared above; this says what they must mean, so a
     * fixture written without levels could not pass.)
     */
    @ParameterizedTest
    @MethodSource("providers")
    void theLevelsFolderRecordsLevelOneOnEveryMember(String provider) throws Exception {
        Path folder = CompatFixtures.folder(CompatFixtures.LEVELS_VERSION, provider);
        Map<String, String> expected = CompatFixtures.read(folder.resolve("expected.properties"));
        String history = CompatFixtures.describe(CompatFixtures.levelOne());
        assertEquals(history, expected.get("level.history"), "the group's recorded levels (level.history)");
        String schemaFile = HexFormat.of().toHexDigits(KvNodes.registry().fingerprint()) + SchemaFileAccess.SUFFIX;
        for (String member : CompatFixtures.MEMBERS) {
            Path copy = tmp.resolve(provider).resolve(member);
            CompatFixtures.copy(folder.resolve("data").resolve(member), copy);
            Serializer serializer = CompatFixtures.serializer(provider);
            Map<String, String> m = CompatFixtures.memberLevelSummary(member, copy, serializer,
                    FileRaftStore.restore(copy, serializer, CompatFixtures.GROUP).orElseThrow());
            assertEquals(history, m.get(member + ".levelState"), member + "'s level.state");
            assertEquals(history, m.get(member + ".snapshotLevels"), member + "'s snapshot's level chunk");
            assertEquals(schemaFile + " digest " + HexFormat.of().toHexDigits(KvNodes.registry().schema().digest())
                    + ", " + KvNodes.registry().schema().types().size() + " types", m.get(member + ".schemaFiles"),
                    member + "'s schema/ (expected: the one file of this registry, holding its schema)");
            assertTrue(m.get(member + ".logOperationIds").matches(".*@" + provider + "/1=\\d+.*"),
                    () -> member + "'s log operations " + m.get(member + ".logOperationIds")
                            + " (expected: operations tagged with level 1, <type id>@" + provider + "/1)");
        }
    }
}
