package io.raftwire.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.raftwire.bench.handwritten.HandwrittenCodec;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * Round trip cost in <em>CPU time of the measuring thread</em>, for a machine shared with other work: wall-clock
 * benchmarks there measure the competition (JMH errors of ±100 % at a load of 16 on 2 cores), while the thread's CPU
 * time counts only the cycles it ran. Each case warms up, then times batches of passes and prints the median and
 * minimum CPU microseconds per pass over the batches. Not a substitute for JMH on a quiet machine.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.raftwire.bench.CpuTimeRoundTrip <set> <codec>...}, where {@code set} is
 * a catalog message set ({@code full}, {@code small}, {@code no-install}) or a shape of {@link ShapesBenchmark}
 * ({@code bean}, {@code record}), and each codec a provider name or {@code handwritten}. The class only uses API that
 * predates the shapes, so the same source compiles against an older build for a before/after comparison.
 */
public final class CpuTimeRoundTrip {

    private static final long WARM_UP_CPU_NANOS = 2_000_000_000L;
    private static final int BATCHES = 10;
    private static final long BATCH_CPU_NANOS = 100_000_000L;
    /** Passes between two readings of the CPU clock, whose own cost (a system call) must not count much. */
    private static final int CHECK_EVERY = 20;

    private CpuTimeRoundTrip() {
    }

    /** Runs the cases named on the command line; see the class comment. */
    public static void main(String[] args) throws ReflectiveOperationException {
        String set = args[0];
        for (String name : Arrays.copyOfRange(args, 1, args.length)) {
            Case c = set.equals("bean") || set.equals("record") ? shapes(set, name) : catalog(set, name);
            double[] perPass = measure(c);
            Arrays.sort(perPass);
            System.out.printf(Locale.ROOT, "%-10s %-12s median %9.2f us  min %9.2f us  (CPU per pass of %d value(s),"
                    + " %d batches)%n", set, name, perPass[perPass.length / 2], perPass[0], c.messages.length,
                    perPass.length);
        }
    }

    private record Case(Serializer codec, Object[] messages, int[] ids) {
    }

    private static Case catalog(String set, String name) {
        Serializer codec = Codecs.create(name);
        Workload w = Workload.of(MessageSet.of(set), codec);
        return new Case(codec, w.messages(), w.typeIds());
    }

    private static Case shapes(String shape, String name) throws ReflectiveOperationException {
        Class<?> samples = Class.forName("io.raftwire.bench.shapes.ShapeSamples");
        TypeRegistry registry = (TypeRegistry) samples.getMethod("registry").invoke(null);
        Serializer codec = HandwrittenCodec.NAME.equals(name)
                ? (Serializer) Class.forName("io.raftwire.bench.shapes.HandwrittenShapesCodec").getConstructor()
                        .newInstance()
                : Serializers.create(name, registry, SerializerOptions.defaults());
        Object value = samples.getMethod(shape).invoke(null);
        return new Case(codec, new Object[] {value}, new int[] {registry.idOf(value)});
    }

    private static double[] measure(Case c) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer(64 * 1024);
        long sink = 0;
        try {
            long warmUpStart = threads.getCurrentThreadCpuTime();
            while (threads.getCurrentThreadCpuTime() - warmUpStart < WARM_UP_CPU_NANOS) {
                for (int k = 0; k < CHECK_EVERY; k++) {
                    sink += pass(c, out);
                }
            }
            double[] perPass = new double[BATCHES];
            for (int b = 0; b < BATCHES; b++) {
                long start = threads.getCurrentThreadCpuTime();
                long passes = 0;
                long used;
                do {
                    for (int k = 0; k < CHECK_EVERY; k++) {
                        sink += pass(c, out);
                    }
                    passes += CHECK_EVERY;
                    used = threads.getCurrentThreadCpuTime() - start;
                } while (used < BATCH_CPU_NANOS);
                perPass[b] = used / 1000.0 / passes;
            }
            if (sink == 42) {
                System.out.println("");
            }
            return perPass;
        } finally {
            out.release();
        }
    }

    private static long pass(Case c, ByteBuf out) {
        long sink = 0;
        Object[] messages = c.messages;
        int[] ids = c.ids;
        for (int i = 0; i < messages.length; i++) {
            out.clear();
            c.codec.encode(messages[i], out);
            sink += c.codec.decode(ids[i], out) == null ? 0 : 1;
        }
        return sink;
    }
}
