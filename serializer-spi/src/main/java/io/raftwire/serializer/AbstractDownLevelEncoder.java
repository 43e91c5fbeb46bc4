package io.raftwire.serializer;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.schema.ReadPlan;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.SchemaCompatibility;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What every provider's down-level encoder shares (docs/upgrades.md §2.4 "forward", §2.5): it encodes values of
 * today's registered classes in an older (target) {@link Schema}, the bytes an old build's codec writes for the
 * corresponding old value, so that code with the target's types reads them with its own codec. This class makes the
 * comparison once, refuses a target today's types cannot be written in, and routes each value: to today's
 * serializer (today's generated codec, the same bytes) when the schemas are equal or the type's plan is an identity,
 * to the provider's write of {@link DownLevelSteps} otherwise. A value of a type the target does not have is refused
 * at encode, naming the type and the target schema. A changed type nested in another is not written down-level (a
 * nested value is written with today's codec), so a value of a type that may hold a changed type, at any depth (an
 * unchanged type, or a changed one; a polymorphic place holds every subtype), is refused at encode naming the
 * component, and so is a value of a type that may hold a type the target lacks (added since) at any depth, while
 * values of every other type are written; a registry with a catalog record's {@code Object} place
 * thus still gets an encoder; a provider that writes nested values itself says so when it is built, and then gets
 * every value. How the steps reach the provider's output is the provider's.
 *
 * <p>The plans are {@code SchemaCompatibility.compare(target, today)}'s ({@link DownLevelSteps} says why), so a
 * target today's types cannot read is refused here with {@code compare}'s problems; that includes a component made
 * non-null since the target (the target's {@code Long}, today's {@code long}), which this encoder does not write yet.
 *
 * <p>Built once per target schema; thread-safe, as today's serializer. {@link #encode} writes at the writer index of
 * {@code out}, which the caller owns; on a refusal nothing is left written (the writer index is reset).
 */
public abstract class AbstractDownLevelEncoder {

    private final Serializer today;
    private final boolean equal;
    private final Map<Integer, DownLevelSteps> resolved;
    private final Set<Integer> targetIds;
    /** Reasons, by type id, of the types whose values are refused because they may hold a changed type. */
    private final Map<Integer, String> nested;
    private final String target;
    private final boolean writesNested;

    /**
     * @param target   the schema to write in (the cluster's feature level's, docs/upgrades.md §2.6)
     * @param today    today's serializer, of the provider named {@code provider}
     * @param provider the provider's name, as messages name its encoder ({@code "kryo"})
     * @throws IllegalArgumentException with every problem {@code compare(target, today)} found; naming the component,
     *                                  if a plan needs what {@link DownLevelSteps} does not write yet
     */
    protected AbstractDownLevelEncoder(Schema target, Serializer today, String provider) {
        this(target, today, provider, false);
    }

    /**
     * The constructor of a provider that writes nested values in the target schema itself (protostuff, whose encoder
     * holds its own codec of every type; kryo, whose per-type serializers route each nested value by its type): with {@code writesNested}, no value is refused for a changed type it may
     * hold, and when the schemas differ every value of a type the target has goes to {@link #encodeResolved}, whatever
     * its plan.
     *
     * @param writesNested whether the provider writes every value, nested ones included, in the target schema
     * @throws IllegalArgumentException as {@link #AbstractDownLevelEncoder(Schema, Serializer, String)} does
     */
    protected AbstractDownLevelEncoder(Schema target, Serializer today, String provider, boolean writesNested) {
        this.today = today;
        this.writesNested = writesNested;
        Schema own = today.registry().schema();
        this.target = "target schema " + String.format("0x%016x", target.digest());
        Set<Integer> ids = new HashSet<>();
        target.types().forEach(t -> ids.add(t.id()));
        this.targetIds = Set.copyOf(ids);
        if (own.digest() == target.digest() && own.equals(target)) {
            this.equal = true;
            this.resolved = Map.of();
            this.nested = Map.of();
            return;
        }
        SchemaCompatibility.Result result = SchemaCompatibility.compare(target, own);
        if (!result.compatible()) {
            throw new IllegalArgumentException("today's types cannot be written in the " + this.target + ": "
                    + result.problems().size() + " problem(s) (compare(target, today), the read of the target's"
                    + " bytes into today's types):\n  " + String.join("\n  ", result.problems()));
        }
        Map<Integer, ReadPlan> changed = new HashMap<>();
        result.plans().forEach((id, plan) -> {
            if (!plan.identity()) {
                changed.put(id, plan);
            }
        });
        Map<Integer, String> refusals = new HashMap<>();
        if (!writesNested) {
            NestedChanges.unsafe(today.registry(), changed.keySet()).forEach((id, n) -> refusals.put(id,
                    DownLevelSteps.unsupported(provider, n.label(), "write type " + n.held() + ", which changed,"
                            + " nested inside another type").getMessage()));
            // a type added since, nested in a polymorphic place, would be written under an id the target lacks
            Set<Integer> added = new HashSet<>();
            today.registry().models().forEach(m -> {
                if (!ids.contains(m.id())) {
                    added.add(m.id());
                }
            });
            NestedChanges.unsafe(today.registry(), added).forEach((id, n) -> refusals.putIfAbsent(id, n.label()
                    + " may hold type " + n.held() + " (" + today.registry().describe(n.held()) + "), which is not in the " + this.target + " (expected: a value"
                    + " of a type whose places hold only types the target registers; " + today.registry().find(id)
                    .name() + " is written once the target is a schema that has type " + n.held() + ")"));
        }
        Map<Integer, DownLevelSteps> steps = new HashMap<>();
        changed.forEach((id, plan) -> steps.put(id, DownLevelSteps.of(plan, today.registry().find(id), provider,
                this.target)));
        this.equal = false;
        this.resolved = Map.copyOf(steps);
        this.nested = Map.copyOf(refusals);
    }

    /**
     * {@code today} as the provider's serializer class.
     *
     * @throws IllegalArgumentException naming today's provider, if it is another provider's
     */
    protected static <S extends Serializer> S requireProvider(Serializer today, Class<S> type, String provider) {
        if (!type.isInstance(today)) {
            throw new IllegalArgumentException("today's serializer is " + today.name() + " (expected: a " + provider
                    + " serializer)");
        }
        return type.cast(today);
    }

    /**
     * The steps of a type whose plan is not an identity, for a provider that builds its own codec of every type.
     *
     * @return the type's steps; null if the type is not changed (or the schemas are equal)
     */
    protected final DownLevelSteps steps(int typeId) {
        return resolved.get(typeId);
    }

    /**
     * Why a value of a type the target lacks is refused: {@code type is not in the target schema 0x… (expected:
     * …)}, the reason {@link #encode} gives for such a top-level value.
     */
    protected final String notInTarget() {
        return "type is not in the " + target + " (expected: a type id the target registers; a type added since is"
                + " written once the target is a schema that has it)";
    }

    /**
     * Whether every value is encoded by today's serializer (the target schema equals today's).
     */
    public final boolean identity() {
        return equal;
    }

    /**
     * Encodes one value in the target schema.
     *
     * @param value an instance of a type today's registry registers
     * @param out   where the payload is written, at its writer index; owned by the caller
     * @return the number of bytes written
     * @throws SerializationException as {@link Serializer#encode} does; for a type the target schema does not have;
     *                                for a value the target cannot hold (a {@code long} outside {@code int}, an enum
     *                                constant the target's enum lacks, a null for the target's primitive), naming
     *                                the component, the value and the target schema; for a type that may hold a
     *                                changed type or one the target lacks (see the class comment), naming the
     *                                component
     */
    public final int encode(Object value, ByteBuf out) {
        if (equal || value == null) {
            return today.encode(value, out);
        }
        TypeModel model = today.registry().find(value.getClass());
        if (model == null) {
            return today.encode(value, out);
        }
        if (!targetIds.contains(model.id())) {
            throw new SerializationException(today.name(), "encode", model.name(), model.id(), -1, notInTarget(),
                    null);
        }
        String refused = nested.get(model.id());
        if (refused != null) {
            throw new SerializationException(today.name(), "encode", model.name(), model.id(), -1, refused, null);
        }
        DownLevelSteps steps = resolved.get(model.id());
        if (writesNested) {
            return encodeResolved(value, out, steps);
        }
        return steps == null ? today.encode(value, out) : encodeResolved(value, out, steps);
    }

    /**
     * Encodes one value of a changed type with its steps, with {@link Serializer#encode}'s checks and failures (the
     * provider's serializer's {@code encodeWith}); for a provider that writes nested values itself, every value of a
     * type the target has, when the schemas differ.
     *
     * @param steps the type's steps; null for an unchanged type (only when the provider writes nested values)
     * @param out   owned by the caller
     * @return the number of bytes written
     */
    protected abstract int encodeResolved(Object value, ByteBuf out, DownLevelSteps steps);
}
