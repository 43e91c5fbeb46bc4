package io.raftwire.cli.codecs;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.Serializer;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Times one codec on the 32-message set, single-threaded, in this JVM.
 *
 * <p>One <em>pass</em> encodes every message of the set into its own buffer, or decodes every buffer. Passes run in
 * batches: a batch of encode passes, then a batch of decode passes over what the last encode wrote, each batch timed
 * as a whole (about half a millisecond, so the clock's own cost is negligible). A <em>repetition</em> runs batches for
 * a fixed wall-clock time and reports nanoseconds per set for encode, decode, and their sum, the round trip. Because
 * the round trip is the sum of the two measured halves, a decode that looks slower than the round trip, or an encode
 * that does, cannot happen: the report is consistent by construction, and only the spread between repetitions can
 * make it untrustworthy ({@link Spread}).
 *
 * <p>The clock is the thread's CPU time where the JVM provides it ({@link #CLOCK}): time the operating system gave to
 * other processes is not counted, so a shared machine disturbs the figures far less than with wall-clock time. Work
 * done for this thread by the garbage collector's own threads is not counted either.
 *
 * <p>Not thread-safe; {@link #close()} releases the buffers.
 */
final class CodecTimer implements AutoCloseable {

    private static final int BUFFER_BYTES = 64 * 1024;
    private static final double BATCH_NANOS = 1_000_000;
    private static final int MAX_BATCH = 10_000;
    private static final long SETTLE_MILLIS = 100;
    private static final long MAX_EXTRA_WARMUP_MILLIS = 20_000;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean CPU_TIME = THREADS.isCurrentThreadCpuTimeSupported() && cpuTimeEnabled();
    /** The clock of every measurement: the current thread's CPU time in nanoseconds, or {@code System.nanoTime}. */
    static final LongSupplier CLOCK = CPU_TIME ? THREADS::getCurrentThreadCpuTime : System::nanoTime;

    private final Serializer codec;
    private final Object[] messages;
    private final int[] typeIds;
    private final ByteBuf[] buffers;
    private final Object[] decoded;
    private long sink;
    private int batch = 1;

    /**
     * @param codec    the codec to time
     * @param messages the set; each must round-trip (checked before timing by {@link RoundTripCheck})
     */
    CodecTimer(Serializer codec, List<Object> messages) {
        this.codec = codec;
        this.messages = messages.toArray();
        this.typeIds = new int[this.messages.length];
        this.buffers = new ByteBuf[this.messages.length];
        this.decoded = new Object[this.messages.length];
        for (int i = 0; i < this.messages.length; i++) {
            typeIds[i] = codec.registry().idOf(this.messages[i]);
            buffers[i] = Unpooled.directBuffer(BUFFER_BYTES);
        }
    }

    private static boolean cpuTimeEnabled() {
        try {
            if (!THREADS.isThreadCpuTimeEnabled()) {
                THREADS.setThreadCpuTimeEnabled(true);
            }
            return THREADS.getCurrentThreadCpuTime() >= 0;
        } catch (UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    String name() {
        return codec.name();
    }

    /**
     * Runs batches without recording them, for at least {@code millis} and then until the JIT compiler has compiled
     * nothing for a whole slice of up to {@value #SETTLE_MILLIS} ms (on a busy machine the compiler threads get little
     * CPU, and a fixed warm-up would time half-compiled code), but no longer than {@code millis} plus ten times
     * {@code millis} (at least {@value #SETTLE_MILLIS} ms, at most {@value #MAX_EXTRA_WARMUP_MILLIS} ms).
     *
     * @return whether the compiler had settled; {@code false} means the timings may include compilation
     */
    boolean warmUp(long millis) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean observable = jit != null && jit.isCompilationTimeMonitoringSupported();
        long start = System.nanoTime();
        long minEnd = start + millis * 1_000_000L;
        long extraMillis = Math.min(MAX_EXTRA_WARMUP_MILLIS, Math.max(SETTLE_MILLIS, 10 * millis));
        long maxEnd = minEnd + extraMillis * 1_000_000L;
        long compiled = observable ? jit.getTotalCompilationTime() : 0;
        while (true) {
            repetition(Math.min(SETTLE_MILLIS, Math.max(1, millis)));
            long now = System.nanoTime();
            long compiledNow = observable ? jit.getTotalCompilationTime() : 0;
            boolean settled = compiledNow == compiled;
            compiled = compiledNow;
            if (now >= minEnd && (settled || !observable)) {
                return true;
            }
            if (now >= maxEnd) {
                return false;
            }
        }
    }

    /**
     * Runs batches for about {@code millis} of wall-clock time (at least one batch).
     *
     * @return {encode, decode, round trip} in nanoseconds per set
     */
    double[] repetition(long millis) {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        long encodeNanos = 0;
        long decodeNanos = 0;
        long passes = 0;
        do {
            long start = CLOCK.getAsLong();
            for (int k = 0; k < batch; k++) {
                encodeAll();
            }
            long encoded = CLOCK.getAsLong();
            for (int k = 0; k < batch; k++) {
                decodeAll();
            }
            long end = CLOCK.getAsLong();
            encodeNanos += encoded - start;
            decodeNanos += end - encoded;
            passes += batch;
            batch = nextBatch(end - start, batch);
        } while (System.nanoTime() < deadline);
        double encode = (double) Math.max(1, encodeNanos) / passes;
        double decode = (double) Math.max(1, decodeNanos) / passes;
        return new double[] {encode, decode, encode + decode};
    }

    /** The batch size that makes one encode plus one decode batch take about {@link #BATCH_NANOS}. */
    private static int nextBatch(long elapsedNanos, int batch) {
        double perPass = Math.max(1.0, (double) elapsedNanos / batch);
        return (int) Math.max(1, Math.min(MAX_BATCH, Math.round(BATCH_NANOS / perPass)));
    }

    /** What the timings were measured with, for the report. */
    static String clockName() {
        return CPU_TIME ? "thread CPU time" : "wall-clock time (this JVM offers no thread CPU time)";
    }

    private void encodeAll() {
        for (int i = 0; i < messages.length; i++) {
            ByteBuf buf = buffers[i];
            buf.clear();
            sink += codec.encode(messages[i], buf);
        }
    }

    private void decodeAll() {
        for (int i = 0; i < messages.length; i++) {
            buffers[i].readerIndex(0);
            // kept in a field so the decode cannot be optimised away; no hashCode, which would add its own cost
            decoded[i] = codec.decode(typeIds[i], buffers[i]);
        }
    }

    /** Messages in one pass. */
    int setSize() {
        return messages.length;
    }

    /** A value that depends on the encoded bytes and the last decoded set, so that no work can be optimised away. */
    long sink() {
        return sink + java.util.Arrays.asList(decoded).indexOf(null);
    }

    @Override
    public void close() {
        for (ByteBuf buf : buffers) {
            buf.release();
        }
    }
}
