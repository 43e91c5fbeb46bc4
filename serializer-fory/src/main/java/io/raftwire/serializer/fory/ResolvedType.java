package io.raftwire.serializer.fory;

import io.raftwire.serializer.PlanSteps;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.schema.ReadPlan;
import io.raftwire.serializer.schema.WrittenConstants;

import java.util.function.IntPredicate;

import org.apache.fory.context.ReadContext;
import org.apache.fory.memory.MemoryBuffer;

/**
 * How one registered type is read from bytes its writer laid out with another schema, following a
 * {@link ReadPlan} ({@link PlanSteps}): the written components in the writer's order, each read in Fory's layout of
 * the writer's shape (the reader's {@link ModelSerializer#readComponent}: same bounds and messages as the walk) and
 * stored into the reader's constructor slot (sign-extended for {@code int} to {@code long}, enum constants mapped by
 * name) or read and dropped; then the reader's components the writer lacked set to their defaults, and the reader's
 * constructor called. Built once per (writer schema, type) and not bound to a thread: each read is given the calling
 * thread's {@link ForyTypes}. Immutable and thread-safe.
 *
 * <p>What it does not do yet is refused when it is built, naming the component ({@link PlanSteps}). Registered
 * values nested in a component are read with the reader's own codec, so {@link ForyResolvingDecoder} refuses a writer
 * schema in which a changed type is nested.
 */
final class ResolvedType {

    /** One written component. */
    private interface Step {
        void read(ModelSerializer reader, ReadContext ctx, MemoryBuffer in, Object[] args);
    }

    private final PlanSteps<Step> plan;
    private final Step[] steps;
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
        this.maxDepth = maxDepth;
        this.plan = PlanSteps.of(plan, model, changed, ForySerializerProvider.NAME, new PlanSteps.Steps<Step>() {
            @Override
            public Step read(int slot) {
                return (reader, ctx, in, args) -> args[slot] = reader.readComponent(ctx, in, slot);
            }

            @Override
            public Step intToLong(int slot, String label) {
                return (reader, ctx, in, args) -> args[slot] = (long) PayloadReads.varuint32(in, label);
            }

            @Override
            public Step constant(int slot, WrittenConstants constants, String label) {
                return (reader, ctx, in, args) -> args[slot] = constants.read(
                        Integer.toUnsignedLong(PayloadReads.varuint32(in, label)), label);
            }

            @Override
            public Step skip(PlanSteps.Skip skip) {
                Skipper skipper = new Skipper(skip, maxElements);
                return (reader, ctx, in, args) -> skipper.skip(reader, ctx, in);
            }
        });
        this.steps = this.plan.steps().toArray(new Step[0]);
    }

    /**
     * Reads one value written with the writer's schema into the reader's type, as the payload's own value (one
     * nesting level, as {@link ModelSerializer#read} counts it); a truncation refused naming where.
     *
     * @param types the calling thread's serializers, whose one of this type reads the components the reader kept
     */
    Object read(ForyTypes types, ReadContext ctx) {
        ModelSerializer reader = types.of(plan.model());
        int depth = ctx.getDepth() + 1;
        Bounds.checkDepth(depth, maxDepth);
        ctx.setDepth(depth);
        MemoryBuffer in = ctx.getBuffer();
        Object[] args = new Object[plan.model().size()];
        int i = 0;
        try {
            for (; i < steps.length; i++) {
                steps[i].read(reader, ctx, in, args);
            }
        } catch (IndexOutOfBoundsException e) {
            throw Bounds.truncated(plan.label(i));
        } finally {
            ctx.setDepth(depth - 1);
        }
        return plan.instantiate(args);
    }

    /** Reads and drops one written component by the writer's shape, in Fory's native layout. */
    private record Skipper(PlanSteps.Skip shape, int max) {

        void skip(ModelSerializer reader, ReadContext ctx, MemoryBuffer in) {
            String label = shape.label();
            switch (shape.kind()) {
                case LONG -> in.readVarUInt64();
                case INT, ENUM -> PayloadReads.varuint32(in, label);
                case BOOLEAN -> PayloadReads.flag(in, label);
                case STRING -> PayloadReads.string(in, max, label, reader.scratch());
                case BYTES -> PayloadReads.bytes(in, max, label);
                case LONGS -> PayloadReads.longs(in, max, label);
                case VALUE -> {
                    if (PayloadReads.flag(in, label)) {
                        value(reader.types(), ctx, shape.valueId());
                    }
                }
                case POLYMORPHIC -> polymorphic(reader.types(), ctx, in);
                case LIST, SET -> {
                    int n = PayloadReads.length(in, 1, max, label);
                    for (int k = 0; k < n; k++) {
                        element(reader, ctx, in);
                    }
                }
                default -> throw new IllegalStateException("kind " + shape.kind() + " (expected: a native kind)");
            }
        }

        private void element(ModelSerializer reader, ReadContext ctx, MemoryBuffer in) {
            switch (shape.elementKind()) {
                case STRING -> PayloadReads.string(in, max, shape.label(), reader.scratch());
                case ENUM -> PayloadReads.varuint32(in, shape.label());
                case VALUE -> value(reader.types(), ctx, shape.valueId());
                case POLYMORPHIC -> polymorphic(reader.types(), ctx, in);
                default -> throw new IllegalStateException("element kind " + shape.elementKind()
                        + " (expected: STRING, ENUM, VALUE or POLYMORPHIC)");
            }
        }

        private void polymorphic(ForyTypes types, ReadContext ctx, MemoryBuffer in) {
            int id = PayloadReads.varuint32(in, shape.label());
            if (id != 0) {
                value(types, ctx, id);
            }
        }

        private void value(ForyTypes types, ReadContext ctx, int id) {
            ModelSerializer s = types.find(id);
            long unsigned = Integer.toUnsignedLong(id);
            if (!shape.skippable(unsigned, s != null)) {
                throw shape.unskippable(unsigned, s != null);
            }
            s.read(ctx);
        }
    }
}
