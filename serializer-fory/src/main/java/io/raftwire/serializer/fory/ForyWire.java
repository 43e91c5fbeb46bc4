package io.raftwire.serializer.fory;

import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.ShapeCodec;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.model.WireSink;
import io.raftwire.serializer.model.WireSource;

import org.apache.fory.context.ReadContext;
import org.apache.fory.context.WriteContext;
import org.apache.fory.memory.MemoryBuffer;

/**
 * Fory's mapping of the {@link ShapeCodec} tokens, for walked components: {@code writeLong} is Fory's zig-zag
 * {@code writeVarInt64} (negative numbers are as common as positive ones in application fields), fixed32 and fixed64
 * are Fory's little-endian {@code writeInt32}/{@code writeInt64}, strings and byte arrays use the bounded formats of
 * {@link PayloadWrites}/{@link PayloadReads}, and registered values go through their {@link ModelSerializer}, which
 * checks the depth. One instance per value being written or read, relabelled per component; not thread-safe.
 */
final class ForyWire implements WireSink, WireSource {

    private final WriteContext writeContext;
    private final ReadContext readContext;
    private final MemoryBuffer buffer;
    private final ForyTypes types;
    private final Scratch scratch;
    private final int maxElements;
    private String label;

    private ForyWire(WriteContext writeContext, ReadContext readContext, MemoryBuffer buffer, ForyTypes types,
            Scratch scratch, int maxElements, String label) {
        this.writeContext = writeContext;
        this.readContext = readContext;
        this.buffer = buffer;
        this.types = types;
        this.scratch = scratch;
        this.maxElements = maxElements;
        this.label = label;
    }

    static ForyWire sink(WriteContext ctx, ForyTypes types, int maxElements, String label) {
        return new ForyWire(ctx, null, ctx.getBuffer(), types, null, maxElements, label);
    }

    static ForyWire source(ReadContext ctx, ForyTypes types, Scratch scratch, int maxElements, String label) {
        return new ForyWire(null, ctx, ctx.getBuffer(), types, scratch, maxElements, label);
    }

    /** Names the component the next tokens belong to, for messages; returns this. */
    ForyWire at(String component) {
        this.label = component;
        return this;
    }

    @Override
    public void writeLong(long value) {
        buffer.writeVarInt64(value);
    }

    @Override
    public void writeFixed32(int bits) {
        buffer.writeInt32(bits);
    }

    @Override
    public void writeFixed64(long bits) {
        buffer.writeInt64(bits);
    }

    @Override
    public void writeString(String value) {
        PayloadWrites.string(buffer, value, maxElements, label);
    }

    @Override
    public void writeBytes(byte[] value) {
        PayloadWrites.bytes(buffer, value, maxElements, label);
    }

    @Override
    public void writeValue(TypeModel model, Object value) {
        types.of(model).write(writeContext, value);
    }

    @Override
    public long readLong() {
        return buffer.readVarInt64();
    }

    @Override
    public int readFixed32() {
        return buffer.readInt32();
    }

    @Override
    public long readFixed64() {
        return buffer.readInt64();
    }

    @Override
    public String readString() {
        String s = PayloadReads.string(buffer, maxElements, label, scratch);
        if (s == null) {
            throw new MalformedPayloadException(label + " holds a null string marker (expected: a string here)");
        }
        return s;
    }

    @Override
    public byte[] readBytes() {
        byte[] b = PayloadReads.bytes(buffer, maxElements, label);
        if (b == null) {
            throw new MalformedPayloadException(label + " holds a null byte[] marker (expected: bytes here)");
        }
        return b;
    }

    @Override
    public Object readValue(TypeModel model) {
        return types.of(model).read(readContext);
    }

    @Override
    public int remaining() {
        return buffer.remaining();
    }

    @Override
    public int maxElements() {
        return maxElements;
    }
}
