package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import io.raftwire.serializer.PlanSteps;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.schema.ReadPlan;
import io.raftwire.serializer.schema.WrittenConstants;

import java.util.function.IntPredicate;

/**
 * How one registered type is read from bytes its writer laid out with another schema, following a
 * {@link ReadPlan}: the written components in the writer's order, each read in kryo's layout of the writer's shape
 * and stored into the reader's constructor slot (sign-extended for {@code int} to {@code long}, enum constants mapped
 * by name) or read and dropped; then the reader's components the writer lacked set to their defaults, and the reader's
 * constructor called. Built once per (writer schema, type); immutable and thread-safe.
 *
 * <p>What it does not do yet is refused when it is built, naming the component ({@link PlanSteps}). Registered
 * values nested in a component are read through the type's {@link ModelSerializer}, which routes a value of a changed
 * type back to that type's resolved type while {@link KryoResolvingDecoder} decodes ({@link PayloadInput#resolving}).
 */
final class ResolvedType {

    /** One written component. */
    private interface Step {
        void read(Kryo kryo, Input in, Object[] args);
    }

    private final PlanSteps<Step> plan;
    private final Step[] steps;

    /**
     * @param plan    the type's plan, not an identity one
     * @param reader  the reader's serializer of the type
     * @param changed which type ids are read through a plan that is not an identity (a removed value of one cannot
     *                be skipped with the reader's codec)
     * @throws IllegalArgumentException naming the component, if this decoder cannot follow the plan
     */
    ResolvedType(ReadPlan plan, ModelSerializer reader, IntPredicate changed, int maxElements) {
        this.plan = PlanSteps.of(plan, reader.model(), changed, KryoSerializerProvider.NAME,
                new PlanSteps.Steps<Step>() {
                    @Override
                    public Step read(int slot) {
                        return (kryo, in, args) -> args[slot] = reader.readComponent(kryo, in, slot);
                    }

                    @Override
                    public Step intToLong(int slot, String label) {
                        return (kryo, in, args) -> args[slot] = (long) in.readVarInt(true);
                    }

                    @Override
                    public Step constant(int slot, WrittenConstants constants, String label) {
                        return (kryo, in, args) -> args[slot] = constants.read(
                                Integer.toUnsignedLong(in.readVarInt(true)), label);
                    }

                    @Override
                    public Step skip(PlanSteps.Skip skip) {
                        Skipper skipper = new Skipper(skip, maxElements);
                        return (kryo, in, args) -> skipper.skip(kryo, in, reader.schema());
                    }
                });
        this.steps = this.plan.steps().toArray(new Step[0]);
    }

    /** Reads one value written with the writer's schema into the reader's type; truncation refused naming where. */
    Object read(Kryo kryo, Input in) {
        Object[] args = new Object[plan.model().size()];
        int i = 0;
        try {
            for (; i < steps.length; i++) {
                steps[i].read(kryo, in, args);
            }
        } catch (KryoException e) {
            if (ModelSerializer.truncated(e)) {
                throw Bounds.truncated(plan.label(i));
            }
            throw e;
        }
        return plan.instantiate(args);
    }

    /** Reads and drops one written component by the writer's shape, in kryo's native layout. */
    private record Skipper(PlanSteps.Skip shape, int max) {

        void skip(Kryo kryo, Input in, KryoSchema schema) {
            switch (shape.kind()) {
                case LONG -> in.readVarLong(true);
                case INT, ENUM -> in.readVarInt(true);
                case BOOLEAN -> PayloadReads.flag(in, shape.label());
                case STRING -> PayloadReads.string(in, max, shape.label());
                case BYTES -> PayloadReads.bytes(in, max, shape.label());
                case LONGS -> PayloadReads.longs(in, max, shape.label());
                case VALUE -> {
                    if (PayloadReads.flag(in, shape.label())) {
                        value(kryo, in, schema, shape.valueId());
                    }
                }
                case POLYMORPHIC -> polymorphic(kryo, in, schema);
                case LIST, SET -> {
                    int n = PayloadReads.length(in, 1, max, shape.label());
                    for (int k = 0; k < n; k++) {
                        switch (shape.elementKind()) {
                            case STRING -> PayloadReads.string(in, max, shape.label());
                            case ENUM -> in.readVarInt(true);
                            case VALUE -> value(kryo, in, schema, shape.valueId());
                            case POLYMORPHIC -> polymorphic(kryo, in, schema);
                            default -> throw new IllegalStateException("element kind " + shape.elementKind()
                                    + " (expected: STRING, ENUM, VALUE or POLYMORPHIC)");
                        }
                    }
                }
                default -> throw new IllegalStateException("kind " + shape.kind() + " (expected: a native kind)");
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
            long unsigned = Integer.toUnsignedLong(id);
            if (!shape.skippable(unsigned, s != null)) {
                throw shape.unskippable(unsigned, s != null);
            }
            kryo.readObject(in, s.model().javaType(), s);
        }
    }
}
