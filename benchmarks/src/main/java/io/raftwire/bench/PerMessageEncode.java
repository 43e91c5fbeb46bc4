package io.raftwire.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.raftwire.serializer.Serializer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * Encode of each message of a set alone, in CPU time of the measuring thread, beside the hand-written codec: which
 * messages make a set's encode ratio. Each message is encoded over and over for {@value #SLICE_CPU_NANOS} ns of CPU by
 * one codec, then the other, message after message, for {@value #ROUNDS} rounds after a warm-up; prints per message
 * the median ns per encode of each codec, their ratio and the payload bytes, then the sums. A message timed alone
 * keeps the codec's dispatch to its type monomorphic, unlike a pass over the whole set ({@link CpuTimeRoundTrip}).
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.raftwire.bench.PerMessageEncode <set> <codec>}, for example
 * {@code small kryo}.
 */
public final class PerMessageEncode {

    private static final int ROUNDS = 7;
    private static final long SLICE_CPU_NANOS = 20_000_000L;
    private static final long WARM_UP_CPU_NANOS = 100_000_000L;
    private static final int CHECK_EVERY = 200;

    private PerMessageEncode() {
    }

    public static void main(String[] args) {
        Serializer codec = Codecs.create(args[1]);
        Serializer hand = Codecs.create("handwritten");
        Object[] messages = Workload.of(MessageSet.of(args[0]), codec).messages();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer(64 * 1024);
        try {
            for (Object m : messages) {
                nanosPerEncode(codec, m, out, threads, WARM_UP_CPU_NANOS);
                nanosPerEncode(hand, m, out, threads, WARM_UP_CPU_NANOS);
            }
            double[][] mine = new double[messages.length][ROUNDS];
            double[][] theirs = new double[messages.length][ROUNDS];
            for (int r = 0; r < ROUNDS; r++) {
                for (int i = 0; i < messages.length; i++) {
                    mine[i][r] = nanosPerEncode(codec, messages[i], out, threads, SLICE_CPU_NANOS);
                    theirs[i][r] = nanosPerEncode(hand, messages[i], out, threads, SLICE_CPU_NANOS);
                }
            }
            double sumMine = 0;
            double sumTheirs = 0;
            for (int i = 0; i < messages.length; i++) {
                double m = median(mine[i]);
                double h = median(theirs[i]);
                sumMine += m;
                sumTheirs += h;
                out.clear();
                int bytes = codec.encode(messages[i], out);
                out.clear();
                int handBytes = hand.encode(messages[i], out);
                System.out.printf(Locale.ROOT, "%-26s %s %7.1f ns  handwritten %7.1f ns  ratio %.2f  bytes %d / %d%n",
                        messages[i].getClass().getSimpleName(), args[1], m, h, m / h, bytes, handBytes);
            }
            System.out.printf(Locale.ROOT, "sum of medians: %s %.1f ns, handwritten %.1f ns, ratio %.2f (%s set, %d"
                    + " messages, each timed alone)%n", args[1], sumMine, sumTheirs, sumMine / sumTheirs, args[0],
                    messages.length);
        } finally {
            out.release();
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Encodes {@code message} into {@code out} for at least {@code cpuNanos} of CPU; CPU ns per encode. */
    private static double nanosPerEncode(Serializer s, Object message, ByteBuf out, ThreadMXBean threads,
            long cpuNanos) {
        long start = threads.getCurrentThreadCpuTime();
        long encodes = 0;
        long used;
        long sink = 0;
        do {
            for (int k = 0; k < CHECK_EVERY; k++) {
                out.clear();
                sink += s.encode(message, out);
            }
            encodes += CHECK_EVERY;
            used = threads.getCurrentThreadCpuTime() - start;
        } while (used < cpuNanos);
        if (sink == 42) {
            System.out.println();
        }
        return used / (double) encodes;
    }
}
