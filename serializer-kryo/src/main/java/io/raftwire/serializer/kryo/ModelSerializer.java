package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.KryoBufferUnderflowException;
import com.esotericsoftware.kryo.io.Output;
import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.CodecSwitch;
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

/**
 * The Kryo {@link Serializer} of one registered type, derived from its {@link TypeModel}: writes the components in
 * constructor order with Kryo's primitives and reads them back into the public constructor, in the layout documented
 * on {@link KryoSerializerProvider}. Nested values go through {@link Kryo#writeObject(Output, Object, Serializer)} and
 * {@link Kryo#readObject(Input, Class, Serializer)}, so Kryo tracks the depth, which is checked on entry.
 *
 * <p>Two paths over the components, chosen by {@link SerializerOptions#codecPath()}: the type's
 * {@link GeneratedCodec} (direct field reads and constructor call, one compiled path per type) calling back the
 * per-kind methods of {@link ComponentWriter}/{@link ComponentReader} here, or the generic walk over the
 * {@link TypeModel}, the reference. They write the same bytes and refuse the same input with the same messages; the
 * contract suite checks both against each other. The walk uses Kryo's own reads and writes and enters every nested
 * value through {@code Kryo.writeObject}/{@code readObject}. The generated path owns the whole payload instead: it
 * reads and writes the buffer directly ({@link PayloadOutput}, {@link PayloadInput}: same bytes, a fraction of Kryo's
 * code size) and enters a nested value of a generated type by a direct call of that type's
 * serializer ({@link #writeDirect}, {@link #readDirect}), without Kryo's generic dispatch and per-call bookkeeping
 * (a profile of the walk showed them as its largest cost). The depth such calls enter is counted in the output's or
 * input's {@code directDepth} and added to Kryo's own, so the depth limit and its message are the walk's.
 *
 * <p>Immutable once {@link #link linked}; shared by the Kryo instances of all threads. Expects the
 * {@link PayloadOutput} and whole-payload {@link PayloadInput} that {@link KryoSerializer} supplies (given any other
 * {@link Input}, a read walks).
 */
final class ModelSerializer extends Serializer<Object> implements ComponentWriter, ComponentReader {

    private final TypeModel model;
    /** {@code model.id()}, kept here so that the encode path reads it without a call. */
    private final int id;
    private final Component[] components;
    private final String[] labels;
    private final int[] minElementBytes;
    private final ModelSerializer[] valueSerializers;
    /**
     * Per POLYMORPHIC component or element: which registry ids it may hold (its {@link Component#subtypes()}), the
     * generated path's check; else null.
     */
    private final boolean[][] assignableIds;
    /**
     * Per POLYMORPHIC component or element: its registered subtypes' classes and, at the same index, their
     * serializers, the generated path's lookup by exact class (a few reference comparisons instead of a hash probe);
     * else null.
     */
    private final Class<?>[][] subtypeClasses;
    private final ModelSerializer[][] subtypeSerializers;
    /** Per component: its element kind if a native collection, else null. */
    private final Kind[] elementKinds;
    /** Per component: the enum constants of an ENUM component or element, else null. */
    private final Object[][] enumConstants;
    private final int maxDepth;
    private final int maxPayloadBytes;
    private final int maxElements;
    /** The type's generated code, or null to walk (configured so, or not generated on this JVM). */
    private final GeneratedCodec generated;
    private KryoSchema schema;
    /** The registry's switch into the generated codecs, for the payload's own value; null to call them directly. */
    private CodecSwitch codecs;

    ModelSerializer(TypeModel model, SerializerOptions options) {
        super(false, true);
        this.model = model;
        this.id = model.id();
        this.components = model.components().toArray(new Component[0]);
        this.labels = new String[components.length];
        this.minElementBytes = new int[components.length];
        this.valueSerializers = new ModelSerializer[components.length];
        this.enumConstants = new Object[components.length][];
        this.assignableIds = new boolean[components.length][];
        this.subtypeClasses = new Class<?>[components.length][];
        this.subtypeSerializers = new ModelSerializer[components.length][];
        this.elementKinds = new Kind[components.length];
        for (Component c : components) {
            enumConstants[c.index()] = c.walked() ? null : c.enumConstants();
            elementKinds[c.index()] = c.elementKind();
            labels[c.index()] = model.name() + '.' + c.name();
            // Every component takes at least one byte, so a VALUE element takes at least one per component.
            minElementBytes[c.index()] = c.elementKind() == Kind.VALUE ? Math.max(1, c.valueModel().size()) : 1;
        }
        this.maxDepth = options.maxDepth();
        this.maxPayloadBytes = options.maxPayloadBytes();
        this.maxElements = options.maxElements();
        this.generated = options.codecPath() == CodecPath.GENERATED ? model.generated() : null;
    }

    /** Resolves the serializers of VALUE components and elements, and the table for POLYMORPHIC ones. */
    void link(KryoSchema schema) {
        this.schema = schema;
        this.codecs = generated == null ? null : schema.codecs();
        for (Component c : components) {
            if (c.valueKind() == Kind.VALUE) {
                valueSerializers[c.index()] = schema.of(c.valueModel());
            } else if (!c.walked() && c.valueKind() == Kind.POLYMORPHIC) {
                boolean[] ids = new boolean[c.subtypes().stream().mapToInt(TypeModel::id).max().orElse(0) + 1];
                c.subtypes().forEach(m -> ids[m.id()] = true);
                assignableIds[c.index()] = ids;
                subtypeClasses[c.index()] = c.subtypes().stream().map(TypeModel::javaType).toArray(Class<?>[]::new);
                subtypeSerializers[c.index()] = c.subtypes().stream().map(schema::of)
                        .toArray(ModelSerializer[]::new);
            }
        }
    }

    /** The type this serializer handles. */
    TypeModel model() {
        return model;
    }

    /** The switch {@link #writePayload} goes through, or null (for tests). */
    CodecSwitch codecs() {
        return codecs;
    }

    /**
     * Writes the payload's own value (depth 1) as {@link #writeDirect} does, through the registry's {@link CodecSwitch}
     * where there is one: the call for every message comes from one site, which a virtual call into the type's
     * generated codec would make megamorphic. Nested values keep {@link #writeDirect}.
     */
    void writePayload(Kryo kryo, PayloadOutput out, Object value) {
        if (codecs == null) {
            writeDirect(kryo, out, value);
            return;
        }
        writeGenerated(kryo, out, value, true);
    }

    /**
     * Writes {@code value}, a non-null instance of this type, as a value entered one level deeper than the current
     * one: on the generated path by a direct call (depth counted in {@link PayloadOutput#directDepth}), otherwise
     * through {@code Kryo.writeObject}, as the walk does. Same bytes and same depth check either way.
     */
    void writeDirect(Kryo kryo, PayloadOutput out, Object value) {
        if (generated == null) {
            kryo.writeObject(out, value, this);
            return;
        }
        writeGenerated(kryo, out, value, false);
    }

    /** One level deeper, checked against the depth limit: the generated encode, through the switch or directly. */
    private void writeGenerated(Kryo kryo, PayloadOutput out, Object value, boolean switched) {
        int depth = ++out.directDepth;
        try {
            Bounds.checkDepth(kryo.getDepth() + depth, maxDepth);
            Bounds.checkEncodedSize(out.written(), maxPayloadBytes);
            if (out.downLevel != null && out.downLevel.write(this, kryo, out, value)) {
                return;
            }
            if (switched) {
                codecs.encode(id, value, this, kryo, out);
            } else {
                generated.encode(value, this, kryo, out);
            }
        } catch (IOException e) {
            throw new IllegalStateException("a Kryo write threw an IOException, which it never does", e);
        } finally {
            out.directDepth--;
        }
    }

    /**
     * Reads a value of this type entered one level deeper than the current one: on the generated path by a direct
     * call (depth counted in {@link PayloadInput#directDepth}), otherwise through {@code Kryo.readObject}, as the walk
     * does.
     */
    Object readDirect(Kryo kryo, PayloadInput in) {
        if (generated == null) {
            return kryo.readObject(in, model.javaType(), this);
        }
        int depth = ++in.directDepth;
        int start = in.position();
        try {
            Bounds.checkDepth(kryo.getDepth() + depth, maxDepth);
            if (in.resolving != null) {
                ResolvedType resolved = in.resolving.apply(id);
                if (resolved != null) {
                    return resolved.read(kryo, in);
                }
            }
            return generated.decode(this, kryo, in);
        } catch (IOException e) {
            throw new IllegalStateException("a Kryo read threw an IOException, which it never does", e);
        } catch (KryoException e) {
            throw truncation(kryo, in, start, e);
        } finally {
            in.directDepth--;
        }
    }

    @Override
    public void write(Kryo kryo, Output output, Object value) {
        PayloadOutput out = (PayloadOutput) output;
        Bounds.checkDepth(kryo.getDepth() + out.directDepth, maxDepth);
        Bounds.checkEncodedSize(out.written(), maxPayloadBytes);
        if (out.downLevel != null && out.downLevel.write(this, kryo, out, value)) {
            return;
        }
        if (generated != null) {
            try {
                generated.encode(value, this, kryo, out);
            } catch (IOException e) {
                throw new IllegalStateException("a Kryo write threw an IOException, which it never does", e);
            }
            return;
        }
        // The walk: the reference implementation. One method per nesting level where possible (no per-component
        // helper): a deep value must fit the stack.
        KryoWire wire = null;
        for (int i = 0; i < components.length; i++) {
            Component c = components[i];
            if (c.walked()) {
                wire = wire == null ? KryoWire.sink(kryo, out, schema, labels[i]) : wire.at(labels[i]);
                ShapeCodec.write(c.shape(), c.get(value), wire, labels[i]);
                continue;
            }
            switch (c.kind()) {
                case LONG -> out.writeVarLong(c.getLong(value), true);
                case INT -> out.writeVarInt(c.getInt(value), true);
                case BOOLEAN -> out.writeByte(c.getBoolean(value) ? 1 : 0);
                case STRING -> out.writeUtf8((String) c.get(value), labels[i]);
                case BYTES -> out.writeByteArray((byte[]) c.get(value), labels[i]);
                case LONGS -> out.writeLongArray((long[]) c.get(value), labels[i]);
                case ENUM -> writeEnum(out, c.get(value));
                case VALUE -> writeValue(kryo, out, i, c.get(value));
                case POLYMORPHIC -> writePolymorphic(kryo, out, i, c.get(value));
                case LIST, SET -> writeElements(kryo, out, i, (Collection<?>) c.get(value));
                default -> throw new IllegalStateException("kind " + c.kind() + " (expected: a Kind this provider"
                        + " knows)");
            }
        }
    }

    @Override
    public Object read(Kryo kryo, Input input, Class<?> type) {
        PayloadInput direct = input instanceof PayloadInput p ? p : null;
        Bounds.checkDepth(kryo.getDepth() + (direct == null ? 0 : direct.directDepth), maxDepth);
        if (direct != null && direct.resolving != null) {
            ResolvedType resolved = direct.resolving.apply(id);
            if (resolved != null) {
                return resolved.read(kryo, input);
            }
        }
        if (generated != null && direct != null) {
            int start = input.position();
            try {
                return generated.decode(this, kryo, input);
            } catch (IOException e) {
                throw new IllegalStateException("a Kryo read threw an IOException, which it never does", e);
            } catch (KryoException e) {
                throw truncation(kryo, input, start, e);
            }
        }
        return walk(kryo, input);
    }

    /**
     * What to throw for a Kryo exception of the generated decode: a truncation is read again from {@code start} by
     * the walk, which names the component the bytes ran out in (the two paths read the same bytes); anything else as
     * it is.
     */
    private RuntimeException truncation(Kryo kryo, Input input, int start, KryoException e) {
        if (!truncated(e)) {
            return e;
        }
        input.setPosition(start);
        try {
            walk(kryo, input);
        } catch (RuntimeException named) {
            return named;
        }
        return e;
    }

    /** Whether Kryo ran out of payload bytes. */
    static boolean truncated(KryoException e) {
        return e instanceof KryoBufferUnderflowException
                || (e.getMessage() != null && e.getMessage().startsWith("Buffer too small"));
    }

    /** The walk over the components: every read in component order, a truncation refused naming the component. */
    private Object walk(Kryo kryo, Input input) {
        Object[] args = new Object[components.length];
        KryoWire wire = null;
        int i = 0;
        try {
            for (; i < components.length; i++) {
                Component c = components[i];
                if (c.walked()) {
                    wire = wire == null ? KryoWire.source(kryo, input, schema, maxElements, labels[i])
                            : wire.at(labels[i]);
                    args[i] = ShapeCodec.read(c.shape(), wire, labels[i]);
                    continue;
                }
                args[i] = readNative(kryo, input, i);
            }
        } catch (KryoException e) {
            if (truncated(e)) {
                throw Bounds.truncated(labels[i]);
            }
            throw e;
        }
        return model.instantiate(args);
    }

    /**
     * Reads component {@code i} as the walk does (its own layout, bounds and messages), for a decoder that reads the
     * components one at a time in another order ({@link ResolvedType}). A truncation is left to the caller.
     */
    Object readComponent(Kryo kryo, Input input, int i) {
        Component c = components[i];
        if (c.walked()) {
            return ShapeCodec.read(c.shape(), KryoWire.source(kryo, input, schema, maxElements, labels[i]), labels[i]);
        }
        return readNative(kryo, input, i);
    }

    /** Reads component {@code i}, of a kind kryo writes natively (not walked). */
    private Object readNative(Kryo kryo, Input input, int i) {
        Component c = components[i];
        return switch (c.kind()) {
            case LONG -> input.readVarLong(true);
            case INT -> input.readVarInt(true);
            case BOOLEAN -> PayloadReads.flag(input, labels[i]);
            case STRING -> PayloadReads.string(input, maxElements, labels[i]);
            case BYTES -> PayloadReads.bytes(input, maxElements, labels[i]);
            case LONGS -> PayloadReads.longs(input, maxElements, labels[i]);
            case ENUM -> readEnum(input, i);
            case VALUE -> readValue(kryo, input, i);
            case POLYMORPHIC -> readPolymorphic(kryo, input, i);
            case LIST, SET -> readElements(kryo, input, i, c.kind() == Kind.SET);
            default -> throw new IllegalStateException("kind " + c.kind() + " (expected: a native kind)");
        };
    }

    /** {@code Type.component}, as messages name component {@code i}. */
    String label(int i) {
        return labels[i];
    }

    /** The schema this serializer is linked into. */
    KryoSchema schema() {
        return schema;
    }

    // ---- the generated path: one method per kind (ComponentWriter/ComponentReader), straight on the buffer ----

    @Override
    public void writeLong(Object kryo, Object out, int index, long value) {
        ((PayloadOutput) out).directVarLong(value);
    }

    @Override
    public void writeInt(Object kryo, Object out, int index, int value) {
        ((PayloadOutput) out).directVarInt(value);
    }

    @Override
    public void writeBoolean(Object kryo, Object out, int index, boolean value) {
        ((PayloadOutput) out).directByte(value ? 1 : 0);
    }

    @Override
    public void writeString(Object kryo, Object out, int index, String value) {
        ((PayloadOutput) out).directUtf8(value, labels[index]);
    }

    @Override
    public void writeBytes(Object kryo, Object out, int index, byte[] value) {
        ((PayloadOutput) out).directByteArray(value, labels[index]);
    }

    @Override
    public void writeLongs(Object kryo, Object out, int index, long[] value) {
        ((PayloadOutput) out).directLongArray(value, labels[index]);
    }

    @Override
    public void writeEnum(Object kryo, Object out, int index, Object value) {
        ((PayloadOutput) out).directVarInt(value == null ? 0 : ((Enum<?>) value).ordinal() + 1);
    }

    @Override
    public void writeValue(Object kryo, Object out, int index, Object value) {
        PayloadOutput o = (PayloadOutput) out;
        if (value == null) {
            o.directByte(0);
            return;
        }
        o.directByte(1);
        valueSerializers[index].writeDirect((Kryo) kryo, o, value);
    }

    @Override
    public void writePolymorphic(Object kryo, Object out, int index, Object value) {
        PayloadOutput o = (PayloadOutput) out;
        if (value == null) {
            o.directByte(0);
            return;
        }
        ModelSerializer s = subtype(index, value);
        o.directVarInt(s.model.id());
        s.writeDirect((Kryo) kryo, o, value);
    }

    /** The serializer of the registered subtype {@code value} is, or the walk's refusal if it is none. */
    private ModelSerializer subtype(int index, Object value) {
        Class<?> type = value.getClass();
        Class<?>[] classes = subtypeClasses[index];
        for (int k = 0; k < classes.length; k++) {
            if (classes[k] == type) {
                return subtypeSerializers[index][k];
            }
        }
        return schema.of(components[index].subtypeOf(labels[index], value));
    }

    /** As {@link #writeElements}, each element written directly. */
    @Override
    public void writeCollection(Object kryo, Object out, int index, Collection<?> elements) {
        PayloadOutput o = (PayloadOutput) out;
        if (elements == null) {
            o.directByte(0);
            return;
        }
        Kryo k = (Kryo) kryo;
        Elements.requireDistinct(elements, labels[index]);
        int n = elements.size();
        o.checkCount(n, labels[index]);
        o.directVarInt(n + 1);
        if (Elements.isIndexed(elements)) {
            for (int e = 0; e < n; e++) {
                writeElementDirect(k, o, index, Elements.requireElement(Elements.get(elements, e), labels[index]));
            }
        } else {
            for (Object e : elements) {
                writeElementDirect(k, o, index, Elements.requireElement(e, labels[index]));
            }
        }
    }

    /** Typed {@code Object} so that the calls below reach the generated path's methods, not the walk's overloads. */
    private void writeElementDirect(Object kryo, Object out, int index, Object e) {
        ModelSerializer values = valueSerializers[index];
        if (values != null) {
            values.writeDirect((Kryo) kryo, (PayloadOutput) out, e);
            return;
        }
        switch (elementKinds[index]) {
            case STRING -> ((PayloadOutput) out).directUtf8((String) e, labels[index]);
            case ENUM -> writeEnum(kryo, out, index, e);
            case POLYMORPHIC -> writePolymorphic(kryo, out, index, e);
            default -> throw new IllegalStateException("element kind " + elementKinds[index]
                    + " (expected: STRING, ENUM or POLYMORPHIC)");
        }
    }

    @Override
    public void writeWalked(Object kryo, Object out, int index, Object value) {
        ShapeCodec.write(components[index].shape(), value, KryoWire.sink((Kryo) kryo, (PayloadOutput) out, schema,
                labels[index]), labels[index]);
    }

    @Override
    public long readLong(Object kryo, Object in, int index) {
        return ((PayloadInput) in).directVarLong();
    }

    @Override
    public int readInt(Object kryo, Object in, int index) {
        return ((PayloadInput) in).directVarInt();
    }

    @Override
    public boolean readBoolean(Object kryo, Object in, int index) {
        return ((PayloadInput) in).directFlag(labels[index]);
    }

    @Override
    public String readString(Object kryo, Object in, int index) {
        return ((PayloadInput) in).directString(maxElements, labels[index]);
    }

    @Override
    public byte[] readBytes(Object kryo, Object in, int index) {
        return ((PayloadInput) in).directBytes(maxElements, labels[index]);
    }

    @Override
    public long[] readLongs(Object kryo, Object in, int index) {
        return ((PayloadInput) in).directLongs(maxElements, labels[index]);
    }

    @Override
    public Object readEnum(Object kryo, Object in, int index) {
        int v = ((PayloadInput) in).directVarInt();
        return v == 0 ? null : Bounds.enumConstant(v - 1, enumConstants[index], labels[index]);
    }

    @Override
    public Object readValue(Object kryo, Object in, int index) {
        PayloadInput i = (PayloadInput) in;
        return i.directFlag(labels[index]) ? valueSerializers[index].readDirect((Kryo) kryo, i) : null;
    }

    @Override
    public Object readPolymorphic(Object kryo, Object in, int index) {
        PayloadInput i = (PayloadInput) in;
        int id = i.directVarInt();
        if (id == 0) {
            return null;
        }
        ModelSerializer s = schema.find(id);
        boolean[] ids = assignableIds[index];
        if (s == null || id >= ids.length || !ids[id]) {
            s = polymorphic(id, index); // throws the walk's refusal
        }
        return s.readDirect((Kryo) kryo, i);
    }

    /** As {@link #readElements}, each element read directly. */
    @Override
    public Object readCollection(Object kryo, Object in, int index) {
        PayloadInput i = (PayloadInput) in;
        int n = i.directLength(minElementBytes(i, index), maxElements, labels[index]);
        if (n == PayloadReads.NULL) {
            return null;
        }
        @SuppressWarnings("unchecked")
        Collection<Object> elements = (Collection<Object>) (components[index].kind() == Kind.SET ? Container.SET
                : Container.LIST).newContainer(n);
        Kryo k = (Kryo) kryo;
        ModelSerializer values = valueSerializers[index];
        for (int e = 0; e < n; e++) {
            Elements.add(elements, values != null ? values.readDirect(k, i) : readElementDirect(k, i, index),
                    labels[index], e);
        }
        return elements;
    }

    /** Typed {@code Object} so that the calls below reach the generated path's methods, not the walk's overloads. */
    private Object readElementDirect(Object kryo, Object in, int index) {
        Object e = switch (elementKinds[index]) {
            case STRING -> ((PayloadInput) in).directString(maxElements, labels[index]);
            case ENUM -> readEnum(kryo, in, index);
            case POLYMORPHIC -> readPolymorphic(kryo, in, index);
            default -> throw new IllegalStateException("element kind " + elementKinds[index]
                    + " (expected: STRING, ENUM or POLYMORPHIC)");
        };
        if (e == null) {
            throw new MalformedPayloadException(Elements.nullElement(labels[index]));
        }
        return e;
    }

    @Override
    public Object readWalked(Object kryo, Object in, int index) {
        return ShapeCodec.read(components[index].shape(), KryoWire.source((Kryo) kryo, (Input) in, schema,
                maxElements, labels[index]), labels[index]);
    }

    // ---- per-kind code shared by both paths ----

    private void writeValue(Kryo kryo, PayloadOutput out, int i, Object v) {
        out.writeByte(v == null ? 0 : 1);
        if (v != null) {
            kryo.writeObject(out, v, valueSerializers[i]);
        }
    }

    private Object readValue(Kryo kryo, Input in, int i) {
        return PayloadReads.flag(in, labels[i]) ? kryo.readObject(in, components[i].rawType(), valueSerializers[i])
                : null;
    }

    private static void writeEnum(PayloadOutput out, Object constant) {
        out.writeVarInt(constant == null ? 0 : ((Enum<?>) constant).ordinal() + 1, true);
    }

    private Object readEnum(Input in, int i) {
        int v = in.readVarInt(true);
        return v == 0 ? null : Bounds.enumConstant(v - 1, components[i].enumConstants(), labels[i]);
    }

    private void writePolymorphic(Kryo kryo, PayloadOutput out, int i, Object v) {
        if (v == null) {
            out.writeByte(0);
            return;
        }
        ModelSerializer s = schema.of(components[i].subtypeOf(labels[i], v));
        out.writeVarInt(s.model.id(), true);
        kryo.writeObject(out, v, s);
    }

    private Object readPolymorphic(Kryo kryo, Input in, int i) {
        int id = in.readVarInt(true);
        if (id == 0) {
            return null;
        }
        ModelSerializer s = polymorphic(id, i);
        return kryo.readObject(in, s.model.javaType(), s);
    }

    /** The serializer of the type a polymorphic component or element names by {@code id}, checked. */
    private ModelSerializer polymorphic(int id, int i) {
        ModelSerializer s = schema.find(id);
        if (s == null) {
            throw new MalformedPayloadException(labels[i] + " holds type id " + Integer.toUnsignedString(id)
                    + " (expected: a registered type id)");
        }
        components[i].checkAssignable(s.model);
        return s;
    }

    /**
     * A list, or a catalog {@link IndexedSet}, by index (no iterator, so no garbage); any other set in iteration
     * order. VALUE elements inline to keep the stack shallow.
     */
    private void writeElements(Kryo kryo, PayloadOutput out, int i, Collection<?> elements) {
        if (elements == null) {
            out.writeByte(0);
            return;
        }
        Elements.requireDistinct(elements, labels[i]);
        int n = elements.size();
        out.checkCount(n, labels[i]);
        out.writeVarInt(n + 1, true);
        ModelSerializer values = valueSerializers[i];
        if (Elements.isIndexed(elements)) {
            for (int k = 0; k < n; k++) {
                Object e = Elements.requireElement(Elements.get(elements, k), labels[i]);
                if (values != null) {
                    kryo.writeObject(out, e, values);
                } else {
                    writeElement(kryo, out, i, e);
                }
            }
        } else {
            for (Object e : elements) {
                if (values != null) {
                    kryo.writeObject(out, Elements.requireElement(e, labels[i]), values);
                } else {
                    writeElement(kryo, out, i, Elements.requireElement(e, labels[i]));
                }
            }
        }
    }

    private void writeElement(Kryo kryo, PayloadOutput out, int i, Object e) {
        switch (components[i].elementKind()) {
            case STRING -> out.writeUtf8((String) e, labels[i]);
            case ENUM -> writeEnum(out, e);
            case POLYMORPHIC -> writePolymorphic(kryo, out, i, e);
            default -> throw new IllegalStateException("element kind " + components[i].elementKind()
                    + " (expected: STRING, ENUM or POLYMORPHIC)");
        }
    }

    private Collection<Object> readElements(Kryo kryo, Input in, int i, boolean set) {
        int n = PayloadReads.length(in, minElementBytes(in, i), maxElements, labels[i]);
        if (n == PayloadReads.NULL) {
            return null;
        }
        @SuppressWarnings("unchecked")
        Collection<Object> elements = (Collection<Object>) (set ? Container.SET : Container.LIST).newContainer(n);
        ModelSerializer values = valueSerializers[i];
        for (int k = 0; k < n; k++) {
            Object e = values != null ? kryo.readObject(in, values.model.javaType(), values) : readElement(kryo, in, i);
            Elements.add(elements, e, labels[i], k);
        }
        return elements;
    }

    /**
     * The fewest bytes an element of component {@code i} takes, for the count's bound: one per component of a value
     * element, but one in all while a {@link KryoResolvingDecoder} decodes, as a changed element type's writer may
     * have had fewer components than the reader.
     */
    private int minElementBytes(Input in, int i) {
        return in instanceof PayloadInput p && p.resolving != null ? 1 : minElementBytes[i];
    }

    private Object readElement(Kryo kryo, Input in, int i) {
        Component c = components[i];
        Object e = switch (c.elementKind()) {
            case STRING -> PayloadReads.string(in, maxElements, labels[i]);
            case ENUM -> readEnum(in, i);
            case POLYMORPHIC -> readPolymorphic(kryo, in, i);
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
