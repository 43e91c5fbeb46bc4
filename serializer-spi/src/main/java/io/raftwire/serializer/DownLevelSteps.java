package io.raftwire.serializer;

import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.ComponentWriter;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.schema.EnumConstant;
import io.raftwire.serializer.schema.FieldSchema;
import io.raftwire.serializer.schema.ReadPlan;
import io.raftwire.serializer.schema.SchemaCompatibility;
import io.raftwire.serializer.schema.ShapeSchema;
import io.raftwire.serializer.schema.WrittenConstants;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * How one changed type's value of today's class is written in an older (target) schema's components and order
 * (docs/upgrades.md §2.4, "forward"; §2.5): per target component, in the target's order, a write through the
 * provider's {@link ComponentWriter}, so the bytes are exactly those the target's own codec writes for the
 * corresponding value. Decided once per (target schema, type); immutable and thread-safe.
 *
 * <p>The plan is {@link SchemaCompatibility#compare compare(target, today)}'s: the read plan of the target's bytes
 * into today's classes lists the target's components in the target's order, each with today's component it holds
 * (or none) and how the two differ, which is what writing runs backwards. Per target component:
 *
 * <ul>
 * <li>today's component with its tag, same shape: written as today's codec writes it;</li>
 * <li>a component today's class lacks (removed since): the target's default, 0, {@code false} or null;</li>
 * <li>today's {@code long} for the target's {@code int} ({@code INT_TO_LONG} read backwards): written if it fits,
 *     otherwise refused at encode naming the component, the value and the target schema;</li>
 * <li>today's nullable box for the target's primitive (a component made nullable since): a null refused at
 *     encode;</li>
 * <li>an enum constant: written as the target's wire number of the constant of the same name; one the target's enum
 *     lacks refused at encode naming it.</li>
 * </ul>
 * Today's components the target lacks are not written.
 *
 * <p>Not written yet, refused when built naming the component: the default of a removed walked component (a boxed
 * number, a map, an optional...), a narrowing of a walked component ({@code double} to {@code float} always is
 * one), a component whose layout (native or walked) differs otherwise, and enum constants mapped by name inside a
 * walked component or a collection.
 */
public final class DownLevelSteps {

    /** One target component. */
    @FunctionalInterface
    private interface Step {
        void write(ComponentWriter w, Object a, Object b, Object value) throws IOException;
    }

    private final TypeModel model;
    private final Step[] steps;

    private DownLevelSteps(TypeModel model, List<Step> steps) {
        this.model = model;
        this.steps = steps.toArray(new Step[0]);
    }

    /**
     * @param plan     {@code compare(target, today)}'s plan of the type, not an identity one
     * @param today    today's registered type
     * @param provider the provider's name, for the refusal
     * @param target   how refusals name the target schema ({@code "target schema 0x1f2e3d4c5b6a7980"})
     * @throws IllegalArgumentException naming the component, if no down-level encoder writes it yet (class comment)
     */
    public static DownLevelSteps of(ReadPlan plan, TypeModel today, String provider, String target) {
        List<Step> steps = new ArrayList<>();
        for (ReadPlan.Read r : plan.reads()) {
            steps.add(r.skipped() ? removed(r.written(), plan.writer().simpleName() + '.' + r.written().name(),
                    today, provider) : kept(plan, r, today, provider, target));
        }
        return new DownLevelSteps(today, steps);
    }

    /**
     * The refusal of a plan a provider's down-level encoder cannot follow yet.
     *
     * @param label {@code Type.component}
     * @param what  what it cannot do, as a verb phrase
     */
    static IllegalArgumentException unsupported(String provider, String label, String what) {
        return new IllegalArgumentException(label + ": " + provider + "'s down-level encoder cannot " + what + " yet"
                + " (expected: docs/upgrades.md section 3 step 3 for the changes it writes)");
    }

    /** The type whose values these steps write. */
    public TypeModel model() {
        return model;
    }

    /**
     * Writes {@code value}'s components in the target's order.
     *
     * @param w     today's component writer of the type, the provider's (its indexes are today's components)
     * @param a     the provider's first context argument, passed through
     * @param b     the provider's second context argument (its output), passed through
     * @param value an instance of {@link #model()}'s class
     * @throws IllegalArgumentException naming the component, the value and the target schema, for a value the target
     *                                  cannot hold (class comment)
     */
    public void write(ComponentWriter w, Object a, Object b, Object value) throws IOException {
        for (Step s : steps) {
            s.write(w, a, b, value);
        }
    }

    /** A target component today's class lacks: its default, written as the target's codec writes it. */
    private static Step removed(FieldSchema f, String label, TypeModel today, String provider) {
        if (f.walked()) {
            throw unsupported(provider, label, "write the default of the removed walked component " + f.shape());
        }
        if (today.size() == 0) {
            // The writer's methods name a component by today's index, for messages only, and a null needs none.
            throw unsupported(provider, label, "write a removed component into a type with no components");
        }
        return switch (f.shape().kind()) {
            case LONG -> (w, a, b, v) -> w.writeLong(a, b, 0, 0L);
            case INT -> (w, a, b, v) -> w.writeInt(a, b, 0, 0);
            case BOOLEAN -> (w, a, b, v) -> w.writeBoolean(a, b, 0, false);
            case STRING -> (w, a, b, v) -> w.writeString(a, b, 0, null);
            case BYTES -> (w, a, b, v) -> w.writeBytes(a, b, 0, null);
            case LONGS -> (w, a, b, v) -> w.writeLongs(a, b, 0, null);
            case ENUM -> (w, a, b, v) -> w.writeEnum(a, b, 0, null);
            case VALUE -> (w, a, b, v) -> w.writeValue(a, b, 0, null);
            case POLYMORPHIC -> (w, a, b, v) -> w.writePolymorphic(a, b, 0, null);
            case LIST, SET -> (w, a, b, v) -> w.writeCollection(a, b, 0, null);
            default -> throw unsupported(provider, label, "write the default of the removed component " + f.shape());
        };
    }

    private static Step kept(ReadPlan plan, ReadPlan.Read r, TypeModel today, String provider, String target) {
        FieldSchema f = r.written();
        int slot = r.readerIndex();
        Component c = today.component(slot);
        String label = today.name() + '.' + c.name();
        Kind kind = f.shape().kind();
        boolean primitive = kind == Kind.LONG || kind == Kind.INT || kind == Kind.BOOLEAN;
        boolean narrowed = r.conversion() == ReadPlan.Conversion.INT_TO_LONG;
        if (!f.walked() && primitive && (c.walked() || narrowed)) {
            return primitive(f, c, slot, label, narrowed, target);
        }
        if (r.conversion() != ReadPlan.Conversion.NONE) {
            throw unsupported(provider, label, "narrow the walked component " + c.shape() + " to the target's "
                    + f.shape());
        }
        if (f.walked() != c.walked()) {
            throw unsupported(provider, label, "write the " + (c.walked() ? "walked" : "native") + " component "
                    + c.shape() + " as the target's " + (f.walked() ? "walked " : "native ") + f.shape());
        }
        for (ReadPlan.EnumMapping m : r.enums()) {
            if (WrittenConstants.unchanged(m)
                    && m.readerByWritten().size() == constants(plan.reader().fields().get(slot).shape(), m.path())) {
                continue;
            }
            if (!m.path().isEmpty() || c.walked()) {
                throw unsupported(provider, label, "map enum constants by name inside " + f.shape() + " (at '"
                        + m.path() + "')");
            }
            return constant(m, c, slot, label, target);
        }
        return same(c, slot);
    }

    /**
     * How many constants today's enum at {@code path} ({@code ""}, {@code ".element"}, {@code ".key"}, nested) in
     * {@code shape} has: a mapping that covers fewer leaves some of today's constants without a target constant.
     */
    private static int constants(ShapeSchema shape, String path) {
        ShapeSchema s = shape;
        for (String step : path.split("\\.")) {
            if (!step.isEmpty()) {
                s = step.equals("key") ? s.key() : s.element();
            }
        }
        return s.constants().size();
    }

    /** Today's component, written as today's codec writes it. */
    private static Step same(Component c, int slot) {
        if (c.walked()) {
            return (w, a, b, v) -> w.writeWalked(a, b, slot, c.get(v));
        }
        return switch (c.kind()) {
            case LONG -> (w, a, b, v) -> w.writeLong(a, b, slot, c.getLong(v));
            case INT -> (w, a, b, v) -> w.writeInt(a, b, slot, c.getInt(v));
            case BOOLEAN -> (w, a, b, v) -> w.writeBoolean(a, b, slot, c.getBoolean(v));
            case STRING -> (w, a, b, v) -> w.writeString(a, b, slot, (String) c.get(v));
            case BYTES -> (w, a, b, v) -> w.writeBytes(a, b, slot, (byte[]) c.get(v));
            case LONGS -> (w, a, b, v) -> w.writeLongs(a, b, slot, (long[]) c.get(v));
            case ENUM -> (w, a, b, v) -> w.writeEnum(a, b, slot, c.get(v));
            case VALUE -> (w, a, b, v) -> w.writeValue(a, b, slot, c.get(v));
            case POLYMORPHIC -> (w, a, b, v) -> w.writePolymorphic(a, b, slot, c.get(v));
            case LIST, SET -> (w, a, b, v) -> w.writeCollection(a, b, slot, (java.util.Collection<?>) c.get(v));
            default -> throw new IllegalStateException("kind " + c.kind() + " (expected: a native kind)");
        };
    }

    /**
     * The target's native {@code long}, {@code int} or {@code boolean} from today's component of that kind or a
     * wider one, boxed or not: a null refused, a {@code long} outside {@code int} refused.
     */
    private static Step primitive(FieldSchema f, Component c, int slot, String label, boolean narrowed,
            String target) {
        Kind kind = f.shape().kind();
        return (w, a, b, v) -> {
            Object boxed = null;
            if (c.walked()) {
                boxed = c.get(v);
                if (boxed == null) {
                    throw new IllegalArgumentException(label + " is null, which the target's " + f.shape() + " "
                            + f.name() + " cannot hold (expected: a value, to write it in the " + target + ")");
                }
            }
            switch (kind) {
                case BOOLEAN -> w.writeBoolean(a, b, slot, boxed == null ? c.getBoolean(v) : (Boolean) boxed);
                case LONG -> w.writeLong(a, b, slot, boxed == null ? c.getLong(v) : ((Number) boxed).longValue());
                default -> {
                    long n = boxed != null ? ((Number) boxed).longValue() : narrowed ? c.getLong(v) : c.getInt(v);
                    if (n != (int) n) {
                        throw new IllegalArgumentException(label + " = " + n + ", which the target's INT " + f.name()
                                + " cannot hold (expected: " + Integer.MIN_VALUE + ".." + Integer.MAX_VALUE
                                + ", to write it in the " + target + ")");
                    }
                    w.writeInt(a, b, slot, (int) n);
                }
            }
        };
    }

    /** Today's enum constant written as the target's constant of the same name: its wire number plus one. */
    private static Step constant(ReadPlan.EnumMapping m, Component c, int slot, String label, String target) {
        Object[] constants = c.enumConstants();
        int[] wireByOrdinal = new int[constants.length];
        java.util.Arrays.fill(wireByOrdinal, -1);
        List<String> names = new ArrayList<>();
        m.readerByWritten().forEach((wire, constant) -> {
            wireByOrdinal[constant.wire()] = wire;
            names.add(constant.name());
        });
        m.unknown().stream().map(EnumConstant::name).forEach(names::add);
        List<String> targetNames = List.copyOf(names);
        return (w, a, b, v) -> {
            Object e = c.get(v);
            if (e == null) {
                w.writeInt(a, b, slot, 0);
                return;
            }
            int wire = wireByOrdinal[((Enum<?>) e).ordinal()];
            if (wire < 0) {
                throw new IllegalArgumentException(label + " holds enum constant " + ((Enum<?>) e).name() + ", which"
                        + " the target's enum does not have (expected: one of " + targetNames + ", to write it in the "
                        + target + ")");
            }
            w.writeInt(a, b, slot, wire + 1);
        };
    }
}
