package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.ShapeCodec;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.model.WireSink;
import io.raftwire.serializer.model.WireSource;

/**
 * Kryo's mapping of the {@link ShapeCodec} tokens, for walked components: {@code writeLong} is Kryo's zig-zag
 * {@code writeVarLong(v, false)} (negative numbers are as common as positive ones in application fields), fixed32 and
 * fixed64 are Kryo's big-endian {@code writeInt}/{@code writeLong}, strings and byte arrays use the bounded formats of
 * {@link PayloadOutput}/{@link PayloadReads}, and registered values go through their {@link ModelSerializer}, which
 * checks the depth. One instance per value being written or read, relabelled per component; not thread-safe.
 */
final class KryoWire implements WireSink, WireSource {

    private final Kryo kryo;
    private final PayloadOutput out;
    private final Input in;
    private final KryoSchema schema;
    private final int maxElements;
    private String label;

    private KryoWire(Kryo kryo, PayloadOutput out, Input in, KryoSchema schema, int maxElements, String label) {
        this.kryo = kryo;
        this.out = out;
        this.in = in;
        this.schema = schema;
        this.maxElements = maxElements;
        this.label = label;
    }

    static KryoWire sink(Kryo kryo, PayloadOutput out, KryoSchema schema, String label) {
        return new KryoWire(kryo, out, null, schema, out.maxElements(), label);
    }

    static KryoWire source(Kryo kryo, Input in, KryoSchema schema, int maxElements, String label) {
        return new KryoWire(kryo, null, in, schema, maxElements, label);
    }

    /** Names the component the next tokens belong to, for messages; returns this. */
    KryoWire at(String component) {
        this.label = component;
        return this;
    }

    @Override
    public void writeLong(long value) {
        out.writeVarLong(value, false);
    }

    @Override
    public void writeFixed32(int bits) {
        out.writeInt(bits);
    }

    @Override
    public void writeFixed64(long bits) {
        out.writeLong(bits);
    }

    @Override
    public void writeString(String value) {
        out.writeUtf8(value, label);
    }

    @Override
    public void writeBytes(byte[] value) {
        out.writeByteArray(value, label);
    }

    @Override
    public void writeValue(TypeModel model, Object value) {
        kryo.writeObject(out, value, schema.of(model));
    }

    @Override
    public long readLong() {
        return in.readVarLong(false);
    }

    @Override
    public int readFixed32() {
        return in.readInt();
    }

    @Override
    public long readFixed64() {
        return in.readLong();
    }

    @Override
    public String readString() {
        String s = PayloadReads.string(in, maxElements, label);
        if (s == null) {
            throw new MalformedPayloadException(label + " holds a null string marker (expected: a string here)");
        }
        return s;
    }

    @Override
    public byte[] readBytes() {
        byte[] b = PayloadReads.bytes(in, maxElements, label);
        if (b == null) {
            throw new MalformedPayloadException(label + " holds a null byte[] marker (expected: bytes here)");
        }
        return b;
    }

    @Override
    public Object readValue(TypeModel model) {
        return kryo.readObject(in, model.javaType(), schema.of(model));
    }

    @Override
    public int remaining() {
        return PayloadReads.remaining(in);
    }

    @Override
    public int maxElements() {
        return maxElements;
    }
}
