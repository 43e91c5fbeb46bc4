package io.raftwire.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.raftwire.serializer.Serializer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Two threads round-tripping the {@link MessageSet#SMALL small} set: one serializer instance shared by both threads
 * (how a node uses it: one instance for every event loop) against one instance per thread (the reference article's
 * "multiton", which it needed for Kryo to scale). Each thread has its own output buffer in both cases.
 *
 * <p>One operation = one pass over the 20 messages by one thread; the score is the average time of a pass. Total
 * throughput is {@code threads * 1e9 / score} passes/s; compare it with the single-thread
 * {@code CodecBenchmark.roundTripSet} on {@code small} to get the scaling factor (2.0 = perfect on two threads).
 */
@State(Scope.Benchmark)
@Threads(2)
public class SharingBenchmark extends BenchmarkDefaults {

    /** The codec: a provider name or {@code handwritten}. */
    @Param({"kryo", "protostuff", "jdk", "fory", "handwritten"})
    public String serializer;

    private Serializer shared;
    private Object[] messages;
    private int[] typeIds;

    @Setup
    public void setUp() {
        shared = Codecs.create(serializer);
        Workload workload = Workload.of(MessageSet.SMALL, shared);
        messages = workload.messages();
        typeIds = workload.typeIds();
    }

    /** What each thread owns: an output buffer, and a serializer instance of its own. */
    @State(Scope.Thread)
    public static class PerThread {

        Serializer own;
        ByteBuf out;

        @Setup
        public void setUp(BenchmarkParams params) {
            own = Codecs.create(params.getParam("serializer"));
            out = PooledByteBufAllocator.DEFAULT.directBuffer(CodecBenchmark.OUT_BYTES);
        }

        @TearDown
        public void tearDown() {
            out.release();
        }
    }

    @Benchmark
    public void roundTripShared(PerThread thread, Blackhole bh) {
        roundTrip(shared, thread.out, bh);
    }

    @Benchmark
    public void roundTripPerThread(PerThread thread, Blackhole bh) {
        roundTrip(thread.own, thread.out, bh);
    }

    private void roundTrip(Serializer codec, ByteBuf buf, Blackhole bh) {
        Object[] msgs = messages;
        int[] ids = typeIds;
        for (int i = 0; i < msgs.length; i++) {
            buf.clear();
            codec.encode(msgs[i], buf);
            bh.consume(codec.decode(ids[i], buf));
        }
    }
}
