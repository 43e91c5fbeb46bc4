package io.raftwire.serializer.jdk;

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

/**
 * How the top-level record of one registered type is read from a {@link Carrier} its writer laid out with another
 * schema, following a {@link ReadPlan}: the writer's components in the writer's order, each taken from the carrier's
 * words and references as the writer's shape lays it out ({@link CarrierReader#readComponent} for a component the
 * reader kept: the same checks and messages as today's read) and stored into the reader's constructor slot
 * (sign-extended for {@code int} to {@code long}, enum constants mapped by name) or read and dropped; then the reader's
 * components the writer lacked set to their defaults, and the reader's constructor called. Built once per (writer
 * schema, type); immutable and thread-safe.
 *
 * <p>What it does not do yet, refused when it is built, naming the component: skip a removed walked component, convert
 * a walked widened component, map enum constants inside a walked component or a collection. Nested records are read
 * with the reader's own models, so {@link JdkResolvingDecoder} refuses a writer schema in which a changed type is
 * nested.
 */
final class ResolvedType {

    /** One written component. */
    private interface Step {
        void read(CarrierReader reader, CarrierCursor in, Object[] args);
    }

    private final TypeModel model;
    private final Step[] steps;
    private final int[] defaultSlots;
    private final Object[] defaultValues;

    /**
     * @param plan        the type's plan, not an identity one
     * @param model       the reader's registered type
     * @param changed     which type ids are read through a plan that is not an identity (a removed value of one
     *                    cannot be skipped with the reader's model)
     * @param maxElements the reader's bound on elements
     * @throws IllegalArgumentException naming the component, if this decoder cannot follow the plan
     */
    ResolvedType(ReadPlan plan, TypeModel model, IntPredicate changed, int maxElements) {
        this.model = model;
        List<Step> s = new ArrayList<>();
        for (ReadPlan.Read r : plan.reads()) {
            // A skipped component is named as the writer named it; a read one as the reader names it.
            String label = r.skipped() ? plan.writer().simpleName() + '.' + r.written().name()
                    : model.name() + '.' + model.component(r.readerIndex()).name();
            s.add(step(r, label, changed, maxElements));
        }
        this.steps = s.toArray(new Step[0]);
        this.defaultSlots = plan.defaults().stream().mapToInt(ReadPlan.Default::readerIndex).toArray();
        this.defaultValues = plan.defaults().stream().map(ReadPlan.Default::value).toArray();
    }

    private Step step(ReadPlan.Read r, String label, IntPredicate changed, int maxElements) {
        FieldSchema w = r.written();
        if (r.skipped()) {
            Skipper skipper = Skipper.of(w, label, changed, maxElements, model);
            return (reader, in, args) -> skipper.skip(reader, in);
        }
        int slot = r.readerIndex();
        if (r.conversion() == ReadPlan.Conversion.INT_TO_LONG && !w.walked()) {
            return (reader, in, args) -> args[slot] = (long) intWord(in.word(model), label);
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
            return (reader, in, args) -> args[slot] = constants.read(in.word(model), label);
        }
        return (reader, in, args) -> args[slot] = reader.readComponent(in, model, slot, 1);
    }

    /** An {@code int} component's word, refused unless it is one (as today's read refuses it). */
    private static int intWord(long word, String label) {
        if (word != (int) word) {
            throw new MalformedPayloadException(label + " = " + word + " (expected: an int)");
        }
        return (int) word;
    }

    /**
     * Reads the top-level record, its type id already read and checked, written with the writer's schema, into the
     * reader's type (nesting depth 1, as today's read counts it).
     */
    Object read(CarrierReader reader, CarrierCursor in) {
        Object[] args = new Object[model.size()];
        for (Step step : steps) {
            step.read(reader, in, args);
        }
        for (int d = 0; d < defaultSlots.length; d++) {
            args[defaultSlots[d]] = defaultValues[d];
        }
        return model.instantiate(args);
    }

    private static IllegalArgumentException unsupported(String label, String what) {
        return AbstractResolvingDecoder.unsupported(JdkSerializerProvider.NAME, label, what);
    }

    /** Reads and drops one written component by the writer's shape, in the carrier's layout. */
    private record Skipper(Kind kind, Kind elementKind, int valueId, String label, IntPredicate changed, int max,
            TypeModel owner) {

        static Skipper of(FieldSchema w, String label, IntPredicate changed, int maxElements, TypeModel owner) {
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
            return new Skipper(s.kind(), element, valueId, label, changed, maxElements, owner);
        }

        void skip(CarrierReader reader, CarrierCursor in) {
            switch (kind) {
                case LONG, ENUM -> in.word(owner);
                case INT -> intWord(in.word(owner), label);
                case BOOLEAN -> {
                    long b = in.word(owner);
                    if (b != 0 && b != 1) {
                        throw new MalformedPayloadException(label + " = " + b + " (expected: 0 or 1)");
                    }
                }
                case STRING, BYTES, LONGS -> {
                    if (in.present(owner, label)) {
                        reference(in, kind);
                    }
                }
                case VALUE, POLYMORPHIC -> {
                    long id = in.word(owner);
                    if (id != 0) {
                        value(reader, in, id);
                    }
                }
                case LIST, SET -> {
                    long size = in.word(owner);
                    if (size == 0) {
                        return;
                    }
                    int n = Bounds.checkCount(size - 1, 1, elementKind == Kind.STRING ? in.referencesLeft()
                            : in.wordsLeft(), max, label + " size");
                    for (int k = 0; k < n; k++) {
                        switch (elementKind) {
                            case STRING -> reference(in, Kind.STRING);
                            case ENUM -> in.word(owner);
                            case VALUE, POLYMORPHIC -> {
                                long id = in.word(owner);
                                if (id == 0) {
                                    throw new MalformedPayloadException(label + " holds a null element (expected:"
                                            + " none)");
                                }
                                value(reader, in, id);
                            }
                            default -> throw new IllegalStateException("element kind " + elementKind
                                    + " (expected: STRING, ENUM, VALUE or POLYMORPHIC)");
                        }
                    }
                }
                default -> throw new IllegalStateException("kind " + kind + " (expected: a native kind)");
            }
        }

        /** Takes a reference of the class the writer's kind puts there. */
        private void reference(CarrierCursor in, Kind k) {
            Object v = in.reference(owner);
            Class<?> expected = k == Kind.STRING ? String.class : k == Kind.BYTES ? byte[].class : long[].class;
            if (v.getClass() != expected) {
                throw new MalformedPayloadException(label + " holds " + v.getClass().getSimpleName() + " (expected: "
                        + expected.getSimpleName() + ")");
            }
        }

        /** Reads and drops the nested record of type {@code id}, which must be the writer's and an unchanged one. */
        private void value(CarrierReader reader, CarrierCursor in, long id) {
            TypeModel m = reader.find(id);
            if (m == null || changed.test(m.id()) || valueId != 0 && id != valueId) {
                throw new MalformedPayloadException(label + " holds type id " + id + " (expected: "
                        + (valueId != 0 ? "type " + valueId : "a type id the reader registers unchanged")
                        + " to skip the removed component)");
            }
            reader.readNested(in, m, 1);
        }
    }
}
