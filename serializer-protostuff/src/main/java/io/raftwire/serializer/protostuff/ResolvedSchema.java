package io.raftwire.serializer.protostuff;

import io.protostuff.Input;
import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.Container;
import io.raftwire.serializer.model.Elements;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.ShapeCodec;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.schema.FieldSchema;
import io.raftwire.serializer.schema.ReadPlan;
import io.raftwire.serializer.schema.WrittenConstants;

import java.io.IOException;
import java.util.Collection;

/**
 * The schema of one registered type whose writer laid its bytes out with another schema, following a
 * {@link ReadPlan}: protostuff writes the writer's component {@code i} as field {@code i + 1}, so field {@code n} is
 * the plan's read {@code n - 1}, in the writer's order. Each field is read with the writer's layout and stored into the
 * reader's constructor slot (an {@code int} read as a {@code long} sign-extended, a {@code float} as a {@code double},
 * enum constants mapped by name), or, for a component the reader lacks, skipped by wire type
 * ({@link ByteBufInput#skipField}); then the reader's components the writer lacked get the plan's defaults, and the
 * reader's constructor runs ({@link ModelSchema}'s instantiation).
 *
 * <p>What the writer's schema says about its own fields is still enforced: fields in increasing order, each at most
 * once, none beyond the writer's last, and every {@code long}, {@code int}, {@code boolean} and walked component
 * present; an absent reference reads as null, as today. Values nested in a component are read with the schemas of the
 * set this one belongs to, so a changed type nested in another is resolved too.
 *
 * <p>Not handled, refused when built naming the component: enum constants mapped by name (the numbers differ, or the
 * writer has constants the reader lacks) inside a walked component or inside a native one anywhere but the component
 * itself or its list or set elements.
 *
 * <p>Immutable after its set is built; shared by every thread.
 */
final class ResolvedSchema extends ModelSchema {

    /** Reads one written field into the value to store. */
    @FunctionalInterface
    private interface Step {
        Object read(ByteBufInput in, int field) throws IOException;
    }

    /** Per written field number - 1: the reader's slot, or -1 to skip the field. */
    private final int[] slots;
    /** Per written field number - 1: how to read it; null for a skipped one. */
    private final Step[] steps;
    /** Per written field number - 1: the component as messages name it (the writer's name for a skipped one). */
    private final String[] writtenLabels;
    /** Per written field number - 1: whether the writer leaves it out for null (a native reference). */
    private final boolean[] absentIsNull;
    private final int[] defaultSlots;
    private final Object[] defaultValues;
    private final String writerName;

    /**
     * @param plan the type's plan, not an identity one
     * @throws IllegalArgumentException naming the component, if the plan needs what this schema does not handle
     */
    ResolvedSchema(TypeModel model, TypeRegistry registry, CodecPath path, ReadPlan plan) {
        super(model, registry, path);
        int n = plan.reads().size();
        this.slots = new int[n];
        this.steps = new Step[n];
        this.writtenLabels = new String[n];
        this.absentIsNull = new boolean[n];
        this.writerName = plan.writer().simpleName();
        for (int i = 0; i < n; i++) {
            ReadPlan.Read r = plan.reads().get(i);
            FieldSchema w = r.written();
            slots[i] = r.readerIndex();
            writtenLabels[i] = r.skipped() ? writerName + '.' + w.name() : label(r.readerIndex());
            Kind kind = w.shape().kind();
            absentIsNull[i] = !w.walked() && kind != Kind.LONG && kind != Kind.INT && kind != Kind.BOOLEAN;
            steps[i] = r.skipped() ? null : step(r, writtenLabels[i]);
        }
        this.defaultSlots = plan.defaults().stream().mapToInt(ReadPlan.Default::readerIndex).toArray();
        this.defaultValues = plan.defaults().stream().map(ReadPlan.Default::value).toArray();
    }

    private Step step(ReadPlan.Read r, String label) {
        FieldSchema w = r.written();
        Component c = model().component(r.readerIndex());
        ReadPlan.EnumMapping renumbered = r.enums().stream().filter(m -> !WrittenConstants.unchanged(m))
                .findFirst().orElse(null);
        if (w.walked()) {
            if (!c.walked()) {
                throw unsupported(label, "read the walked component " + w.shape() + " into the native " + c.kind());
            }
            if (renumbered != null) {
                throw unsupported(label, "map enum constants by name inside " + w.shape() + " (at '"
                        + renumbered.path() + "')");
            }
            Kind kind = w.shape().kind();
            ReadPlan.Conversion conversion = r.conversion();
            if (WrittenPrimitive.handles(kind)
                    && (conversion != ReadPlan.Conversion.NONE || w.nullable() != c.shape().nullable())) {
                boolean nullable = w.nullable();
                return (in, field) -> convert(WrittenPrimitive.read(ProtostuffWire.source(in, field, byId()), kind,
                        nullable, label), conversion);
            }
            return (in, field) -> ShapeCodec.read(c.shape(), ProtostuffWire.source(in, field, byId()), label);
        }
        if (r.conversion() == ReadPlan.Conversion.INT_TO_LONG) {
            return (in, field) -> (long) in.readInt32();
        }
        if (c.walked()) {
            // a native long, int or boolean read into its box, which the reader walks
            return switch (w.shape().kind()) {
                case LONG -> (in, field) -> in.readInt64();
                case INT -> (in, field) -> in.readInt32();
                case BOOLEAN -> (in, field) -> in.readBool();
                default -> throw unsupported(label, "read the native component " + w.shape() + " into the walked "
                        + c.kind());
            };
        }
        if (renumbered != null) {
            WrittenConstants constants = WrittenConstants.of(renumbered, c.enumConstants());
            if (renumbered.path().isEmpty() && c.kind() == Kind.ENUM) {
                return (in, field) -> constants.constant(in.readEnum(), label);
            }
            if (renumbered.path().equals(".element") && (c.kind() == Kind.LIST || c.kind() == Kind.SET)) {
                return (in, field) -> readEnums(in, c, field, constants, label);
            }
            throw unsupported(label, "map enum constants by name inside " + w.shape() + " (at '" + renumbered.path()
                    + "')");
        }
        return (in, field) -> {
            // assigned, not returned, so that every arm is boxed as its own kind (no numeric promotion to long)
            Object value = switch (c.kind()) {
                case LONG -> in.readInt64();
                case INT -> in.readInt32();
                case BOOLEAN -> in.readBool();
                case BYTES -> in.readByteArray();
                case LONGS -> in.readPackedInt64();
                case LIST, SET -> readCollection(in, c, field);
                default -> readValue(in, c, field);
            };
            return value;
        };
    }

    private static Object convert(Object value, ReadPlan.Conversion conversion) {
        if (value == null) {
            return null;
        }
        return switch (conversion) {
            case NONE -> value;
            case INT_TO_LONG -> ((Integer) value).longValue();
            case FLOAT_TO_DOUBLE -> ((Float) value).doubleValue();
        };
    }

    /** A list or set of enum constants whose written numbers map to the reader's by name. */
    private static Object readEnums(ByteBufInput in, Component c, int field, WrittenConstants constants, String label)
            throws IOException {
        int count = in.readCount(MIN_ELEMENT_BYTES);
        @SuppressWarnings("unchecked")
        Collection<Object> values = (Collection<Object>) (c.kind() == Kind.LIST ? Container.LIST : Container.SET)
                .newContainer(count);
        for (int i = 0; i < count; i++) {
            in.readElementTag(field, i, count);
            Elements.add(values, constants.constant(in.readEnum(), label), label, i);
        }
        return values;
    }

    @Override
    public void mergeFrom(Input input, Object message) throws IOException {
        if (!(input instanceof ByteBufInput in)) {
            throw new IllegalArgumentException("input is a " + input.getClass().getName()
                    + " (expected: ByteBufInput, which bounds every length)");
        }
        Object[] args = (Object[]) message;
        int next = 0;
        for (int field = in.readFieldNumber(this); field != 0; field = in.readFieldNumber(this)) {
            if (field > steps.length) {
                throw new MalformedPayloadException(writerName + " has no field " + field + " in the writer's"
                        + " schema, after " + (next == 0 ? "none" : writtenLabels[next - 1]) + " (expected: field"
                        + " numbers 1.." + steps.length + " in increasing order; unknown fields are refused)");
            }
            if (field <= next) {
                throw new MalformedPayloadException(writtenLabels[field - 1] + " (field " + field + ") appears after"
                        + " field " + next + " (expected: fields in increasing order, each at most once)");
            }
            requireWritten(next, field - 1);
            in.label(writtenLabels[field - 1]);
            int slot = slots[field - 1];
            if (slot < 0) {
                in.skipField(field);
            } else {
                args[slot] = steps[field - 1].read(in, field);
            }
            next = field;
        }
        requireWritten(next, steps.length);
        for (int d = 0; d < defaultSlots.length; d++) {
            args[defaultSlots[d]] = defaultValues[d];
        }
    }

    /** Written fields {@code from+1..to} are absent: only the writer's native references may be (null written). */
    private void requireWritten(int from, int to) {
        for (int i = from; i < to; i++) {
            if (!absentIsNull[i]) {
                throw new MalformedPayloadException(writtenLabels[i] + " (field " + (i + 1) + ") is missing"
                        + " (expected: every long, int and boolean component present, and every component of another"
                        + " shape than String, byte[], long[], enum, registered value, List or Set)");
            }
        }
    }

    static IllegalArgumentException unsupported(String label, String what) {
        return new IllegalArgumentException(label + ": protostuff's resolving decoder cannot " + what + " yet"
                + " (expected: docs/upgrades.md section 3 step 3 for the changes it reads)");
    }
}
