package io.raftwire.serializer.fory;

import io.raftwire.serializer.AbstractResolvingDecoder;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.schema.FieldSchema;
import io.raftwire.serializer.schema.ReadPlan;
import io.raftwire.serializer.schema.ShapeSchema;
import io.raftwire.serializer.schema.WrittenConstants;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

import org.apache.fory.context.ReadContext;
import org.apache.fory.memory.MemoryBuffer;

/**
 * How one registered type is read from bytes its writer laid out with another schema, following a
 * {@link ReadPlan}: the written components in the writer's order, each read in Fory's layout of the writer's shape
 * (the reader's {@link ModelSerializer#readComponent}: same bounds and messages as the walk) and stored into the
 * reader's constructor slot (sign-extended for {@code int} to {@code long}, enum constants mapped by name) or read and
 * dropped; then the reader's components the writer lacked set to their defaults, and the reader's constructor called.
 * Built once per (writer schema, type), not bound to a thread: each read is given the calling thread's
 * {@link ForyTypes}. Immutable and thread-safe.
 *
 * <p>What it does not do yet, refused when it is built, naming the component: skip a removed walked component, convert
 * a walked widened component, map enum constants inside a walked component or a collection. Registered values nested
 * in a component are read with the reader's own codec, so {@link ForyResolvingDecoder} refuses a writer schema in
 * which a changed type is nested.
 */
final class ResolvedType {

    /** One written component. */
    private interface Step {
        void read(ModelSerializer reader, ReadContext ctx, MemoryBuffer in, Object[] args);
    }

    private final TypeModel model;
    private final Step[] steps;
    private final String[] labels;
    private final int[] defaultSlots;
    private final Object[] defaultValues;
    private final int maxDepth;

    /**
     * @param plan        the type's plan, not an identity one
     * @param model       the reader's registered type
     * @param changed     which type ids are read through a plan that is not an identity (a removed value of one
     *                    cannot be skipped with the reader's codec)
     * @param maxElements the reader's bound on elements and lengths
     * @param maxDepth    the reader's nesting limit
     * @throws IllegalArgumentException naming the component, if this decoder cannot follow the plan
     */
    ResolvedType(ReadPlan plan, TypeModel model, IntPredicate changed, int maxElements, int maxDepth) {
        this.model = model;
        this.maxDepth = maxDepth;
        List<Step> s = new ArrayList<>();
        List<String> l = new ArrayList<>();
        for (ReadPlan.Read r : plan.reads()) {
            // A skipped component is named as the writer named it; a read one as the reader names it.
            String label = r.skipped() ? plan.writer().simpleName() + '.' + r.written().name()
                    : model.name() + '.' + model.component(r.readerIndex()).name();
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
            return (reader, ctx, in, args) -> skipper.skip(reader, ctx, in);
        }
        int slot = r.readerIndex();
        if (r.conversion() == ReadPlan.Conversion.INT_TO_LONG && !w.walked()) {
            return (reader, ctx, in, args) -> args[slot] = (long) PayloadReads.varuint32(in, label);
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
            WrittenConstants constants = WrittenConstants.of(m, model.component(slot).enumConstants());
            return (reader, ctx, in, args) -> args[slot] = constants.read(
                    Integer.toUnsignedLong(PayloadReads.varuint32(in, label)), label);
        }
        return (reader, ctx, in, args) -> args[slot] = reader.readComponent(ctx, in, slot);
    }

    /**
     * Reads one value written with the writer's schema into the reader's type, as the payload's own value (one
     * nesting level, as {@link ModelSerializer#read} counts it); a truncation refused naming where.
     *
     * @param types the calling thread's serializers, whose one of this type reads the components the reader kept
     */
    Object read(ForyTypes types, ReadContext ctx) {
        ModelSerializer reader = types.of(model);
        int depth = ctx.getDepth() + 1;
        Bounds.checkDepth(depth, maxDepth);
        ctx.setDepth(depth);
        MemoryBuffer in = ctx.getBuffer();
        Object[] args = new Object[model.size()];
        int i = 0;
        try {
            for (; i < steps.length; i++) {
                steps[i].read(reader, ctx, in, args);
            }
        } catch (IndexOutOfBoundsException e) {
            throw Bounds.truncated(labels[i]);
        } finally {
            ctx.setDepth(depth - 1);
        }
        for (int d = 0; d < defaultSlots.length; d++) {
            args[defaultSlots[d]] = defaultValues[d];
        }
        return model.instantiate(args);
    }

    private static IllegalArgumentException unsupported(String label, String what) {
        return AbstractResolvingDecoder.unsupported(ForySerializerProvider.NAME, label, what);
    }

    /** Reads and drops one written component by the writer's shape, in Fory's native layout. */
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

        void skip(ModelSerializer reader, ReadContext ctx, MemoryBuffer in) {
            switch (kind) {
                case LONG -> in.readVarUInt64();
                case INT, ENUM -> PayloadReads.varuint32(in, label);
                case BOOLEAN -> PayloadReads.flag(in, label);
                case STRING -> PayloadReads.string(in, max, label, reader.scratch());
                case BYTES -> PayloadReads.bytes(in, max, label);
                case LONGS -> PayloadReads.longs(in, max, label);
                case VALUE -> {
                    if (PayloadReads.flag(in, label)) {
                        value(reader.types(), ctx, valueId);
                    }
                }
                case POLYMORPHIC -> polymorphic(reader.types(), ctx, in);
                case LIST, SET -> {
                    int n = PayloadReads.length(in, 1, max, label);
                    for (int k = 0; k < n; k++) {
                        switch (elementKind) {
                            case STRING -> PayloadReads.string(in, max, label, reader.scratch());
                            case ENUM -> PayloadReads.varuint32(in, label);
                            case VALUE -> value(reader.types(), ctx, valueId);
                            case POLYMORPHIC -> polymorphic(reader.types(), ctx, in);
                            default -> throw new IllegalStateException("element kind " + elementKind
                                    + " (expected: STRING, ENUM, VALUE or POLYMORPHIC)");
                        }
                    }
                }
                default -> throw new IllegalStateException("kind " + kind + " (expected: a native kind)");
            }
        }

        private void polymorphic(ForyTypes types, ReadContext ctx, MemoryBuffer in) {
            int id = PayloadReads.varuint32(in, label);
            if (id != 0) {
                value(types, ctx, id);
            }
        }

        private void value(ForyTypes types, ReadContext ctx, int id) {
            ModelSerializer s = types.find(id);
            if (s == null || changed.test(id)) {
                throw new MalformedPayloadException(label + " holds type id " + Integer.toUnsignedString(id)
                        + " (expected: a type id the reader registers " + (s == null ? "" : "unchanged ")
                        + "to skip the removed component)");
            }
            s.read(ctx);
        }
    }
}
