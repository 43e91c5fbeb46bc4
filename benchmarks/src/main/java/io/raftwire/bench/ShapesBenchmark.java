package io.raftwire.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.raftwire.bench.shapes.HandwrittenShapesCodec;
import io.raftwire.bench.shapes.ShapeSamples;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Round trip of one application command built from the shapes raftwire walks ({@code Instant}, {@code BigDecimal},
 * {@code UUID}, {@code Map<String, Integer>}, {@code List<Long>}, {@code Optional<String>}, {@code double[]}, an enum),
 * per codec: as a mutable class registered field by field ({@code bean}: Objenesis, setters through method handles)
 * and as a record ({@code record}: its constructor). One operation = one encode into a reused pooled direct buffer and
 * one decode from it. Setup checks that the codec round-trips the value.
 */
@State(Scope.Thread)
public class ShapesBenchmark extends BenchmarkDefaults {

    /** The codec: a provider name or {@code handwritten}. */
    @Param({"kryo", "protostuff", "jdk", "fory", "handwritten"})
    public String serializer;

    /** {@code bean} ({@code OrderBean}, field by field) or {@code record} ({@code OrderRecord}, constructor). */
    @Param({"bean", "record"})
    public String shape;

    private Serializer codec;
    private Object value;
    private int typeId;
    private ByteBuf out;

    @Setup
    public void setUp() {
        codec = HandwrittenShapesCodec.NAME.equals(serializer) ? new HandwrittenShapesCodec()
                : Serializers.create(serializer, ShapeSamples.registry(), SerializerOptions.defaults());
        value = "bean".equals(shape) ? ShapeSamples.bean() : ShapeSamples.record();
        typeId = "bean".equals(shape) ? ShapeSamples.BEAN_ID : ShapeSamples.RECORD_ID;
        out = PooledByteBufAllocator.DEFAULT.directBuffer(4096);
        codec.encode(value, out);
        if (!value.equals(codec.decode(typeId, out))) {
            throw new IllegalStateException(serializer + " does not round-trip the " + shape);
        }
    }

    @TearDown
    public void tearDown() {
        out.release();
    }

    @Benchmark
    public void roundTrip(Blackhole bh) {
        ByteBuf buf = out;
        buf.clear();
        bh.consume(codec.encode(value, buf));
        bh.consume(codec.decode(typeId, buf));
    }
}
