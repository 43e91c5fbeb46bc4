package io.raftwire.bench.disk;

import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Locale;

/**
 * What one {@code FileChannel.force(false)} (fdatasync on Linux) costs after a small write, by how the file was laid
 * out beforehand: the question behind preallocated log segments. Not a test; a standalone runner, run through
 * {@code ../shared/tools/heavy --quiet} on the disk that holds the data directories:
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.raftwire.bench.disk.FsyncProbe [dir=target/fsync-probe] [ops=1500]
 *      [rounds=3] [sizes=64,512,4096] [fill-mib=64]
 * </pre>
 *
 * <p>Layouts, each a fresh file of {@code fill-mib} MiB capacity written at consecutive offsets from 0:
 * <ul>
 * <li>{@code growing}: created empty, every write extends it (the size changes at every fdatasync);</li>
 * <li>{@code setlength}: {@code RandomAccessFile.setLength} to the capacity first (a sparse file on ext4: no blocks);</li>
 * <li>{@code zerofilled}: zeros written to the capacity and forced first (blocks allocated and written);</li>
 * <li>{@code reused}: a file fully written with other bytes and forced before (an old segment written over).</li>
 * </ul>
 * It also times filling {@code fill-mib} MiB of zeros (write, then one force) in a new file and over a written one:
 * what a background preparer pays per segment. Prints Markdown: per layout and write size, p50 and p99 of the force
 * (the write before it is not timed), in microseconds, per round and pooled. Single-threaded; the directory is
 * deleted at the end.
 */
public final class FsyncProbe {

    private static final String[] LAYOUTS = {"growing", "setlength", "zerofilled", "reused"};
    private static final int CHUNK = 1 << 20;

    private final Path dir;
    private final int ops;
    private final long capacity;

    private FsyncProbe(Path dir, int ops, long capacity) {
        this.dir = dir;
        this.ops = ops;
        this.capacity = capacity;
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of("target/fsync-probe");
        int ops = 1500;
        int rounds = 3;
        int[] sizes = {64, 512, 4096};
        long fillMib = 64;
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("argument " + a + " (expected: key=value)");
            }
            String k = a.substring(0, eq);
            String v = a.substring(eq + 1);
            switch (k) {
                case "dir" -> dir = Path.of(v);
                case "ops" -> ops = Integer.parseInt(v);
                case "rounds" -> rounds = Integer.parseInt(v);
                case "sizes" -> sizes = Arrays.stream(v.split(",")).mapToInt(Integer::parseInt).toArray();
                case "fill-mib" -> fillMib = Long.parseLong(v);
                default -> throw new IllegalArgumentException("argument " + k
                        + " (expected: dir, ops, rounds, sizes or fill-mib)");
            }
        }
        Files.createDirectories(dir);
        FsyncProbe p = new FsyncProbe(dir, ops, fillMib << 20);
        for (int size : sizes) {
            if ((long) size * ops > p.capacity) {
                throw new IllegalArgumentException("ops x size = " + (long) size * ops + " bytes (expected: <= "
                        + p.capacity + ", fill-mib)");
            }
        }
        p.run(rounds, sizes, System.out);
    }

    private void run(int rounds, int[] sizes, PrintStream out) throws IOException {
        long[][][] all = new long[LAYOUTS.length][sizes.length][0];
        out.printf(Locale.ROOT, "fdatasync after a write, %d ops per cell, capacity %d MiB, directory %s%n%n", ops,
                capacity >> 20, dir.toAbsolutePath());
        out.println("| round | layout | write B | p50 µs | p99 µs |");
        out.println("|---|---|---|---|---|");
        for (int r = 1; r <= rounds; r++) {
            for (int s = 0; s < sizes.length; s++) {
                for (int l = 0; l < LAYOUTS.length; l++) {
                    long[] nanos = measure(LAYOUTS[l], sizes[s], r);
                    all[l][s] = concat(all[l][s], nanos);
                    out.printf(Locale.ROOT, "| %d | %s | %d | %.0f | %.0f |%n", r, LAYOUTS[l], sizes[s],
                            pct(nanos, 50), pct(nanos, 99));
                }
            }
        }
        out.println();
        out.println("| all rounds | layout | write B | p50 µs | p99 µs |");
        out.println("|---|---|---|---|---|");
        for (int s = 0; s < sizes.length; s++) {
            for (int l = 0; l < LAYOUTS.length; l++) {
                out.printf(Locale.ROOT, "| %d | %s | %d | %.0f | %.0f |%n", rounds, LAYOUTS[l], sizes[s],
                        pct(all[l][s], 50), pct(all[l][s], 99));
            }
        }
        out.println();
        out.println("| round | fill zeros into | ms for " + (capacity >> 20) + " MiB (write + force) |");
        out.println("|---|---|---|");
        for (int r = 1; r <= rounds; r++) {
            Path f = dir.resolve("fill-" + r);
            out.printf(Locale.ROOT, "| %d | new file | %.1f |%n", r, fill(f, (byte) 0) / 1e6);
            fill(f, (byte) 0x5A);
            out.printf(Locale.ROOT, "| %d | written file | %.1f |%n", r, fill(f, (byte) 0) / 1e6);
            Files.delete(f);
        }
        Files.deleteIfExists(dir);
    }

    /** One cell: a fresh file laid out as {@code layout}, then {@link #ops} timed write + force pairs. */
    private long[] measure(String layout, int size, int round) throws IOException {
        Path f = dir.resolve(layout + "-" + size + "-" + round);
        Files.deleteIfExists(f);
        switch (layout) {
            case "growing" -> Files.createFile(f);
            case "setlength" -> {
                try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
                    raf.setLength(capacity);
                    raf.getChannel().force(true);
                }
            }
            case "zerofilled" -> fill(f, (byte) 0);
            case "reused" -> fill(f, (byte) 0x5A);
            default -> throw new IllegalStateException(layout);
        }
        long[] nanos = new long[ops];
        ByteBuffer record = ByteBuffer.allocateDirect(size);
        for (int i = 0; i < size; i++) {
            record.put(i, (byte) (i * 31 + 7));
        }
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
            ch.force(true);
            long at = 0;
            for (int i = 0; i < ops; i++) {
                record.clear();
                while (record.hasRemaining()) {
                    at += ch.write(record, at);
                }
                long t0 = System.nanoTime();
                ch.force(false);
                nanos[i] = System.nanoTime() - t0;
            }
        }
        Files.delete(f);
        return nanos;
    }

    /** Writes {@link #capacity} bytes of {@code b} from offset 0 and forces once; the nanoseconds it took. */
    private long fill(Path f, byte b) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocateDirect(CHUNK);
        for (int i = 0; i < CHUNK; i++) {
            chunk.put(i, b);
        }
        long t0 = System.nanoTime();
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            for (long at = 0; at < capacity; at += CHUNK) {
                chunk.clear();
                while (chunk.hasRemaining()) {
                    ch.write(chunk, at + chunk.position());
                }
            }
            ch.force(false);
        }
        return System.nanoTime() - t0;
    }

    private static long[] concat(long[] a, long[] b) {
        long[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** The {@code p}th percentile (nearest rank), in microseconds. */
    private static double pct(long[] nanos, int p) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        int rank = (int) Math.ceil(p / 100.0 * s.length) - 1;
        return s[Math.max(0, rank)] / 1e3;
    }
}
