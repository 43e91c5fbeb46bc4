package io.raftwire.serializer.jdk;

import io.raftwire.serializer.PlanSteps;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.schema.ReadPlan;
import io.raftwire.serializer.schema.WrittenConstants;

import java.util.function.IntPredicate;

/**
 * How the top-level record of one registered type is read from a {@link Carrier} its writer laid out with another
 * schema, following a {@link ReadPlan} ({@link PlanSteps}): the writer's components in the writer's order, each taken
 * from the carrier's words and references as the writer's shape lays it out ({@link CarrierReader#readComponent} for
 * a component the reader kept: the same checks and messages as today's read) and stored into the reader's
 * constructor slot (sign-extended for {@code int} to {@code long}, enum constants mapped by name) or read and dropped;
 * then the reader's components the writer lacked set to their defaults, and the reader's constructor called. Built
 * once per (writer schema, type); immutable and thread-safe.
 *
 * <p>What it does not do yet is refused when it is built, naming the component ({@link PlanSteps}). Nested records
 * are read with the reader's own models, so {@link JdkResolvingDecoder} refuses a writer schema in which a changed
 * type is nested.
 */
final class ResolvedType {

    /** One written component. */
    private interface Step {
        void read(CarrierReader reader, CarrierCursor in, Object[] args);
    }

    private final PlanSteps<Step> plan;
    private final Step[] steps;

    /**
     * @param plan        the type's plan, not an identity one
     * @param model       the reader's registered type
     * @param changed     which type ids are read through a plan that is not an identity (a removed value of one
     *                    cannot be skipped with the reader's model)
     * @param maxElements the reader's bound on elements
     * @throws IllegalArgumentException naming the component, if this decoder cannot follow the plan
     */
    ResolvedType(ReadPlan plan, TypeModel model, IntPredicate changed, int maxElements) {
        this.plan = PlanSteps.of(plan, model, changed, JdkSerializerProvider.NAME, new PlanSteps.Steps<Step>() {
            @Override
            public Step read(int slot) {
                return (reader, in, args) -> args[slot] = reader.readComponent(in, model, slot, 1);
            }

            @Override
            public Step intToLong(int slot, String label) {
                return (reader, in, args) -> args[slot] = (long) intWord(in.word(model), label);
            }

            @Override
            public Step constant(int slot, WrittenConstants constants, String label) {
                return (reader, in, args) -> args[slot] = constants.read(in.word(model), label);
            }

            @Override
            public Step skip(PlanSteps.Skip skip) {
                Skipper skipper = new Skipper(skip, maxElements, model);
                return (reader, in, args) -> skipper.skip(reader, in);
            }
        });
        this.steps = this.plan.steps().toArray(new Step[0]);
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
        Object[] args = new Object[plan.model().size()];
        for (Step step : steps) {
            step.read(reader, in, args);
        }
        return plan.instantiate(args);
    }

    /** Reads and drops one written component by the writer's shape, in the carrier's layout. */
    private record Skipper(PlanSteps.Skip shape, int max, TypeModel owner) {

        void skip(CarrierReader reader, CarrierCursor in) {
            String label = shape.label();
            switch (shape.kind()) {
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
                        reference(in, shape.kind());
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
                    Kind element = shape.elementKind();
                    int n = Bounds.checkCount(size - 1, 1, element == Kind.STRING ? in.referencesLeft()
                            : in.wordsLeft(), max, label + " size");
                    for (int k = 0; k < n; k++) {
                        element(reader, in, element);
                    }
                }
                default -> throw new IllegalStateException("kind " + shape.kind() + " (expected: a native kind)");
            }
        }

        private void element(CarrierReader reader, CarrierCursor in, Kind element) {
            switch (element) {
                case STRING -> reference(in, Kind.STRING);
                case ENUM -> in.word(owner);
                case VALUE, POLYMORPHIC -> {
                    long id = in.word(owner);
                    if (id == 0) {
                        throw new MalformedPayloadException(shape.label() + " holds a null element (expected:"
                                + " none)");
                    }
                    value(reader, in, id);
                }
                default -> throw new IllegalStateException("element kind " + element
                        + " (expected: STRING, ENUM, VALUE or POLYMORPHIC)");
            }
        }

        /** Takes a reference of the class the writer's kind puts there. */
        private void reference(CarrierCursor in, Kind k) {
            Object v = in.reference(owner);
            Class<?> expected = k == Kind.STRING ? String.class : k == Kind.BYTES ? byte[].class : long[].class;
            if (v.getClass() != expected) {
                throw new MalformedPayloadException(shape.label() + " holds " + v.getClass().getSimpleName()
                        + " (expected: " + expected.getSimpleName() + ")");
            }
        }

        /** Reads and drops the nested record of type {@code id}: the writer's value type, or any unchanged one. */
        private void value(CarrierReader reader, CarrierCursor in, long id) {
            TypeModel m = reader.find(id);
            if (!shape.skippable(id, m != null)) {
                throw shape.unskippable(id, m != null);
            }
            if (shape.valueId() != 0 && id != shape.valueId()) {
                throw new MalformedPayloadException(shape.label() + " holds type id " + id + " (expected: "
                        + shape.valueId() + ", the writer's type there)");
            }
            reader.readNested(in, m, 1);
        }
    }
}
