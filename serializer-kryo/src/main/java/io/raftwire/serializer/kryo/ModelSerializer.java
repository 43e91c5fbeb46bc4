package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.Container;
import io.raftwire.serializer.model.Elements;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.ShapeCodec;
import io.raftwire.serializer.model.TypeModel;

import java.util.Collection;

/**
 * The Kryo {@link Serializer} of one registered type, derived from its {@link TypeModel}: writes the components in
 * constructor order with Kryo's primitives and reads them back into the public constructor, in the layout documented
 * on {@link KryoSerializerProvider}. Nested values go through {@link Kryo#writeObject(Output, Object, Serializer)} and
 * {@link Kryo#readObject(Input, Class, Serializer)}, so Kryo tracks the depth, which is checked on entry.
 *
 * <p>Immutable once {@link #link linked}; shared by the Kryo instances of all threads. Expects the
 * {@link PayloadOutput} and whole-payload {@link Input} that {@link KryoSerializer} supplies.
 */
final class ModelSerializer extends Serializer<Object> {

    private final TypeModel model;
    private final Component[] components;
    private final String[] labels;
    private final int[] minElementBytes;
    private final ModelSerializer[] valueSerializers;
    private final int maxDepth;
    private final int maxElements;
    private KryoSchema schema;

    ModelSerializer(TypeModel model, SerializerOptions options) {
        super(false, true);
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
        this.maxElements = options.maxElements();
    }

    /** Resolves the serializers of VALUE components and elements, and the table for POLYMORPHIC ones. */
    void link(KryoSchema schema) {
        this.schema = schema;
        for (Component c : components) {
            if (c.valueKind() == Kind.VALUE) {
                valueSerializers[c.index()] = schema.of(c.valueModel());
            }
        }
    }

    /** The type this serializer handles. */
    TypeModel model() {
        return model;
    }

    @Override
    public void write(Kryo kryo, Output output, Object value) {
        Bounds.checkDepth(kryo.getDepth(), maxDepth);
        PayloadOutput out = (PayloadOutput) output;
        // One method per nesting level where possible (no per-component helper): a deep value must fit the stack.
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
                case STRING -> out.writeUtf8((String) c.get(value));
                case BYTES -> out.writeByteArray((byte[]) c.get(value));
                case LONGS -> out.writeLongArray((long[]) c.get(value));
                case ENUM -> writeEnum(out, c.get(value));
                case VALUE -> {
                    Object v = c.get(value);
                    out.writeByte(v == null ? 0 : 1);
                    if (v != null) {
                        kryo.writeObject(out, v, valueSerializers[i]);
                    }
                }
                case POLYMORPHIC -> writePolymorphic(kryo, out, i, c.get(value));
                case LIST, SET -> writeElements(kryo, out, i, (Collection<?>) c.get(value));
                default -> throw new IllegalStateException("kind " + c.kind() + " (expected: a Kind this provider"
                        + " knows)");
            }
        }
    }

    @Override
    public Object read(Kryo kryo, Input input, Class<?> type) {
        Bounds.checkDepth(kryo.getDepth(), maxDepth);
        Object[] args = new Object[components.length];
        KryoWire wire = null;
        for (int i = 0; i < components.length; i++) {
            Component c = components[i];
            if (c.walked()) {
                wire = wire == null ? KryoWire.source(kryo, input, schema, maxElements, labels[i]) : wire.at(labels[i]);
                args[i] = ShapeCodec.read(c.shape(), wire, labels[i]);
                continue;
            }
            args[i] = switch (c.kind()) {
                case LONG -> input.readVarLong(true);
                case INT -> input.readVarInt(true);
                case BOOLEAN -> PayloadReads.flag(input, labels[i]);
                case STRING -> PayloadReads.string(input, maxElements, labels[i]);
                case BYTES -> PayloadReads.bytes(input, maxElements, labels[i]);
                case LONGS -> PayloadReads.longs(input, maxElements, labels[i]);
                case ENUM -> readEnum(input, i);
                case VALUE -> PayloadReads.flag(input, labels[i])
                        ? kryo.readObject(input, c.rawType(), valueSerializers[i]) : null;
                case POLYMORPHIC -> readPolymorphic(kryo, input, i);
                case LIST, SET -> readElements(kryo, input, i, c.kind() == Kind.SET);
                default -> throw new IllegalStateException("kind " + c.kind() + " (expected: a native kind)");
            };
        }
        return model.instantiate(args);
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
        ModelSerializer s = schema.find(id);
        if (s == null) {
            throw new MalformedPayloadException(labels[i] + " holds type id " + Integer.toUnsignedString(id)
                    + " (expected: a registered type id)");
        }
        components[i].checkAssignable(s.model);
        return kryo.readObject(in, s.model.javaType(), s);
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
        int n = elements.size();
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
            case STRING -> out.writeUtf8((String) e);
            case ENUM -> writeEnum(out, e);
            case POLYMORPHIC -> writePolymorphic(kryo, out, i, e);
            default -> throw new IllegalStateException("element kind " + components[i].elementKind()
                    + " (expected: STRING, ENUM or POLYMORPHIC)");
        }
    }

    private Collection<Object> readElements(Kryo kryo, Input in, int i, boolean set) {
        int n = PayloadReads.length(in, minElementBytes[i], maxElements, labels[i]);
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
