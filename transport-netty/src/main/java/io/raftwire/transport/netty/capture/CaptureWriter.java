package io.raftwire.transport.netty.capture;

import io.netty.buffer.ByteBuf;
import io.raftwire.transport.netty.capture.CaptureRecord.Direction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.HexFormat;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Writes captured frames to a file in the {@link CaptureFormat} layout, from any number of threads, without making
 * them wait for the disk.
 *
 * <p><b>Threading and cost to the caller.</b> {@link #offerFrame} and {@link #offerStrippedFrame} are thread-safe and
 * never block: they copy the frame into a new array (one copy, proportional to the frame size), append it to an
 * in-memory queue and return. One daemon thread of the writer drains the queue into a buffered file stream (64 KiB)
 * and flushes whenever the queue runs empty, so the file is readable moments after the traffic. An event loop
 * therefore pays a copy per captured frame and nothing else.
 *
 * <p><b>Bounds.</b> The file never grows past {@code maxFileBytes}, header included: a record that would cross the
 * limit is dropped, and so is every later one (the file keeps the start of the traffic, and a warning is logged once).
 * Records waiting for the disk never hold more than {@code maxPendingBytes}: when the disk falls behind, new records
 * are dropped rather than queued without bound. Drops are counted ({@link #dropped()}); the file stays well-formed.
 *
 * <p><b>Buffers.</b> The offer methods never take ownership of the {@link ByteBuf} they are given and never keep a
 * reference to it; they read its readable bytes without moving its indexes.
 */
public final class CaptureWriter implements Closeable {

    /** Default {@code maxFileBytes}: 256 MiB. */
    public static final long DEFAULT_MAX_FILE_BYTES = 256L * 1024 * 1024;
    /** Default {@code maxPendingBytes}: 16 MiB. */
    public static final long DEFAULT_MAX_PENDING_BYTES = 16L * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(CaptureWriter.class);
    private static final byte[] END = new byte[0];
    private static final long CLOSE_WAIT_SECONDS = 10;

    private final Path path;
    private final long maxFileBytes;
    private final long maxPendingBytes;
    private final LongSupplier clockMicros;
    private final OutputStream out;
    private final LinkedBlockingQueue<byte[]> queue = new LinkedBlockingQueue<>();
    private final AtomicLong fileBytes = new AtomicLong(CaptureFormat.HEADER_BYTES);
    private final AtomicLong pendingBytes = new AtomicLong();
    private final LongAdder recorded = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    private final Thread drainer;
    private volatile boolean closed;
    private volatile boolean full;
    private volatile IOException failure;

    private CaptureWriter(Path path, long maxFileBytes, long maxPendingBytes, LongSupplier clockMicros)
            throws IOException {
        if (maxFileBytes < CaptureFormat.HEADER_BYTES) {
            throw new IllegalArgumentException("maxFileBytes = " + maxFileBytes + " (expected: >= "
                    + CaptureFormat.HEADER_BYTES + ")");
        }
        if (maxPendingBytes < 1) {
            throw new IllegalArgumentException("maxPendingBytes = " + maxPendingBytes + " (expected: >= 1)");
        }
        this.path = path;
        this.maxFileBytes = maxFileBytes;
        this.maxPendingBytes = maxPendingBytes;
        this.clockMicros = clockMicros;
        this.out = new BufferedOutputStream(Channels.newOutputStream(lockedAndEmptied(path)), 64 * 1024);
        ByteBuffer header = ByteBuffer.allocate(CaptureFormat.HEADER_BYTES);
        header.putInt(CaptureFormat.MAGIC).put((byte) CaptureFormat.VERSION);
        try {
            out.write(header.array());
            out.flush();
        } catch (IOException e) {
            out.close(); // and the lock with it
            throw e;
        }
        this.drainer = new Thread(this::drain, "raftwire-capture-writer");
        drainer.setDaemon(true);
        drainer.start();
    }

    /**
     * Opens {@code path} for writing, takes an exclusive lock on it and only then empties it: a second writer on the
     * same file (another transport of this process, another process) is refused instead of truncating the first
     * one's records and interleaving its own with them, and so is a file that holds anything but an earlier capture
     * (a store or config file named by mistake is left as it was). The lock goes with the channel when the stream is
     * closed.
     */
    private static FileChannel lockedAndEmptied(Path path) throws IOException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // held by another channel of this JVM
            }
            if (lock == null) {
                throw new CaptureFileInUseException(path);
            }
            requireEmptyOrCapture(channel, path);
            channel.truncate(0);
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Refuses a non-empty file that does not start with the capture magic (read apart: {@code channel} writes). */
    private static void requireEmptyOrCapture(FileChannel channel, Path path) throws IOException {
        long size = channel.size();
        if (size == 0) {
            return;
        }
        ByteBuffer start = ByteBuffer.allocate(Integer.BYTES);
        try (FileChannel reader = FileChannel.open(path, StandardOpenOption.READ)) {
            while (start.hasRemaining() && reader.read(start, start.position()) > 0) {
                // a local file: read returns what it has
            }
        } catch (AccessDeniedException e) {
            throw new NotACaptureFileException(path + " holds " + size + " bytes this process may not read, so it"
                    + " cannot tell whether they are a capture (expected: a new or empty file, or a readable earlier"
                    + " capture, which is replaced)");
        }
        start.flip();
        if (start.remaining() < Integer.BYTES || start.getInt(0) != CaptureFormat.MAGIC) {
            throw new NotACaptureFileException(path, size, HexFormat.ofDelimiter(" ").formatHex(start.array(), 0,
                    start.limit()));
        }
    }

    /**
     * Creates {@code path} (or replaces an earlier capture there), writes the file header and starts the writer thread, with the default
     * bounds and the wall clock.
     *
     * @throws IOException if the file cannot be created or written
     */
    public static CaptureWriter open(Path path) throws IOException {
        return open(path, DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_PENDING_BYTES, CaptureWriter::nowMicros);
    }

    /**
     * Creates {@code path} (or replaces an earlier capture there), writes the file header and starts the writer thread. The file stays locked
     * (an exclusive {@link FileLock}) until {@link #close()}.
     *
     * @param maxFileBytes    the largest the file may grow, header included, in bytes (at least 5)
     * @param maxPendingBytes the most record bytes held in memory while the disk catches up
     * @param clockMicros     the timestamp of each record, in microseconds since the epoch; called on the offering
     *                        thread
     * @throws CaptureFileInUseException if another writer has the file open (in this process or another)
     * @throws NotACaptureFileException   if the file exists and holds something else than a capture; it is left
     *                                    untouched
     * @throws IOException                if the file cannot be created or written
     */
    public static CaptureWriter open(Path path, long maxFileBytes, long maxPendingBytes, LongSupplier clockMicros)
            throws IOException {
        return new CaptureWriter(path, maxFileBytes, maxPendingBytes, clockMicros);
    }

    /**
     * Records a complete frame, length field included (an outbound frame as {@code FrameWriter} produces it).
     *
     * @param frame the frame's readable bytes; the caller keeps ownership, its indexes do not move
     * @return whether the record was queued; {@code false} if it was dropped (file limit, memory limit, closed,
     *         unreadable buffer); never throws for any of these
     */
    public boolean offerFrame(Direction direction, String peerId, ByteBuf frame) {
        return offer(direction, peerId, frame, false);
    }

    /**
     * Records a frame whose length field has already been stripped (an inbound frame after the frame decoder); the
     * record gets the length field back, so it holds the frame as it travelled.
     *
     * @param frameFromMagic the frame from its magic number on; the caller keeps ownership, its indexes do not move
     * @return whether the record was queued; {@code false} if it was dropped (file limit, memory limit, closed)
     */
    public boolean offerStrippedFrame(Direction direction, String peerId, ByteBuf frameFromMagic) {
        return offer(direction, peerId, frameFromMagic, true);
    }

    private boolean offer(Direction direction, String peerId, ByteBuf bytes, boolean addLengthField) {
        if (closed || full || failure != null) {
            dropped.increment();
            return false;
        }
        byte[] peer = CaptureFormat.peerBytes(peerId);
        int readable = bytes.readableBytes();
        long frameLength = readable + (addLengthField ? 4L : 0L);
        long recordLength = CaptureFormat.RECORD_OVERHEAD_BYTES + peer.length + frameLength;
        if (frameLength > CaptureFormat.MAX_FRAME_BYTES || !reserve(recordLength)) {
            dropped.increment();
            return false;
        }
        byte[] record = new byte[(int) recordLength];
        ByteBuffer b = ByteBuffer.wrap(record);
        b.put((byte) direction.code()).putLong(clockMicros.getAsLong()).put((byte) peer.length).put(peer)
                .putInt((int) frameLength);
        if (addLengthField) {
            b.putInt(readable);
        }
        try {
            bytes.getBytes(bytes.readerIndex(), record, b.position(), readable);
        } catch (RuntimeException e) {
            // a released buffer (IllegalReferenceCountException): capture must never break the traffic it watches
            fileBytes.addAndGet(-recordLength);
            pendingBytes.addAndGet(-recordLength);
            dropped.increment();
            return false;
        }
        queue.add(record);
        recorded.increment();
        return true;
    }

    /** Reserves room in the file and in memory for one record, or reserves nothing and returns false. */
    private boolean reserve(long recordLength) {
        if (fileBytes.addAndGet(recordLength) > maxFileBytes) {
            fileBytes.addAndGet(-recordLength);
            if (!full) {
                full = true;
                LOG.warn("capture file {} reached its limit of {} bytes: later frames are not recorded (the file"
                        + " keeps the earlier ones and stays readable)", path, maxFileBytes);
            }
            return false;
        }
        if (pendingBytes.addAndGet(recordLength) > maxPendingBytes) {
            pendingBytes.addAndGet(-recordLength);
            fileBytes.addAndGet(-recordLength);
            return false;
        }
        return true;
    }

    private void drain() {
        try {
            while (true) {
                byte[] record = queue.take();
                if (record == END) {
                    // offers that raced with close() and landed behind the end marker
                    for (byte[] late = queue.poll(); late != null; late = queue.poll()) {
                        write(late);
                    }
                    flush();
                    break;
                }
                write(record);
                pendingBytes.addAndGet(-record.length);
                if (queue.isEmpty()) {
                    flush();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void write(byte[] record) {
        if (failure != null) {
            dropped.increment();
            return;
        }
        try {
            out.write(record);
        } catch (IOException e) {
            fail(e);
            dropped.increment();
        }
    }

    private void flush() {
        if (failure == null) {
            try {
                out.flush();
            } catch (IOException e) {
                fail(e);
            }
        }
    }

    private void fail(IOException e) {
        failure = e;
        LOG.warn("capture file {} cannot be written, capture stopped: {}", path, e.toString());
    }

    /** The file being written. */
    public Path path() {
        return path;
    }

    /** Records queued so far (written, or waiting to be). */
    public long recorded() {
        return recorded.sum();
    }

    /** Records dropped so far: over a limit, offered after {@link #close()}, or after a write error. */
    public long dropped() {
        return dropped.sum();
    }

    /**
     * Writes every queued record, closes the file and stops the thread; waits up to 10 s for the disk. Later offers
     * are dropped. Idempotent.
     *
     * @throws IOException if the file could not be written or closed
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        queue.add(END);
        try {
            drainer.join(TimeUnit.SECONDS.toMillis(CLOSE_WAIT_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (drainer.isAlive()) {
            drainer.interrupt();
            throw new IOException("capture file " + path + " still writing after " + CLOSE_WAIT_SECONDS
                    + " s (expected: the queue to drain)");
        }
        try {
            out.close();
        } catch (IOException e) {
            if (failure == null) {
                failure = e;
            }
        }
        if (failure != null) {
            throw new IOException("capture file " + path + " is incomplete: " + failure.getMessage(), failure);
        }
        LOG.info("capture file {} closed: {} frames recorded, {} dropped{}", path, recorded(), dropped(),
                full ? " (file limit of " + maxFileBytes + " bytes reached)" : "");
    }

    /** Microseconds since the epoch from the wall clock. */
    static long nowMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
    }
}
