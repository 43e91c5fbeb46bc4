package io.raftwire.node.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A simulated page cache over a real directory tree, as a {@link ChannelOpener}: files are written for real (so the
 * store reads back what it wrote), but only what was made durable survives {@link #powerLoss}:
 * <ul>
 * <li>a file's bytes as they were when {@code force} was last called on a channel of that very file (its inode);
 * a file created since the last {@link #reset} and never forced has none;</li>
 * <li>a directory's names (which file each name is) as they were when {@code force} was last called on a channel of
 * that directory; a directory never forced since the last reset keeps the names it had then.</li>
 * </ul>
 * On a power loss every directory gets back its durable names, each file its durable bytes, and, if asked for, a
 * random part of what was written since in file order (a torn write: the disk wrote some of the cache's pages
 * before the power went). Directories themselves are taken as durable once they exist. Thread-safe.
 */
final class PageCacheDisk implements ChannelOpener {

    /**
     * A file's identity across renames: its inode, and which file had it (the file system reuses the numbers of
     * deleted files).
     */
    private record Inode(Object key, long generation) {
    }

    private final Path root;
    private final Map<Object, Inode> live = new HashMap<>();
    private long generations;
    private final Map<Inode, byte[]> durableBytes = new HashMap<>();
    private final Map<Path, Map<String, Inode>> durableNames = new HashMap<>();
    private int forces;
    private boolean powerCut;

    /** Simulates the disk under {@code root}, all of whose present content is taken as durable. */
    PageCacheDisk(Path root) throws IOException {
        this.root = root;
        reset();
    }

    /** How many times a file or directory was forced through this disk. */
    synchronized int forces() {
        return forces;
    }

    /**
     * The power goes now: from here on a force makes nothing durable (and is not counted), until
     * {@link #powerLoss} puts the disk back to what was durable at this moment.
     */
    synchronized void cutPower() {
        powerCut = true;
    }

    /** Takes everything now on disk as durable (as after a reboot). */
    synchronized void reset() throws IOException {
        powerCut = false;
        durableBytes.clear();
        durableNames.clear();
        live.clear();
        for (Path dir : directories()) {
            Map<String, Inode> names = names(dir);
            durableNames.put(dir, names);
            for (Map.Entry<String, Inode> e : names.entrySet()) {
                durableBytes.put(e.getValue(), Files.readAllBytes(dir.resolve(e.getKey())));
            }
        }
    }

    @Override
    public synchronized FileChannel open(Path path, OpenOption... options) throws IOException {
        boolean existed = Files.exists(path);
        FileChannel real = FileChannel.open(path, options);
        if (Files.isDirectory(path)) {
            return new Forced(real, () -> forced(path.toAbsolutePath().normalize()));
        }
        Object key = fileKey(path);
        Inode inode = existed ? live.computeIfAbsent(key, this::fresh) : fresh(key);
        live.put(key, inode);
        durableBytes.putIfAbsent(inode, new byte[0]); // new since the last reset: nothing of it is durable yet
        return new Forced(real, () -> forced(inode, path));
    }

    /**
     * Cuts the power: every directory under the root is set back to its durable names, every file to its durable
     * bytes, plus, when {@code torn}, a random number of the bytes written since (in file order). Channels still open
     * must have been closed first (the store's {@code close()} forces nothing). Then {@link #reset()}s.
     *
     * @return a line per file that lost or kept unforced bytes, for a failure message
     */
    synchronized List<String> powerLoss(Random random, boolean torn) throws IOException {
        List<String> log = new ArrayList<>();
        for (Path dir : directories()) {
            Map<String, Inode> now = names(dir);
            Map<Inode, Path> where = new HashMap<>();
            now.forEach((name, inode) -> where.put(inode, dir.resolve(name)));
            Map<String, byte[]> after = new TreeMap<>();
            for (Map.Entry<String, Inode> e : durableNames.getOrDefault(dir, Map.of()).entrySet()) {
                Path current = where.get(e.getValue());
                byte[] cached = current == null ? null : Files.readAllBytes(current);
                byte[] durable = durableBytes.get(e.getValue());
                if (durable == null) {
                    durable = cached; // not written through this disk since the reset: unchanged
                }
                if (durable == null) {
                    continue;
                }
                byte[] kept = torn && cached != null ? tear(durable, cached, random) : durable;
                if (cached == null || !Arrays.equals(kept, cached)) {
                    String was = cached == null ? "deleted" : cached.length + " B cached";
                    log.add(root.relativize(dir.resolve(e.getKey())) + ": " + was + " -> " + kept.length
                            + " B after the power loss");
                }
                after.put(e.getKey(), kept);
            }
            for (String name : now.keySet()) {
                if (!after.containsKey(name)) {
                    log.add(root.relativize(dir.resolve(name)) + ": name not durable, gone");
                }
                Files.delete(dir.resolve(name));
            }
            for (Map.Entry<String, byte[]> e : after.entrySet()) {
                Files.write(dir.resolve(e.getKey()), e.getValue());
            }
        }
        reset();
        return log;
    }

    /** The durable bytes with the cached ones over them up to a random point after where they first differ. */
    private static byte[] tear(byte[] durable, byte[] cached, Random random) {
        int same = 0;
        while (same < durable.length && same < cached.length && durable[same] == cached[same]) {
            same++;
        }
        int upTo = same + random.nextInt(cached.length - same + 1);
        byte[] kept = Arrays.copyOf(cached, Math.max(upTo, durable.length));
        if (durable.length > upTo) {
            System.arraycopy(durable, upTo, kept, upTo, durable.length - upTo);
        }
        return kept;
    }

    /** Records the bytes of the file behind a forced channel, found by the name it was opened with. */
    private synchronized void forced(Inode inode, Path openedAs) throws IOException {
        if (powerCut) {
            return;
        }
        forces++;
        if (!Files.isRegularFile(openedAs) || live.get(fileKey(openedAs)) != inode) {
            throw new IllegalStateException(openedAs + " was renamed or deleted before its channel was forced (the"
                    + " store forces a file before it renames it; this simulation follows a file by its name)");
        }
        durableBytes.put(inode, Files.readAllBytes(openedAs));
    }

    private synchronized void forced(Path dir) throws IOException {
        if (powerCut) {
            return;
        }
        forces++;
        durableNames.put(dir, names(dir));
    }

    private List<Path> directories() throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(Files::isDirectory).map(p -> p.toAbsolutePath().normalize()).toList();
        }
    }

    private Map<String, Inode> names(Path dir) throws IOException {
        Map<String, Inode> names = new TreeMap<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, Files::isRegularFile)) {
            for (Path p : ds) {
                names.put(p.getFileName().toString(), live.computeIfAbsent(fileKey(p), this::fresh));
            }
        }
        return names;
    }

    private Inode fresh(Object key) {
        return new Inode(key, ++generations);
    }

    private static Object fileKey(Path file) throws IOException {
        Object key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        if (key == null) {
            throw new IOException("no file key for " + file + " (expected: a file system with inodes, as on Linux)");
        }
        return key;
    }

    /** What {@code force} records. */
    @FunctionalInterface
    private interface OnForce {
        void run() throws IOException;
    }

    /** A real channel whose {@code force} records what became durable instead of calling fsync. */
    private static final class Forced extends FileChannel {
        private final FileChannel real;
        private final OnForce onForce;

        Forced(FileChannel real, OnForce onForce) {
            this.real = real;
            this.onForce = onForce;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            if (!isOpen()) {
                throw new java.nio.channels.ClosedChannelException();
            }
            onForce.run();
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return real.read(dst);
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            return real.read(dsts, offset, length);
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            return real.write(src);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            return real.write(srcs, offset, length);
        }

        @Override
        public long position() throws IOException {
            return real.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            real.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return real.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            real.truncate(size);
            return this;
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
            return real.transferTo(position, count, target);
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
            return real.transferFrom(src, position, count);
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return real.read(dst, position);
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            return real.write(src, position);
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
            throw new UnsupportedOperationException("mapped writes would bypass the simulated page cache");
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) throws IOException {
            return real.lock(position, size, shared);
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return real.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            real.close();
        }
    }
}
