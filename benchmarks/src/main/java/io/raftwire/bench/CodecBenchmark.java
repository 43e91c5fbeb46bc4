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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Single-threaded encode, decode and round trip of a whole message set, per codec.
 *
 * <p><b>One operation = one pass over the set</b>: 32 messages for {@code full} (the reference benchmark's op), 31
 * for {@code no-install}, 20 for {@code small}. Scores are ns per pass; divide by the set size for ns per message, and
 * {@code 1e9 / score} is the reference's ops/s.
 *
 * <ul>
 *   <li>{@code encodeSet}: each message into one reused pooled direct buffer, cleared before each message (what the
 *       transport does with the channel's allocator); the payload sizes go to the blackhole.</li>
 *   <li>{@code decodeSet}: each message from its own pre-encoded direct buffer, reader index reset to 0.</li>
 *   <li>{@code roundTripSet}: encode into the reused buffer, then decode from it.</li>
 * </ul>
 *
 * <p>Setup checks that the codec round-trips every message of the set, so a broken codec fails before it is timed.
 */
@State(Scope.Thread)
public class CodecBenchmark extends BenchmarkDefaults {

    /** Initial capacity of the reused output buffer: larger than any payload of the sets (the 31.5 KB chunk). */
    static final int OUT_BYTES = 64 * 1024;

    /** The codec: a provider name or {@code handwritten}. */
    @Param({"kryo", "protostuff", "jdk", "fory", "handwritten"})
    public String serializer;

    /** The message set: {@code full} (32 messages), {@code no-install} (31) or {@code small} (20). */
    @Param({"full", "no-install", "small"})
    public String set;

    private Serializer codec;
    private Object[] messages;
    private int[] typeIds;
    private ByteBuf out;
    private ByteBuf[] encoded;

    @Setup
    public void setUp() {
        codec = Codecs.create(serializer);
        Workload workload = Workload.of(MessageSet.of(set), codec);
        messages = workload.messages();
        typeIds = workload.typeIds();
        out = PooledByteBufAllocator.DEFAULT.directBuffer(OUT_BYTES);
        encoded = workload.encodeEach(codec, PooledByteBufAllocator.DEFAULT);
    }

    @TearDown
    public void tearDown() {
        Passes.release(out, encoded);
    }

    @Benchmark
    public void encodeSet(Blackhole bh) {
        Passes.encode(codec, messages, out, bh);
    }

    @Benchmark
    public void decodeSet(Blackhole bh) {
        Passes.decode(codec, encoded, typeIds, bh);
    }

    @Benchmark
    public void roundTripSet(Blackhole bh) {
        Passes.roundTrip(codec, messages, typeIds, out, bh);
    }
}
