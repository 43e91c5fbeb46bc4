package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import io.raftwire.serializer.AbstractResolvingDecoder;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.schema.FieldSchema;
import io.raftwire.serializer.schema.ReadPlan;
import io.raftwire.serializer.schema.ShapeSchema;
import io.raftwire.serializer.schema.WrittenConstants;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * How one registered type is read from bytes its writer laid out with another schema, following a
 * {@link ReadPlan}: the written components in the writer's order, each read in kryo's layout of the writer's shape
 * and stored into the reader's constructor slot (sign-extended for {@code int} to {@code long}, enum constants mapped
 * by name) or read and dropped; then the reader's components the writer lacked set to their defaults, and the reader's
 * constructor called. Built once per (writer schema, type); immutable and thread-safe.
 *
 * <p>What it does not do yet, refused when it is built, naming the component: skip a removed walked component, convert
 * a walked widened component, map enum constants inside a walked component or a collection. Registered values nested
 * in a component are read with the reader's own codec, so {@link KryoResolvingDecoder} refuses a writer schema in
 * which a changed type is nested.
 */
final class ResolvedType {

    /** One written component. */
    private interface Step {
        void read(Kryo kryo, Input in, Object[] args);
    }

    private final ModelSerializer reader;
    private final Step[] steps;
    private final String[] labels;
    private final int[] defaultSlots;
    private final Object[] defaultValues;

    /**
     * @param plan     the type's plan, not an identity one
     * @param reader   the reader's serializer of the type
     * @param changed  which type ids are read through a plan that is not an identity (a removed value of one cannot
     *                 be skipped with the reader's codec)
     * @throws IllegalArgumentException naming the component, if this decoder cannot follow the plan
     */
    ResolvedType(ReadPlan plan, ModelSerializer reader, IntPredicate changed, int maxElements) {
        this.reader = reader;
        List<Step> s = new ArrayList<>();
        List<String> l = new ArrayList<>();
        for (ReadPlan.Read r : plan.reads()) {
            // A skipped component is named as the writer named it; a read one as the reader names it.
            String label = r.skipped() ? plan.writer().simpleName() + '.' + r.written().name()
                    : reader.label(r.readerIndex());
            l.add(label);
            s.add(step(r, label, changed, maxElements));
        }
        this.steps = s.toArray(new Step[0]);
        this.labels = l.toArray(new String[0]);
        this.defaultSlots = plan.defaults().stream().mapToInt(ReadPlan.Default::readerIndex).toArray();
        this.defaultValues = plan.defaults().stream().map(ReadPlan.Default::value).toArray();
    }

    private Step step(ReadPlan.Read r, String label, IntPredicate changed, int maxElements) {
        FieldSchema w = r.written();
        if (r.skipped()) {
            Skipper skipper = Skipper.of(w, label, changed, maxElements);
            return (kryo, in, args) -> skipper.skip(kryo, in, reader.schema());
        }
        int slot = r.readerIndex();
        if (r.conversion() == ReadPlan.Conversion.INT_TO_LONG && !w.walked()) {
            return (kryo, in, args) -> args[slot] = (long) in.readVarInt(true);
        }
        if (r.conversion() != ReadPlan.Conversion.NONE) {
            throw unsupported(label, "convert the walked component " + w.shape() + " (" + r.conversion() + ")");
        }
        for (ReadPlan.EnumMapping m : r.enums()) {
            if (WrittenConstants.unchanged(m)) {
                continue;
            }
            if (!m.path().isEmpty() || w.walked()) {
                throw unsupported(label, "map enum constants by name inside " + w.shape() + " (at '" + m.path()
                        + "')");
            }
            WrittenConstants constants = WrittenConstants.of(m, reader.model().components().get(slot)
                    .enumConstants());
            return (kryo, in, args) -> args[slot] = constants.read(Integer.toUnsignedLong(in.readVarInt(true)),
                    label);
        }
        return (kryo, in, args) -> args[slot] = reader.readComponent(kryo, in, slot);
    }

    /** Reads one value written with the writer's schema into the reader's type; truncation refused naming where. */
    Object read(Kryo kryo, Input in) {
        Object[] args = new Object[reader.model().size()];
        int i = 0;
        try {
            for (; i < steps.length; i++) {
                steps[i].read(kryo, in, args);
            }
        } catch (KryoException e) {
            if (ModelSerializer.truncated(e)) {
                throw Bounds.truncated(labels[i]);
            }
            throw e;
        }
        for (int d = 0; d < defaultSlots.length; d++) {
            args[defaultSlots[d]] = defaultValues[d];
        }
        return reader.model().instantiate(args);
    }

    private static IllegalArgumentException unsupported(String label, String what) {
        return AbstractResolvingDecoder.unsupported(KryoSerializerProvider.NAME, label, what);
    }

    /** Reads and drops one written component by the writer's shape, in kryo's native layout. */
    private record Skipper(Kind kind, Kind elementKind, int valueId, String label, IntPredicate changed,
            int max) {

        static Skipper of(FieldSchema w, String label, IntPredicate changed, int maxElements) {
            ShapeSchema s = w.shape();
            if (w.walked()) {
                throw unsupported(label, "skip the removed walked component " + s);
            }
            Kind element = s.element() == null ? null : s.element().kind();
            ShapeSchema value = s.kind() == Kind.VALUE ? s : element == Kind.VALUE ? s.element() : null;
            int valueId = value == null ? 0 : value.typeId();
            if (valueId != 0 && changed.test(valueId)) {
                throw unsupported(label, "skip a removed component holding type " + valueId + ", which changed too");
            }
            return new Skipper(s.kind(), element, valueId, label, changed, maxElements);
        }

        void skip(Kryo kryo, Input in, KryoSchema schema) {
            switch (kind) {
                case LONG -> in.readVarLong(true);
                case INT, ENUM -> in.readVarInt(true);
                case BOOLEAN -> PayloadReads.flag(in, label);
                case STRING -> PayloadReads.string(in, max, label);
                case BYTES -> PayloadReads.bytes(in, max, label);
                case LONGS -> PayloadReads.longs(in, max, label);
                case VALUE -> {
                    if (PayloadReads.flag(in, label)) {
                        value(kryo, in, schema, valueId);
                    }
                }
                case POLYMORPHIC -> polymorphic(kryo, in, schema);
                case LIST, SET -> {
                    int n = PayloadReads.length(in, 1, max, label);
                    for (int k = 0; k < n; k++) {
                        switch (elementKind) {
                            case STRING -> PayloadReads.string(in, max, label);
                            case ENUM -> in.readVarInt(true);
                            case VALUE -> value(kryo, in, schema, valueId);
                            case POLYMORPHIC -> polymorphic(kryo, in, schema);
                            default -> throw new IllegalStateException("element kind " + elementKind
                                    + " (expected: STRING, ENUM, VALUE or POLYMORPHIC)");
                        }
                    }
                }
                default -> throw new IllegalStateException("kind " + kind + " (expected: a native kind)");
            }
        }

        private void polymorphic(Kryo kryo, Input in, KryoSchema schema) {
            int id = in.readVarInt(true);
            if (id != 0) {
                value(kryo, in, schema, id);
            }
        }

        private void value(Kryo kryo, Input in, KryoSchema schema, int id) {
            ModelSerializer s = schema.find(id);
            if (s == null || changed.test(id)) {
                throw new MalformedPayloadException(label + " holds type id " + Integer.toUnsignedString(id)
                        + " (expected: a type id the reader registers " + (s == null ? "" : "unchanged ")
                        + "to skip the removed component)");
            }
            kryo.readObject(in, s.model().javaType(), s);
        }
    }
}
