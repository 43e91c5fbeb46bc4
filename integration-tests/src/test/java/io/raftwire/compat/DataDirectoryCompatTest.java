package io.raftwire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.raftwire.node.store.FileRaftStore;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Today's store reads the committed data directories of release {@value CompatFixtures#VERSION} (the N-1 fixtures of
 * issue 26), per provider: each member's endpoint, initial members, term and vote, snapshot, log (several segments)
 * and membership restore exactly as {@code expected.properties} records them. A change that makes these directories
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

    @ParameterizedTest
    @MethodSource("providers")
    void eachMembersDirectoryRestoresTheRecordedState(String provider) throws Exception {
        Path folder = CompatFixtures.folder(CompatFixtures.VERSION, provider);
        Map<String, String> expected = CompatFixtures.read(folder.resolve("expected.properties"));
        Map<String, String> actual = new TreeMap<>();
        for (String member : CompatFixtures.MEMBERS) {
            Path copy = tmp.resolve(provider).resolve(member);
            CompatFixtures.copy(folder.resolve("data").resolve(member), copy);
            assertEquals(provider, FileRaftStore.serializerOf(copy).orElseThrow(),
                    "the serializer recorded in " + member + "'s files");
            actual.putAll(CompatFixtures.storeSummary(member, FileRaftStore.restore(copy,
                    CompatFixtures.serializer(provider), CompatFixtures.GROUP).orElseThrow()));
        }
        Map<String, String> recorded = new TreeMap<>(expected);
        recorded.keySet().removeIf(k -> k.startsWith("kv.") || k.equals("appliedIndex"));
        assertEquals(recorded, actual, provider + " fixture " + folder);
    }
}
