package io.raftwire.bench.mix;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.raftwire.bench.BenchmarkDefaults;
import io.raftwire.bench.Passes;
import io.raftwire.bench.Workload;
import io.raftwire.node.KvNodes;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Single-threaded encode, decode and round trip of the messages a running cluster actually sends, per provider: the
 * real messages of {@link MixMessages#RESOURCE}, captured from a durable kv cluster by {@link ClusterMixCapture} and
 * decoded once. {@code CodecBenchmark} measures the catalog's message set beside it.
 *
 * <p><b>One operation = one pass over the sample</b> (1,008 messages, printed at setup): divide the score by it for ns
 * per message.
 *
 * <p>The mix, measured by {@code ClusterMixCapture 20000} (49,656 message frames; payload bytes as kryo writes them,
 * without the 19-byte frame header). The client's commands and queries are 89 % of the frames; replication is
 * 11 %, and an AppendEntries carries a batch of entries (about 1.1 KB). Elections, sessions and keep-alives are a
 * handful of frames. The committed sample keeps these shares (each type at least once):
 * <table>
 *   <caption>Message frames of a durable 3-member kv cluster under the demo's workload</caption>
 *   <tr><th>type</th><th>share of frames</th><th>mean payload bytes</th></tr>
 *   <tr><td>CommandRequest (4)</td><td>30.26 %</td><td>85.8</td></tr>
 *   <tr><td>CommandResponse (24)</td><td>30.26 %</td><td>11.9</td></tr>
 *   <tr><td>QueryRequest (13)</td><td>14.07 %</td><td>26.9</td></tr>
 *   <tr><td>QueryResponse (32)</td><td>14.07 %</td><td>67.9</td></tr>
 *   <tr><td>AppendEntriesRequestModel (110)</td><td>5.51 %</td><td>1087.1</td></tr>
 *   <tr><td>AppendEntriesSuccessResponseModel (111)</td><td>5.51 %</td><td>18.7</td></tr>
 *   <tr><td>KeepAliveRequest (8)</td><td>0.13 %</td><td>6.8</td></tr>
 *   <tr><td>KeepAliveResponse (28)</td><td>0.13 %</td><td>33.9</td></tr>
 *   <tr><td>OpenSessionRequest, CloseSessionRequest, their responses (1,3,21,23)</td><td>0.04 %</td><td>2..26</td></tr>
 *   <tr><td>VoteRequestModel, VoteResponseModel, PreVote both ways (115..118)</td><td>0.03 %</td><td>14..16</td></tr>
 * </table>
 *
 * <ul>
 *   <li>{@code encodeMix}: each message into one reused pooled direct buffer, cleared before each message.</li>
 *   <li>{@code decodeMix}: each message from its own pre-encoded direct buffer, reader index reset to 0.</li>
 *   <li>{@code roundTripMix}: encode into the reused buffer, then decode from it.</li>
 * </ul>
 *
 * <p>Setup checks that the provider round-trips every message of the sample to an equal value, so a broken codec
 * fails before it is timed.
 */
@State(Scope.Thread)
public class MixBenchmark extends BenchmarkDefaults {

    private static final int OUT_BYTES = 64 * 1024;

    /** The provider. */
    @Param({"kryo", "protostuff", "jdk", "fory"})
    public String serializer;

    private Serializer codec;
    private Object[] messages;
    private int[] typeIds;
    private ByteBuf out;
    private ByteBuf[] encoded;

    @Setup
    public void setUp() {
        TypeRegistry registry = KvNodes.registry();
        codec = Serializers.create(serializer, registry, SerializerOptions.defaults());
        Workload workload = Workload.of(MixMessages.load(registry), codec);
        messages = workload.messages();
        typeIds = workload.typeIds();
        out = PooledByteBufAllocator.DEFAULT.directBuffer(OUT_BYTES);
        encoded = workload.encodeEach(codec, PooledByteBufAllocator.DEFAULT);
        System.out.println("mix sample: " + messages.length + " messages");
    }

    @TearDown
    public void tearDown() {
        Passes.release(out, encoded);
    }

    @Benchmark
    public void encodeMix(Blackhole bh) {
        Passes.encode(codec, messages, out, bh);
    }

    @Benchmark
    public void decodeMix(Blackhole bh) {
        Passes.decode(codec, encoded, typeIds, bh);
    }

    @Benchmark
    public void roundTripMix(Blackhole bh) {
        Passes.roundTrip(codec, messages, typeIds, out, bh);
    }
}
