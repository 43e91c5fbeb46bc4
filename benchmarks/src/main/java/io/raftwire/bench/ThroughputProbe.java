package io.raftwire.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.raftwire.serializer.Serializer;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;

/**
 * Times encode, decode and round trip of the {@link MessageSet#FULL full} set for one codec, in the current JVM:
 * a warm-up of every operation, then {@value #RUNS} timed runs of each. Run in a JVM of its own per codec (see
 * {@link ThroughputReport}), so that one codec's profile does not slow down the next, as JMH does with forks.
 *
 * <p>Prints one {@code RESULT <codec> <op> <median> <min> <max>} line per operation, in messages per second.
 */
final class ThroughputProbe {

    static final String[] OPS = {"encode", "decode", "roundtrip"};
    static final int RUNS = 5;
    private static final long WARMUP_NANOS = 300_000_000L;
    private static final long RUN_NANOS = 80_000_000L;

    private final Serializer codec;
    private final Object[] messages;
    private final int[] typeIds;
    private final ByteBuf out;
    private final ByteBuf[] encoded;
    private long sink;

    private ThroughputProbe(Serializer codec) {
        this.codec = codec;
        Workload workload = Workload.of(MessageSet.FULL, codec);
        this.messages = workload.messages();
        this.typeIds = workload.typeIds();
        this.out = PooledByteBufAllocator.DEFAULT.directBuffer(CodecBenchmark.OUT_BYTES);
        this.encoded = workload.encodeEach(codec, PooledByteBufAllocator.DEFAULT);
    }

    /** Measures the named codec and prints its {@code RESULT} lines. */
    static void run(String codecName, PrintStream output) {
        ThroughputProbe probe = new ThroughputProbe(Codecs.create(codecName));
        try {
            for (int op = 0; op < OPS.length; op++) {
                probe.loop(op, WARMUP_NANOS);
            }
            for (int op = 0; op < OPS.length; op++) {
                double[] rates = new double[RUNS];
                for (int r = 0; r < RUNS; r++) {
                    rates[r] = probe.loop(op, RUN_NANOS);
                }
                Arrays.sort(rates);
                output.printf(Locale.ROOT, "RESULT %s %s %.0f %.0f %.0f%n", codecName, OPS[op], rates[RUNS / 2],
                        rates[0], rates[RUNS - 1]);
            }
            output.println("SINK " + (probe.sink & 1));
        } finally {
            probe.release();
        }
    }

    /** Repeats passes of one operation for about {@code nanos}; returns messages per second. */
    private double loop(int op, long nanos) {
        long start = System.nanoTime();
        long deadline = start + nanos;
        long passes = 0;
        long now;
        do {
            sink += switch (op) {
                case 0 -> encodePass();
                case 1 -> decodePass();
                default -> roundTripPass();
            };
            passes++;
            now = System.nanoTime();
        } while (now < deadline);
        return passes * messages.length * 1e9 / (now - start);
    }

    private long encodePass() {
        long bytes = 0;
        for (Object message : messages) {
            out.clear();
            bytes += codec.encode(message, out);
        }
        return bytes;
    }

    private long decodePass() {
        long count = 0;
        for (int i = 0; i < encoded.length; i++) {
            ByteBuf payload = encoded[i];
            payload.readerIndex(0);
            if (codec.decode(typeIds[i], payload) != null) {
                count++;
            }
        }
        return count;
    }

    private long roundTripPass() {
        long count = 0;
        for (int i = 0; i < messages.length; i++) {
            out.clear();
            codec.encode(messages[i], out);
            if (codec.decode(typeIds[i], out) != null) {
                count++;
            }
        }
        return count;
    }

    private void release() {
        out.release();
        for (ByteBuf buf : encoded) {
            buf.release();
        }
    }
}
