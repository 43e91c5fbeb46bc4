package io.raftwire.node.store;

import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.model.SnapshotChunkModel;
import io.raftwire.node.model.SnapshotEntryModel;
import io.raftwire.serializer.Serializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.raftwire.node.store.StoreFixtures.B;
import static io.raftwire.node.store.StoreFixtures.MEMBERS;
import static io.raftwire.node.store.StoreFixtures.assertRestored;
import static io.raftwire.node.store.StoreFixtures.chunks;
import static io.raftwire.node.store.StoreFixtures.endpoint;
import static io.raftwire.node.store.StoreFixtures.entries;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pins the disk format with a committed data directory ({@code golden-kryo} in this package's test resources): it
 * restores to the state that wrote it, writing that state again gives the same bytes, and the header and first record
 * of a segment sit at the offsets {@link StoreFormat} documents. A change that fails this test makes existing data
 * directories unreadable. To rewrite the files after a deliberate format change, run this test with
 * {@code -Draftwire.store.writeGolden=<absolute path of the resource directory>}.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
class GoldenFormatTest {

    private static final String GOLDEN = "golden-kryo";
    private static final RaftTermPersistentStateModel TERM = new RaftTermPersistentStateModel(3, B);

    @TempDir
    Path tmp;

    private static List<SnapshotChunkModel> snapshotChunks() {
        return chunks(4, 2, 2);
    }

    /** The state the golden directory holds. */
    private static void write(Path dir) throws IOException {
        // grown segments: a preallocated one holds the same bytes followed by zeros up to its capacity, and whether the
        // first segment is preallocated depends on how fast the background preparer is (PreallocatedSegmentTest)
        try (FileRaftStore store = FileRaftStore.open(dir, serializer("kryo"), StoreFixtures.GROUP,
                StoreOptions.defaults().withPreallocation(false))) {
            store.takeRestoredState();
            store.persistAndFlushLocalEndpoint(endpoint());
            store.persistAndFlushInitialGroupMembers(MEMBERS);
            store.persistAndFlushTerm(TERM);
            store.persistLogEntries(entries(1, 7, 2));
            snapshotChunks().forEach(c -> {
                try {
                    store.persistSnapshotChunk(c);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            store.flush();
            store.persistLogEntries(entries(8, 8, 3));
            store.flush();
        }
    }

    private static Path golden() throws URISyntaxException {
        return Path.of(GoldenFormatTest.class.getResource(GOLDEN).toURI());
    }

    private static List<Path> files(Path dir) throws IOException {
        // the committed directory is one written before schema files existed (a store writes its own at open): its
        // layout is pinned by WriterSchemaTest
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(dir::relativize)
                    .filter(p -> !p.toString().equals("lock") && !p.startsWith(SchemaFile.DIRECTORY)).sorted().toList();
        }
    }

    @Test
    void theCommittedDirectoryRestores() throws Exception {
        String target = System.getProperty("raftwire.store.writeGolden");
        if (target != null) {
            write(Path.of(target));
            Files.deleteIfExists(Path.of(target).resolve("lock"));
        }
        Path copy = tmp.resolve("copy");
        for (Path f : files(golden())) {
            Files.createDirectories(copy.resolve(f).getParent());
            Files.copy(golden().resolve(f), copy.resolve(f), StandardCopyOption.COPY_ATTRIBUTES);
        }
        List<SnapshotChunkModel> chunks = snapshotChunks();
        var after = entries(5, 7, 2);
        after.addAll(entries(8, 8, 3));
        assertRestored(FileRaftStore.restore(copy, serializer("kryo"), StoreFixtures.GROUP, StoreOptions.defaults())
                .orElseThrow(), TERM, new SnapshotEntryModel(4, 2, chunks, chunks.get(0).groupMembersView()), after);
        assertTrue(Files.isRegularFile(SchemaFile.path(copy, serializer("kryo").registry().fingerprint())),
                "a directory written without schema files gets this build's when it opens");
    }

    @Test
    void writingTheSameStateGivesTheSameBytes() throws Exception {
        Path fresh = tmp.resolve("fresh");
        write(fresh);
        List<Path> names = files(golden());
        assertEquals(names, files(fresh));
        for (Path f : names) {
            assertArrayEquals(Files.readAllBytes(golden().resolve(f)), Files.readAllBytes(fresh.resolve(f)),
                    f + " differs from the committed bytes");
        }
    }

    @Test
    void theSegmentHeaderAndFirstRecordAreWhereTheDiagramSays() throws Exception {
        Serializer kryo = serializer("kryo");
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(golden().resolve("log").resolve(LogSegment.fileName(1))));
        assertEquals(0x52575354, b.getInt(0), "magic");
        assertEquals(1, b.getShort(4), "format version");
        assertEquals(1, b.get(5 + 1), "file kind: log segment");
        assertEquals(kryo.id(), b.get(7), "serializer id");
        assertEquals(kryo.fingerprint(), b.getLong(8), "serializer fingerprint");
        assertEquals(StoreFixtures.REGISTRY.fingerprint(), b.getLong(16), "registry fingerprint");
        assertEquals(1, b.getLong(24), "base index");
        int n = b.get(32);
        assertEquals("kryo", new String(b.array(), 33, n, StandardCharsets.US_ASCII));
        int g = b.getShort(33 + n);
        assertEquals(StoreFixtures.GROUP, new String(b.array(), 35 + n, g, StandardCharsets.UTF_8));
        int crcAt = 35 + n + g;
        assertEquals(StoreFormat.crc(b, 0, crcAt), b.getInt(crcAt), "header CRC32C");
        int rec = crcAt + 4;
        int len = b.getInt(rec);
        assertEquals(101, b.getInt(rec + 4), "type id of a log entry");
        assertEquals(StoreFormat.crc(b, rec, 8), b.getInt(rec + 8), "frame CRC32C");
        assertEquals(StoreFormat.crc(b, rec + 16, len), b.getInt(rec + 12), "payload CRC32C");
        byte[] payload = new byte[len];
        b.get(rec + 16, payload);
        io.netty.buffer.ByteBuf buf = io.netty.buffer.Unpooled.wrappedBuffer(payload);
        try {
            assertEquals(entries(1, 1, 2).get(0), kryo.decode(101, buf), "the payload is the serializer's encoding");
        } finally {
            buf.release();
        }
        List<Integer> ids = new ArrayList<>();
        for (int at = rec; at < b.limit(); at += 16 + b.getInt(at)) {
            ids.add(b.getInt(at + 4));
        }
        assertEquals(List.of(101, 101, 101, 101, 101, 101, 101, 101), ids, "8 log entry records fill the segment");
    }
}
