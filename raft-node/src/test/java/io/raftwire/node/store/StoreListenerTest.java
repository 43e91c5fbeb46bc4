package io.raftwire.node.store;

import static io.raftwire.node.store.StoreFixtures.GROUP;
import static io.raftwire.node.store.StoreFixtures.chunks;
import static io.raftwire.node.store.StoreFixtures.entries;
import static io.raftwire.node.store.StoreFixtures.initialise;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** What a {@link FileRaftStore} tells its {@link StoreListener}: the seam the node's store meters hang on. */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(30)
class StoreListenerTest {

    @TempDir
    Path dir;

    /** Records every call. */
    private static final class Recorder implements StoreListener {
        final List<Long> forces = new ArrayList<>();
        final List<Integer> appends = new ArrayList<>();
        final List<Integer> segments = new ArrayList<>();
        final List<String> chunks = new ArrayList<>();

        @Override
        public void onForce(long nanos) {
            forces.add(nanos);
        }

        @Override
        public void onAppend(int bytes) {
            appends.add(bytes);
        }

        @Override
        public void onSegments(int count) {
            segments.add(count);
        }

        @Override
        public void onSnapshotChunk(long index, int bytes) {
            chunks.add(index + ":" + (bytes > 0));
        }
    }

    @Test
    void everyFsyncAppendSegmentChangeAndSnapshotChunkIsTold() throws IOException {
        Recorder told = new Recorder();
        StoreFixtures.CountingSyncer syncer = new StoreFixtures.CountingSyncer();
        StoreOptions options = StoreOptions.defaults().withSegmentBytes(StoreOptions.MIN_SEGMENT_BYTES)
                .withPreallocation(false) // appended bytes are compared with the files' sizes
                .withSyncer(syncer);
        try (FileRaftStore store = FileRaftStore.open(dir, serializer("kryo"), GROUP, options, told)) {
            assertEquals(List.of(0), told.segments, "an empty log has no segment");
            store.takeRestoredState();
            initialise(store);
            for (int i = 0; i < 20; i++) {
                store.persistLogEntries(entries(i * 10L + 1, i * 10L + 10, 1));
            }
            store.flush();
            int header = FileHeader.of(FileKind.LOG_SEGMENT, 1, serializer("kryo"), GROUP).length();
            assertEquals(segmentBytes(header), told.appends.stream().mapToLong(Integer::longValue).sum(),
                    "appended bytes are the segments' bytes after their " + header + "-byte headers");
            chunks(200, 1, 2).forEach(c -> {
                try {
                    store.persistSnapshotChunk(c);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            store.flush();
            store.truncateLogEntriesUntil(200);
            store.flush();

            assertEquals(syncer.total(), told.forces.size(), "one onForce per fsync");
            assertTrue(told.forces.stream().allMatch(n -> n >= 0), told.forces.toString());
            assertEquals(20, told.appends.size());
            int most = told.segments.stream().mapToInt(Integer::intValue).max().orElseThrow();
            assertTrue(most > 1, "4 KiB segments roll over: " + told.segments);
            assertEquals(segmentFiles(), told.segments.get(told.segments.size() - 1),
                    "the last count told is the segment files left after the truncation: " + told.segments);
            assertEquals(List.of("200:true", "200:true"), told.chunks);
        }
    }

    private long segmentBytes(int header) throws IOException {
        long sum = 0;
        try (Stream<Path> files = Files.list(dir.resolve(FileRaftStore.LOG_DIR))) {
            for (Path p : files.toList()) {
                sum += Files.size(p) - header;
            }
        }
        return sum;
    }

    private int segmentFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve(FileRaftStore.LOG_DIR))) {
            return (int) files.filter(p -> !p.getFileName().toString().endsWith(".tmp")).count();
        }
    }
}
