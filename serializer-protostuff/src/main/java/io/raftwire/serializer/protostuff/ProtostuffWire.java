package io.raftwire.serializer.protostuff;

import io.protostuff.Output;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.ShapeCodec;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.model.Utf16;
import io.raftwire.serializer.model.WireSink;
import io.raftwire.serializer.model.WireSource;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Protostuff's mapping of the {@link ShapeCodec} tokens, for walked components: every token is one protobuf field
 * under the component's field number, the way collection elements are. {@code writeLong} is a {@code sint64}
 * (zig-zag varint), fixed32/fixed64 are {@code fixed32}/{@code fixed64}, strings and byte arrays are
 * length-delimited, registered values are groups. On reading, the tag of the first token has already been read by
 * {@link ModelSchema#mergeFrom}; every later token must carry the same field number and the expected wire type. One
 * instance per value being written or read, moved to each walked component with {@link #at}; not thread-safe.
 */
final class ProtostuffWire implements WireSink, WireSource {

    private final Output out;
    private final ProtostuffEncoder encoder;
    private final ByteBufInput in;
    private int field;
    private final ModelSchema[] byId;
    private boolean tagRead;
    /** The component written, for refusals; the reader's own label names it when reading. */
    private String label;

    private ProtostuffWire(Output out, ProtostuffEncoder encoder, ByteBufInput in, int field, ModelSchema[] byId) {
        this.out = out;
        this.encoder = encoder;
        this.in = in;
        this.field = field;
        this.byId = byId;
        this.tagRead = in != null;
    }

    static ProtostuffWire sink(Output out, ProtostuffEncoder encoder, int field, ModelSchema[] byId, String label) {
        ProtostuffWire wire = new ProtostuffWire(out, encoder, null, field, byId);
        wire.label = label;
        return wire;
    }

    static ProtostuffWire source(ByteBufInput in, int field, ModelSchema[] byId) {
        return new ProtostuffWire(null, null, in, field, byId);
    }

    /** Moves to the walked component with this field number and label (writing). */
    ProtostuffWire at(int fieldNumber, String component) {
        this.label = component;
        return at(fieldNumber);
    }

    /** Moves to the walked component with this field number, whose tag (when reading) has just been read. */
    ProtostuffWire at(int fieldNumber) {
        this.field = fieldNumber;
        this.tagRead = in != null;
        return this;
    }

    @Override
    public void writeLong(long value) {
        try {
            out.writeSInt64(field, value, true);
        } catch (IOException e) {
            throw unexpected(e);
        }
    }

    @Override
    public void writeFixed32(int bits) {
        try {
            out.writeFixed32(field, bits, true);
        } catch (IOException e) {
            throw unexpected(e);
        }
    }

    @Override
    public void writeFixed64(long bits) {
        try {
            out.writeFixed64(field, bits, true);
        } catch (IOException e) {
            throw unexpected(e);
        }
    }

    @Override
    public void writeString(String value) {
        Utf16.requireWellFormed(value);
        Bounds.checkEncodeUtf8Length(value, encoder.maxElements(), label, " string length");
        try {
            out.writeString(field, value, true);
        } catch (IOException e) {
            throw unexpected(e);
        }
    }

    @Override
    public void writeBytes(byte[] value) {
        Bounds.checkEncodeCount(value.length, encoder.maxElements(), label, " byte[] length");
        try {
            out.writeByteArray(field, value, true);
        } catch (IOException e) {
            throw unexpected(e);
        }
    }

    @Override
    public void writeValue(TypeModel model, Object value) {
        encoder.enter();
        try {
            out.writeObject(field, value, byId[model.id()], true);
        } catch (IOException e) {
            throw unexpected(e);
        }
        encoder.exit();
    }

    private void tag() throws IOException {
        if (tagRead) {
            tagRead = false;
        } else {
            in.readTokenTag(field);
        }
    }

    @Override
    public long readLong() {
        try {
            tag();
            return in.readSInt64();
        } catch (IOException e) {
            throw malformed(e);
        }
    }

    @Override
    public int readFixed32() {
        try {
            tag();
            return in.readFixed32();
        } catch (IOException e) {
            throw malformed(e);
        }
    }

    @Override
    public long readFixed64() {
        try {
            tag();
            return in.readFixed64();
        } catch (IOException e) {
            throw malformed(e);
        }
    }

    @Override
    public String readString() {
        try {
            tag();
            return in.readString();
        } catch (IOException e) {
            throw malformed(e);
        }
    }

    @Override
    public byte[] readBytes() {
        try {
            tag();
            return in.readByteArray();
        } catch (IOException e) {
            throw malformed(e);
        }
    }

    @Override
    public Object readValue(TypeModel model) {
        try {
            tag();
            return byId[model.id()].readNested(in);
        } catch (IOException e) {
            throw malformed(e);
        }
    }

    @Override
    public int remaining() {
        return in.remaining();
    }

    @Override
    public int maxElements() {
        return in != null ? in.maxElements() : encoder.maxElements();
    }

    private static UncheckedIOException unexpected(IOException e) {
        return new UncheckedIOException("writing to the encoder's buffer threw (expected: never)", e);
    }

    private static MalformedPayloadException malformed(IOException e) {
        return new MalformedPayloadException("unreadable token: " + e.getMessage());
    }
}
