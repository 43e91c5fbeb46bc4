package io.raftwire.serializer;

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
 * One changed type's {@link ReadPlan} turned into a provider's steps (docs/upgrades.md §2.5): per written component,
 * in the writer's order, the step that reads it and stores it into the reader's constructor slot as read,
 * sign-extended from {@code int} to {@code long}, or mapped to the reader's enum constant by name, or reads it by the
 * writer's shape and drops it; then the reader's components the writer lacked, set to their defaults. Which plans a
 * resolving decoder follows is decided here once, with the same refusal for every provider; how a step reads bytes is
 * the provider's ({@link Steps}). Immutable and thread-safe if the steps are.
 *
 * <p>Not followed yet, refused when built, naming the component: a removed walked component, a widened walked
 * component, enum constants mapped by name inside a walked component or a collection, and a removed component holding
 * a type that changed too.
 *
 * @param <S> the provider's step
 */
public final class PlanSteps<S> {

    /** A provider's steps, one factory method per way a written component is read. */
    public interface Steps<S> {
        /** Reads the reader's component {@code slot} as the reader's own codec reads it, and stores it. */
        S read(int slot);

        /** Reads an {@code int} as the writer wrote it and stores it sign-extended into the {@code long} slot. */
        S intToLong(int slot, String label);

        /**
         * Reads an enum as the writer wrote it (its wire number plus one, 0 for null) and stores the reader's constant
         * of the same name ({@link WrittenConstants#read}).
         */
        S constant(int slot, WrittenConstants constants, String label);

        /** Reads a removed native component by the writer's shape and drops it. */
        S skip(Skip skip);
    }

    /**
     * A removed component, written natively, to read and drop.
     *
     * @param kind        its kind as written
     * @param elementKind the kind of its elements for a {@link Kind#LIST} or {@link Kind#SET}, else null
     * @param valueId     the type id a {@link Kind#VALUE} (itself or its elements) holds, else 0
     * @param label       {@code Type.component}, as the writer named it
     * @param changed     which type ids are read through a plan that is not an identity: a value of one found inside
     *                    the component cannot be skipped with the reader's codec and is refused
     */
    public record Skip(Kind kind, Kind elementKind, int valueId, String label, IntPredicate changed) {

        /**
         * Whether a value of type {@code id} found inside the component can be read with the reader's codec and
         * dropped: a type the reader registers and whose plan is an identity.
         *
         * @param registered whether the reader registers {@code id}
         */
        public boolean skippable(long id, boolean registered) {
            return registered && id > 0 && id <= Integer.MAX_VALUE && !changed.test((int) id);
        }

        /** The refusal of a value of type {@code id} found inside the component that is not {@link #skippable}. */
        public MalformedPayloadException unskippable(long id, boolean registered) {
            return new MalformedPayloadException(label + " holds type id " + id + " (expected: a type id the reader"
                    + " registers " + (registered ? "unchanged " : "") + "to skip the removed component)");
        }
    }

    private final TypeModel model;
    private final List<S> steps;
    private final String[] labels;
    private final int[] defaultSlots;
    private final Object[] defaultValues;

    private PlanSteps(TypeModel model, List<S> steps, String[] labels, int[] defaultSlots, Object[] defaultValues) {
        this.model = model;
        this.steps = List.copyOf(steps);
        this.labels = labels;
        this.defaultSlots = defaultSlots;
        this.defaultValues = defaultValues;
    }

    /**
     * @param plan     the type's plan, not an identity one
     * @param model    the reader's registered type
     * @param changed  which type ids are read through a plan that is not an identity
     * @param provider the provider's name, for the refusal
     * @param factory  the provider's steps
     * @throws IllegalArgumentException naming the component, if no resolving decoder follows the plan yet (class
     *                                  comment)
     */
    public static <S> PlanSteps<S> of(ReadPlan plan, TypeModel model, IntPredicate changed, String provider,
            Steps<S> factory) {
        List<S> steps = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (ReadPlan.Read r : plan.reads()) {
            // A skipped component is named as the writer named it; a read one as the reader names it.
            String label = r.skipped() ? plan.writer().simpleName() + '.' + r.written().name()
                    : model.name() + '.' + model.component(r.readerIndex()).name();
            labels.add(label);
            steps.add(step(r, label, model, changed, provider, factory));
        }
        return new PlanSteps<>(model, steps, labels.toArray(new String[0]),
                plan.defaults().stream().mapToInt(ReadPlan.Default::readerIndex).toArray(),
                plan.defaults().stream().map(ReadPlan.Default::value).toArray());
    }

    private static <S> S step(ReadPlan.Read r, String label, TypeModel model, IntPredicate changed, String provider,
            Steps<S> factory) {
        FieldSchema w = r.written();
        if (r.skipped()) {
            return factory.skip(skip(w, label, changed, provider));
        }
        int slot = r.readerIndex();
        if (r.conversion() == ReadPlan.Conversion.INT_TO_LONG && !w.walked()) {
            return factory.intToLong(slot, label);
        }
        if (r.conversion() != ReadPlan.Conversion.NONE) {
            throw AbstractResolvingDecoder.unsupported(provider, label, "convert the walked component " + w.shape()
                    + " (" + r.conversion() + ")");
        }
        for (ReadPlan.EnumMapping m : r.enums()) {
            if (WrittenConstants.unchanged(m)) {
                continue;
            }
            if (!m.path().isEmpty() || w.walked()) {
                throw AbstractResolvingDecoder.unsupported(provider, label, "map enum constants by name inside "
                        + w.shape() + " (at '" + m.path() + "')");
            }
            return factory.constant(slot, WrittenConstants.of(m, model.component(slot).enumConstants()), label);
        }
        return factory.read(slot);
    }

    private static Skip skip(FieldSchema w, String label, IntPredicate changed, String provider) {
        ShapeSchema s = w.shape();
        if (w.walked()) {
            throw AbstractResolvingDecoder.unsupported(provider, label, "skip the removed walked component " + s);
        }
        Kind element = s.element() == null ? null : s.element().kind();
        ShapeSchema value = s.kind() == Kind.VALUE ? s : element == Kind.VALUE ? s.element() : null;
        int valueId = value == null ? 0 : value.typeId();
        if (valueId != 0 && changed.test(valueId)) {
            throw AbstractResolvingDecoder.unsupported(provider, label, "skip a removed component holding type "
                    + valueId + ", which changed too");
        }
        return new Skip(s.kind(), element, valueId, label, changed);
    }

    /** The steps, one per written component in the writer's order. */
    public List<S> steps() {
        return steps;
    }

    /** The component step {@code i} reads, {@code Type.component}, as messages name it. */
    public String label(int i) {
        return labels[i];
    }

    /** The reader's type. */
    public TypeModel model() {
        return model;
    }

    /**
     * Builds the reader's value once every step has stored its component: the defaults set, then the reader's
     * constructor called ({@link TypeModel#instantiate}).
     *
     * @param args the reader's constructor arguments, as the steps left them; filled in place
     */
    public Object instantiate(Object[] args) {
        for (int d = 0; d < defaultSlots.length; d++) {
            args[defaultSlots[d]] = defaultValues[d];
        }
        return model.instantiate(args);
    }
}
