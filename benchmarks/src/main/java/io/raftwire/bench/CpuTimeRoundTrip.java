package io.raftwire.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.internal.PlatformDependent;
import io.raftwire.bench.handwritten.HandwrittenCodec;
import io.raftwire.serializer.CodecPath;
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
 * benchmarks there measure the competition (JMH's error grows as large as the figure itself), while the thread's CPU
 * time counts only the cycles it ran. The cases warm up, then batches of passes time every case in turn; each
 * case's median and minimum CPU microseconds per pass are printed, with its ratio to the last case batch by batch.
 * Not a substitute for JMH on a quiet machine.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.raftwire.bench.CpuTimeRoundTrip <set> <codec>...}, where {@code set} is
 * a catalog message set ({@code full}, {@code small}, {@code no-install}) or a shape of {@link ShapesBenchmark}
 * ({@code bean}, {@code record}), and each codec a provider name or {@code handwritten}. The system property
 * {@code cpu.op} times {@code roundtrip} (the default: encode then decode each message), {@code encode} alone (into
 * the one reused buffer) or {@code decode} alone (each message from its own pre-encoded buffer). The providers' codec
 * path comes from their system property ({@code -Draftwire.serializer.codec-path=walk} or {@code generated}). The
 * class only uses API that predates the shapes, so the same source compiles against an older build for a
 * before/after comparison.
 *
 * <p>The case {@code reference} is the reference article's pre-registered Kryo on its own 32-message set
 * ({@link ReferenceKryo}, with {@code -Dreference.jars=DIR}); when it is among the cases, one more line per case
 * gives the reference's CPU per pass divided by that case's, batch by batch: how many times faster the case is.
 */
public final class CpuTimeRoundTrip {

    private static final long WARM_UP_CPU_NANOS = 2_000_000_000L;
    private static final int BATCHES = 20;
    private static final long BATCH_CPU_NANOS = 50_000_000L;
    /** Passes between two readings of the CPU clock, whose own cost (a system call) must not count much. */
    private static final int CHECK_EVERY = 20;
    /** What is timed: {@code roundtrip}, {@code encode} or {@code decode}. */
    private static final String OP = System.getProperty("cpu.op", "roundtrip");

    private CpuTimeRoundTrip() {
    }

    /**
     * Runs the cases named on the command line, interleaved: every case warms up, then each batch times every case
     * once in turn, so that a change in the machine's load hits all cases alike. Prints each case's median and minimum
     * CPU per pass, and its ratio to the <em>last</em> case named, batch by batch (median and range): the figure to
     * trust on a loaded machine, where the absolute times drift by 2x and more between runs.
     */
    public static void main(String[] args) throws Throwable {
        String set = args[0];
        String[] names = Arrays.copyOfRange(args, 1, args.length);
        if (Arrays.asList(names).contains(ReferenceKryo.NAME) && !set.equals("full")) {
            throw new IllegalArgumentException("the case " + ReferenceKryo.NAME + " runs the reference's own 32 "
                    + "messages, comparable only with the set full (got: " + set + ")");
        }
        Case[] cases = new Case[names.length];
        for (int k = 0; k < names.length; k++) {
            cases[k] = names[k].equals(ReferenceKryo.NAME) ? new Case(null, null, null, null, ReferenceKryo.load())
                    : prepare(set.equals("bean") || set.equals("record") ? shapes(set, names[k])
                    : catalog(set, names[k]));
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer(64 * 1024);
        double[][] perPass = new double[names.length][BATCHES];
        long sink = 0;
        try {
            for (Case c : cases) {
                sink += run(c, out, threads, WARM_UP_CPU_NANOS)[1];
            }
            for (int b = 0; b < BATCHES; b++) {
                for (int k = 0; k < cases.length; k++) {
                    long[] usedAndPasses = run(cases[k], out, threads, BATCH_CPU_NANOS);
                    perPass[k][b] = usedAndPasses[0] / 1000.0 / usedAndPasses[2];
                    sink += usedAndPasses[1];
                }
            }
        } finally {
            out.release();
            for (Case c : cases) {
                if (c.encoded != null) {
                    for (ByteBuf buf : c.encoded) {
                        buf.release();
                    }
                }
            }
        }
        int last = names.length - 1;
        for (int k = 0; k < names.length; k++) {
            double[] ratios = new double[BATCHES];
            for (int b = 0; b < BATCHES; b++) {
                ratios[b] = perPass[k][b] / perPass[last][b];
            }
            double[] sorted = perPass[k].clone();
            Arrays.sort(sorted);
            Arrays.sort(ratios);
            System.out.printf(Locale.ROOT, "%-10s %-16s median %9.2f us  min %9.2f us  x%s: median %.2f [%.2f..%.2f]"
                    + "  (CPU per %s pass of %d value(s), %d interleaved batches)%n", set, names[k],
                    sorted[BATCHES / 2], sorted[0], names[last], ratios[BATCHES / 2], ratios[0], ratios[BATCHES - 1],
                    OP, cases[k].size(), BATCHES);
        }
        // Netty 4.2 leaves sun.misc.Unsafe alone on Java 25+ unless the JVM allows its memory access, and then reads
        // and writes direct buffers (the frames here) through ByteBuffer: a figure that moves these results.
        System.out.printf(Locale.ROOT, "java %s, Netty direct buffers through sun.misc.Unsafe: %s%n",
                Runtime.version(), PlatformDependent.hasUnsafe() ? "yes" : "no (" + PlatformDependent
                        .getUnsafeUnavailabilityCause().getMessage() + ")");
        int reference = Arrays.asList(names).indexOf(ReferenceKryo.NAME);
        for (int k = 0; reference >= 0 && k < names.length; k++) {
            if (k != reference) {
                double[] faster = new double[BATCHES];
                for (int b = 0; b < BATCHES; b++) {
                    faster[b] = perPass[reference][b] / perPass[k][b];
                }
                Arrays.sort(faster);
                System.out.printf(Locale.ROOT, "%-10s %-16s is %.2fx [%.2f..%.2f] as fast as the reference "
                        + "(reference's CPU per pass / this case's, median over batches [min..max])%n", set, names[k],
                        faster[BATCHES / 2], faster[0], faster[BATCHES - 1]);
            }
        }
        if (sink == 42) {
            System.out.println("");
        }
    }

    /** One codec and its messages; a reference case has only {@code reference}. */
    private record Case(Serializer codec, Object[] messages, int[] ids, ByteBuf[] encoded, ReferenceKryo reference) {

        Case(Serializer codec, Object[] messages, int[] ids, ByteBuf[] encoded) {
            this(codec, messages, ids, encoded, null);
        }

        int size() {
            return reference != null ? reference.size() : messages.length;
        }
    }

    /** A codec by name; {@code kryo@walk} or {@code kryo@generated} forces a codec path in this JVM. */
    private static Case catalog(String set, String name) {
        int at = name.indexOf('@');
        Serializer codec = at < 0 ? Codecs.create(name) : Serializers.create(name.substring(0, at),
                TypeRegistry.catalog(), SerializerOptions.defaults().withCodecPath(
                        CodecPath.valueOf(name.substring(at + 1).toUpperCase(Locale.ROOT))));
        Workload w = Workload.of(MessageSet.of(set), codec);
        return new Case(codec, w.messages(), w.typeIds(), null);
    }

    private static Case shapes(String shape, String name) throws ReflectiveOperationException {
        Class<?> samples = Class.forName("io.raftwire.bench.shapes.ShapeSamples");
        TypeRegistry registry = (TypeRegistry) samples.getMethod("registry").invoke(null);
        Serializer codec = HandwrittenCodec.NAME.equals(name)
                ? (Serializer) Class.forName("io.raftwire.bench.shapes.HandwrittenShapesCodec").getConstructor()
                        .newInstance()
                : Serializers.create(name, registry, SerializerOptions.defaults());
        Object value = samples.getMethod(shape).invoke(null);
        return new Case(codec, new Object[] {value}, new int[] {registry.idOf(value)}, null);
    }

    /** The case with every message encoded into a buffer of its own, for {@code decode}. */
    private static Case prepare(Case c) {
        ByteBuf scratch = PooledByteBufAllocator.DEFAULT.directBuffer(64 * 1024);
        try {
            ByteBuf[] encoded = new ByteBuf[c.messages.length];
            for (int i = 0; i < encoded.length; i++) {
                scratch.clear();
                int bytes = c.codec.encode(c.messages[i], scratch);
                encoded[i] = PooledByteBufAllocator.DEFAULT.directBuffer(bytes, bytes).writeBytes(scratch);
            }
            return new Case(c.codec, c.messages, c.ids, encoded);
        } finally {
            scratch.release();
        }
    }

    /** Runs passes for at least {@code cpuNanos} of this thread's CPU; returns {CPU nanos used, sink, passes}. */
    private static long[] run(Case c, ByteBuf out, ThreadMXBean threads, long cpuNanos) {
        long start = threads.getCurrentThreadCpuTime();
        long passes = 0;
        long sink = 0;
        long used;
        do {
            for (int k = 0; k < CHECK_EVERY; k++) {
                sink += pass(c, out);
            }
            passes += CHECK_EVERY;
            used = threads.getCurrentThreadCpuTime() - start;
        } while (used < cpuNanos);
        return new long[] {used, sink, passes};
    }

    private static long pass(Case c, ByteBuf out) {
        if (c.reference != null) {
            return c.reference.pass(OP);
        }
        long sink = 0;
        Object[] messages = c.messages;
        int[] ids = c.ids;
        switch (OP) {
            case "encode" -> {
                for (Object message : messages) {
                    out.clear();
                    sink += c.codec.encode(message, out);
                }
            }
            case "decode" -> {
                ByteBuf[] encoded = c.encoded;
                for (int i = 0; i < messages.length; i++) {
                    encoded[i].readerIndex(0);
                    sink += c.codec.decode(ids[i], encoded[i]) == null ? 0 : 1;
                }
            }
            default -> {
                for (int i = 0; i < messages.length; i++) {
                    out.clear();
                    c.codec.encode(messages[i], out);
                    sink += c.codec.decode(ids[i], out) == null ? 0 : 1;
                }
            }
        }
        return sink;
    }
}
