package io.raftwire.serializer.fory;

import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.ComponentReader;
import io.raftwire.serializer.model.ComponentWriter;
import io.raftwire.serializer.model.Container;
import io.raftwire.serializer.model.Elements;
import io.raftwire.serializer.model.GeneratedCodec;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.ShapeCodec;
import io.raftwire.serializer.model.TypeModel;

import java.io.IOException;
import java.util.Collection;

import org.apache.fory.config.Config;
import org.apache.fory.context.ReadContext;
import org.apache.fory.context.WriteContext;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.fory.serializer.Serializer;

/**
 * The Fory {@link Serializer} of one registered type, derived from its {@link TypeModel}: writes the components in
 * constructor order with Fory's {@link MemoryBuffer} primitives and reads them back into the type's constructor
 * ({@link TypeModel#instantiate}), in the layout documented on {@link ForySerializerProvider}. This is where the
 * provider differs from Fory's own object serializers, which allocate the instance and set its fields, so that a
 * decoded value never skips the checks its constructor makes. Nested values call the nested type's serializer
 * directly; the depth lives in Fory's context and is checked on entry.
 *
 * <p>Two paths, the same bytes and the same refusals (the contract suite compares them): the type's generated code
 * ({@link GeneratedCodec}, the default) reads the fields directly and calls the constructor directly, making one
 * {@link ComponentWriter}/{@link ComponentReader} call per component, which this class implements with the same
 * per-kind code as the walk ({@code a} is Fory's context, {@code b} its buffer); the walk ({@code codec-path=walk},
 * or a type without generated code) reads the components through the model and builds through
 * {@link TypeModel#instantiate}.
 *
 * <p>Immutable once {@link #link linked}, but bound to one thread's {@link Scratch}: each thread's Fory has its own
 * set ({@link ForyTypes}).
 */
final class ModelSerializer extends Serializer<Object> implements ComponentWriter, ComponentReader {

    private final TypeModel model;
    private final Component[] components;
    private final String[] labels;
    private final int[] minElementBytes;
    private final ModelSerializer[] valueSerializers;
    private final int maxDepth;
    private final int maxPayloadBytes;
    private final int maxElements;
    private final Scratch scratch;
    /** The type's generated code, or null to walk (configured so, or not generated on this JVM). */
    private final GeneratedCodec generated;
    private ForyTypes types;

    @SuppressWarnings("unchecked")
    ModelSerializer(Config config, TypeModel model, SerializerOptions options, Scratch scratch) {
        // no reference tracking; "immutable" only tells Fory's copy() it may return the value itself
        super(config, (Class<Object>) model.javaType(), false, true);
        this.model = model;
        this.components = model.components().toArray(new Component[0]);
        this.labels = new String[components.length];
        this.minElementBytes = new int[components.length];
        this.valueSerializers = new ModelSerializer[components.length];
        for (Component c : components) {
            labels[c.index()] = model.name() + '.' + c.name();
            // Every component takes at least one byte, so a VALUE element takes at least one per component.
            minElementBytes[c.index()] = c.elementKind() == Kind.VALUE ? Math.max(1, c.valueModel().size()) : 1;
        }
        this.maxDepth = options.maxDepth();
        this.maxPayloadBytes = options.maxPayloadBytes();
        this.maxElements = options.maxElements();
        this.scratch = scratch;
        this.generated = options.codecPath() == CodecPath.GENERATED ? model.generated() : null;
    }

    /** Resolves the serializers of VALUE components and elements, and the table for POLYMORPHIC ones. */
    void link(ForyTypes types) {
        this.types = types;
        for (Component c : components) {
            if (c.valueKind() == Kind.VALUE) {
                valueSerializers[c.index()] = types.of(c.valueModel());
            }
        }
    }

    /** The type this serializer handles. */
    TypeModel model() {
        return model;
    }

    @Override
    public void write(WriteContext ctx, Object value) {
        int depth = ctx.getDepth() + 1;
        Bounds.checkDepth(depth, maxDepth);
        MemoryBuffer out = ctx.getBuffer();
        Bounds.checkEncodedSize(out.writerIndex(), maxPayloadBytes);
        ctx.setDepth(depth);
        if (generated != null) {
            try {
                generated.encode(value, this, ctx, out);
            } catch (IOException e) {
                throw new IllegalStateException("a Fory write threw an IOException, which it never does", e);
            } finally {
                ctx.setDepth(depth - 1);
            }
            return;
        }
        // One method per nesting level where possible (no per-component helper): a deep value must fit the stack.
        ForyWire wire = null;
        for (int i = 0; i < components.length; i++) {
            Component c = components[i];
            if (c.walked()) {
                wire = wire == null ? ForyWire.sink(ctx, types, maxElements, labels[i]) : wire.at(labels[i]);
                ShapeCodec.write(c.shape(), c.get(value), wire, labels[i]);
                continue;
            }
            switch (c.kind()) {
                case LONG -> out.writeVarUInt64(c.getLong(value));
                case INT -> out.writeVarUInt32(c.getInt(value));
                case BOOLEAN -> out.writeByte(c.getBoolean(value) ? 1 : 0);
                case STRING -> PayloadWrites.string(out, (String) c.get(value), maxElements, labels[i]);
                case BYTES -> PayloadWrites.bytes(out, (byte[]) c.get(value), maxElements, labels[i]);
                case LONGS -> PayloadWrites.longs(out, (long[]) c.get(value), maxElements, labels[i]);
                case ENUM -> writeEnum(out, c.get(value));
                case VALUE -> {
                    Object v = c.get(value);
                    out.writeByte(v == null ? 0 : 1);
                    if (v != null) {
                        valueSerializers[i].write(ctx, v);
                    }
                }
                case POLYMORPHIC -> writePolymorphic(ctx, out, i, c.get(value));
                case LIST, SET -> writeElements(ctx, out, i, (Collection<?>) c.get(value));
                default -> throw new IllegalStateException("kind " + c.kind() + " (expected: a Kind this provider"
                        + " knows)");
            }
        }
        ctx.setDepth(depth - 1);
    }

    @Override
    public Object read(ReadContext ctx) {
        int depth = ctx.getDepth() + 1;
        Bounds.checkDepth(depth, maxDepth);
        ctx.setDepth(depth);
        MemoryBuffer in = ctx.getBuffer();
        if (generated != null) {
            int start = in.readerIndex();
            try {
                return generated.decode(this, ctx, in);
            } catch (IOException e) {
                throw new IllegalStateException("a Fory read threw an IOException, which it never does", e);
            } catch (IndexOutOfBoundsException e) {
                // read again by the walk, which names the component the bytes ran out in (same bytes either way)
                in.readerIndex(start);
                ctx.setDepth(depth);
                walk(ctx, in, depth);
                throw e;
            } finally {
                ctx.setDepth(depth - 1);
            }
        }
        return walk(ctx, in, depth);
    }

    /** The walk over the components, in order; a truncation refused naming the component. */
    private Object walk(ReadContext ctx, MemoryBuffer in, int depth) {
        Object[] args = new Object[components.length];
        ForyWire wire = null;
        int i = 0;
        try {
            for (; i < components.length; i++) {
                Component c = components[i];
                if (c.walked()) {
                    wire = wire == null ? ForyWire.source(ctx, types, scratch, maxElements, labels[i])
                            : wire.at(labels[i]);
                    args[i] = ShapeCodec.read(c.shape(), wire, labels[i]);
                    continue;
                }
                args[i] = readNative(ctx, in, i);
            }
        } catch (IndexOutOfBoundsException e) {
            throw Bounds.truncated(labels[i]);
        }
        ctx.setDepth(depth - 1);
        return model.instantiate(args);
    }

    /**
     * Reads component {@code i} as the walk does (its own layout, bounds and messages), for a decoder that reads the
     * components in another order ({@link ResolvedType}). A truncation is left to the caller.
     */
    Object readComponent(ReadContext ctx, MemoryBuffer in, int i) {
        Component c = components[i];
        if (c.walked()) {
            return ShapeCodec.read(c.shape(), ForyWire.source(ctx, types, scratch, maxElements, labels[i]),
                    labels[i]);
        }
        return readNative(ctx, in, i);
    }

    /** Reads component {@code i}, of a kind Fory's layout writes natively (not walked). */
    private Object readNative(ReadContext ctx, MemoryBuffer in, int i) {
        Component c = components[i];
        return switch (c.kind()) {
            case LONG -> in.readVarUInt64();
            case INT -> PayloadReads.varuint32(in, labels[i]);
            case BOOLEAN -> PayloadReads.flag(in, labels[i]);
            case STRING -> PayloadReads.string(in, maxElements, labels[i], scratch);
            case BYTES -> PayloadReads.bytes(in, maxElements, labels[i]);
            case LONGS -> PayloadReads.longs(in, maxElements, labels[i]);
            case ENUM -> readEnum(in, i);
            case VALUE -> PayloadReads.flag(in, labels[i]) ? valueSerializers[i].read(ctx) : null;
            case POLYMORPHIC -> readPolymorphic(ctx, in, i);
            case LIST, SET -> readElements(ctx, in, i, c.kind() == Kind.SET);
            default -> throw new IllegalStateException("kind " + c.kind() + " (expected: a native kind)");
        };
    }

    /** The thread's reusable array, which strings of a direct payload are read through. */
    Scratch scratch() {
        return scratch;
    }

    /** The thread's serializers this one is linked with. */
    ForyTypes types() {
        return types;
    }

    // ---- the generated path: ComponentWriter/ComponentReader, a = Fory's context, b = its buffer ----

    @Override
    public void writeLong(Object ctx, Object out, int index, long value) {
        ((MemoryBuffer) out).writeVarUInt64(value);
    }

    @Override
    public void writeInt(Object ctx, Object out, int index, int value) {
        ((MemoryBuffer) out).writeVarUInt32(value);
    }

    @Override
    public void writeBoolean(Object ctx, Object out, int index, boolean value) {
        ((MemoryBuffer) out).writeByte(value ? 1 : 0);
    }

    @Override
    public void writeString(Object ctx, Object out, int index, String value) {
        PayloadWrites.string((MemoryBuffer) out, value, maxElements, labels[index]);
    }

    @Override
    public void writeBytes(Object ctx, Object out, int index, byte[] value) {
        PayloadWrites.bytes((MemoryBuffer) out, value, maxElements, labels[index]);
    }

    @Override
    public void writeLongs(Object ctx, Object out, int index, long[] value) {
        PayloadWrites.longs((MemoryBuffer) out, value, maxElements, labels[index]);
    }

    @Override
    public void writeEnum(Object ctx, Object out, int index, Object value) {
        writeEnum((MemoryBuffer) out, value);
    }

    @Override
    public void writeValue(Object ctx, Object out, int index, Object value) {
        ((MemoryBuffer) out).writeByte(value == null ? 0 : 1);
        if (value != null) {
            valueSerializers[index].write((WriteContext) ctx, value);
        }
    }

    @Override
    public void writePolymorphic(Object ctx, Object out, int index, Object value) {
        writePolymorphic((WriteContext) ctx, (MemoryBuffer) out, index, value);
    }

    @Override
    public void writeCollection(Object ctx, Object out, int index, Collection<?> value) {
        writeElements((WriteContext) ctx, (MemoryBuffer) out, index, value);
    }

    @Override
    public void writeWalked(Object ctx, Object out, int index, Object value) {
        ShapeCodec.write(components[index].shape(), value, ForyWire.sink((WriteContext) ctx, types, maxElements, labels[index]),
                labels[index]);
    }

    @Override
    public long readLong(Object ctx, Object in, int index) {
        return ((MemoryBuffer) in).readVarUInt64();
    }

    @Override
    public int readInt(Object ctx, Object in, int index) {
        return PayloadReads.varuint32((MemoryBuffer) in, labels[index]);
    }

    @Override
    public boolean readBoolean(Object ctx, Object in, int index) {
        return PayloadReads.flag((MemoryBuffer) in, labels[index]);
    }

    @Override
    public String readString(Object ctx, Object in, int index) {
        return PayloadReads.string((MemoryBuffer) in, maxElements, labels[index], scratch);
    }

    @Override
    public byte[] readBytes(Object ctx, Object in, int index) {
        return PayloadReads.bytes((MemoryBuffer) in, maxElements, labels[index]);
    }

    @Override
    public long[] readLongs(Object ctx, Object in, int index) {
        return PayloadReads.longs((MemoryBuffer) in, maxElements, labels[index]);
    }

    @Override
    public Object readEnum(Object ctx, Object in, int index) {
        return readEnum((MemoryBuffer) in, index);
    }

    @Override
    public Object readValue(Object ctx, Object in, int index) {
        return PayloadReads.flag((MemoryBuffer) in, labels[index]) ? valueSerializers[index].read((ReadContext) ctx)
                : null;
    }

    @Override
    public Object readPolymorphic(Object ctx, Object in, int index) {
        return readPolymorphic((ReadContext) ctx, (MemoryBuffer) in, index);
    }

    @Override
    public Object readCollection(Object ctx, Object in, int index) {
        return readElements((ReadContext) ctx, (MemoryBuffer) in, index, components[index].kind() == Kind.SET);
    }

    @Override
    public Object readWalked(Object ctx, Object in, int index) {
        return ShapeCodec.read(components[index].shape(), ForyWire.source((ReadContext) ctx, types, scratch,
                maxElements, labels[index]), labels[index]);
    }

    // ---- per-kind code shared by both paths ----

    private static void writeEnum(MemoryBuffer out, Object constant) {
        out.writeVarUInt32(constant == null ? 0 : ((Enum<?>) constant).ordinal() + 1);
    }

    private Object readEnum(MemoryBuffer in, int i) {
        int v = PayloadReads.varuint32(in, labels[i]);
        return v == 0 ? null : Bounds.enumConstant(v - 1, components[i].enumConstants(), labels[i]);
    }

    private void writePolymorphic(WriteContext ctx, MemoryBuffer out, int i, Object v) {
        if (v == null) {
            out.writeByte(0);
            return;
        }
        ModelSerializer s = types.of(components[i].subtypeOf(labels[i], v));
        out.writeVarUInt32(s.model.id());
        s.write(ctx, v);
    }

    private Object readPolymorphic(ReadContext ctx, MemoryBuffer in, int i) {
        int id = PayloadReads.varuint32(in, labels[i]);
        if (id == 0) {
            return null;
        }
        ModelSerializer s = types.find(id);
        if (s == null) {
            throw new MalformedPayloadException(labels[i] + " holds type id " + Integer.toUnsignedString(id)
                    + " (expected: a registered type id)");
        }
        components[i].checkAssignable(s.model);
        return s.read(ctx);
    }

    /**
     * A list, or a catalog {@code IndexedSet}, by index (no iterator, so no garbage); any other set in iteration
     * order. VALUE elements inline to keep the stack shallow.
     */
    private void writeElements(WriteContext ctx, MemoryBuffer out, int i, Collection<?> elements) {
        if (elements == null) {
            out.writeByte(0);
            return;
        }
        Elements.requireDistinct(elements, labels[i]);
        int n = elements.size();
        Bounds.checkEncodeCount(n, maxElements, labels[i]);
        out.writeVarUInt32(n + 1);
        ModelSerializer values = valueSerializers[i];
        if (Elements.isIndexed(elements)) {
            for (int k = 0; k < n; k++) {
                Object e = Elements.requireElement(Elements.get(elements, k), labels[i]);
                if (values != null) {
                    values.write(ctx, e);
                } else {
                    writeElement(ctx, out, i, e);
                }
            }
        } else {
            for (Object e : elements) {
                if (values != null) {
                    values.write(ctx, Elements.requireElement(e, labels[i]));
                } else {
                    writeElement(ctx, out, i, Elements.requireElement(e, labels[i]));
                }
            }
        }
    }

    private void writeElement(WriteContext ctx, MemoryBuffer out, int i, Object e) {
        switch (components[i].elementKind()) {
            case STRING -> PayloadWrites.string(out, (String) e, maxElements, labels[i]);
            case ENUM -> writeEnum(out, e);
            case POLYMORPHIC -> writePolymorphic(ctx, out, i, e);
            default -> throw new IllegalStateException("element kind " + components[i].elementKind()
                    + " (expected: STRING, ENUM or POLYMORPHIC)");
        }
    }

    private Collection<Object> readElements(ReadContext ctx, MemoryBuffer in, int i, boolean set) {
        int n = PayloadReads.length(in, minElementBytes[i], maxElements, labels[i]);
        if (n == PayloadReads.NULL) {
            return null;
        }
        @SuppressWarnings("unchecked")
        Collection<Object> elements = (Collection<Object>) (set ? Container.SET : Container.LIST).newContainer(n);
        ModelSerializer values = valueSerializers[i];
        for (int k = 0; k < n; k++) {
            Object e = values != null ? values.read(ctx) : readElement(ctx, in, i);
            Elements.add(elements, e, labels[i], k);
        }
        return elements;
    }

    private Object readElement(ReadContext ctx, MemoryBuffer in, int i) {
        Component c = components[i];
        Object e = switch (c.elementKind()) {
            case STRING -> PayloadReads.string(in, maxElements, labels[i], scratch);
            case ENUM -> readEnum(in, i);
            case POLYMORPHIC -> readPolymorphic(ctx, in, i);
            default -> throw new IllegalStateException("element kind " + c.elementKind()
                    + " (expected: STRING, ENUM or POLYMORPHIC)");
        };
        if (e == null) {
            throw new MalformedPayloadException(Elements.nullElement(labels[i]));
        }
        return e;
    }

    @Override
    public String toString() {
        return "ModelSerializer[" + model + ']';
    }
}
