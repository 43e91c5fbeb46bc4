package io.raftwire.serializer;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.schema.ReadPlan;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.SchemaCompatibility;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * What every provider's resolving decoder shares (docs/upgrades.md §2.5): it decodes payloads written by a writer
 * whose types had another {@link Schema} into the reader's registered classes, following
 * {@link SchemaCompatibility#compare}'s plans. This class makes the comparison once, refuses a writer the reader
 * cannot read, and routes each payload: to the reader's own serializer (today's codec) when the schemas are equal
 * or the type's plan is an identity, to the provider's resolved type {@code T} otherwise. A payload of a type the
 * writer's schema does not have is refused. Unless the provider resolves nested values itself (says so when it is
 * built, and then gets every payload), a changed type nested in another is not resolved (a nested value is read
 * with the reader's codec), so a payload of a type that may hold a changed type, at any depth (an unchanged type, or
 * a changed one; a polymorphic place holds every subtype), is refused at decode naming the component, while payloads
 * of every other type decode; a registry with a catalog record's {@code Object} place thus still gets a decoder. How
 * a resolved type reads its bytes is the provider's.
 *
 * <p>Thread-safe once built, as the reader's serializer; {@link #decode} reads the payload and never releases it
 * (the caller owns the buffer).
 *
 * @param <T> the provider's form of one type's plan, built once per changed type
 */
public abstract class AbstractResolvingDecoder<T> {

    /** Builds a provider's resolved type of one changed type. */
    @FunctionalInterface
    protected interface TypeResolver<T> {
        /**
         * @param typeId  the type's id
         * @param plan    its plan, not an identity one
         * @param changed which type ids are read through a plan that is not an identity
         * @return the provider's resolved type
         * @throws IllegalArgumentException naming the component, if the provider cannot follow the plan
         */
        T resolve(int typeId, ReadPlan plan, IntPredicate changed);
    }

    private final Serializer reader;
    private final boolean equal;
    private final Map<Integer, T> resolved;
    private final Set<Integer> written;
    /** Reasons, by type id, of the types whose payloads are refused because they may hold a changed type. */
    private final Map<Integer, String> nested;
    /** Whether the provider resolves changed types nested in others itself (every payload goes to it). */
    private final boolean resolvesNested;

    /**
     * @param writer   the schema the payloads were written with
     * @param reader   the reader's serializer, of the provider named {@code provider}
     * @param provider the provider's name, as messages name its decoder ({@code "kryo"})
     * @param types    builds the resolved type of each type whose plan is not an identity
     * @throws IllegalArgumentException with every problem {@code compare} found, if the reader cannot read the
     *                                  writer's types; naming the component, if {@code types} cannot follow a plan
     */
    protected AbstractResolvingDecoder(Schema writer, Serializer reader, String provider, TypeResolver<T> types) {
        this(writer, reader, provider, types, false);
    }

    /**
     * The constructor of a provider that reads changed types nested in others through their resolved types itself
     * (kryo): with {@code resolvesNested}, no payload is refused for a changed type it may hold, and when the schemas
     * differ every payload of a type the writer has goes to {@link #decodeResolved}, whatever its plan.
     *
     * @param resolvesNested whether the provider reads nested values of changed types through {@link #resolved}
     * @throws IllegalArgumentException as {@link #AbstractResolvingDecoder(Schema, Serializer, String, TypeResolver)}
     *                                  does
     */
    protected AbstractResolvingDecoder(Schema writer, Serializer reader, String provider, TypeResolver<T> types,
            boolean resolvesNested) {
        this.reader = reader;
        this.resolvesNested = resolvesNested;
        Schema own = reader.registry().schema();
        if (own.digest() == writer.digest() && own.equals(writer)) {
            this.equal = true;
            this.resolved = Map.of();
            this.written = Set.of();
            this.nested = Map.of();
            return;
        }
        SchemaCompatibility.Result result = SchemaCompatibility.compare(writer, own);
        if (!result.compatible()) {
            throw new IllegalArgumentException("the reader's types cannot read the writer's: "
                    + result.problems().size() + " problem(s):\n  " + String.join("\n  ", result.problems()));
        }
        Map<Integer, ReadPlan> changed = new HashMap<>();
        result.plans().forEach((id, plan) -> {
            if (!plan.identity()) {
                changed.put(id, plan);
            }
        });
        Map<Integer, String> refusals = new HashMap<>();
        if (!resolvesNested) {
            NestedChanges.unsafe(reader.registry(), changed.keySet()).forEach((id, n) -> refusals.put(id,
                    unsupported(provider, n.label(), "read type " + n.held() + ", which changed, nested inside"
                            + " another type").getMessage()));
        }
        Map<Integer, T> types0 = new HashMap<>();
        changed.forEach((id, plan) -> types0.put(id, types.resolve(id, plan, changed::containsKey)));
        Set<Integer> writerIds = new HashSet<>();
        writer.types().forEach(t -> writerIds.add(t.id()));
        this.equal = false;
        this.resolved = Map.copyOf(types0);
        this.written = Set.copyOf(writerIds);
        this.nested = Map.copyOf(refusals);
    }

    /**
     * {@code reader} as the provider's serializer class.
     *
     * @throws IllegalArgumentException naming the reader's provider, if it is another provider's
     */
    protected static <S extends Serializer> S requireProvider(Serializer reader, Class<S> type, String provider) {
        if (!type.isInstance(reader)) {
            throw new IllegalArgumentException("reader serializer is " + reader.name() + " (expected: a " + provider
                    + " serializer)");
        }
        return type.cast(reader);
    }

    /**
     * The refusal of a plan a provider's decoder cannot follow yet.
     *
     * @param provider the provider's name
     * @param label    the component, {@code Type.component}
     * @param what     what it cannot do, as a verb phrase ("skip the removed walked component LONG?")
     */
    public static IllegalArgumentException unsupported(String provider, String label, String what) {
        return new IllegalArgumentException(label + ": " + provider + "'s resolving decoder cannot " + what + " yet"
                + " (expected: docs/upgrades.md section 3 step 3 for the changes it reads)");
    }

    /**
     * Whether every payload is decoded by the reader's own serializer (the writer's schema equals the reader's).
     */
    public final boolean identity() {
        return equal;
    }

    /**
     * Decodes one payload of the type {@code typeId}, written with the writer's schema.
     *
     * @param typeId  the registered id the payload was written under
     * @param payload the payload, all of it read; owned by the caller
     * @return the value, of the reader's class registered under {@code typeId}
     * @throws SerializationException as {@link Serializer#decode} does, naming the component for a truncated or
     *                                malformed payload; for a type id the writer's schema does not have; for a
     *                                type that may hold a changed type (see the class comment), naming the
     *                                component
     */
    public final Object decode(int typeId, ByteBuf payload) {
        if (equal) {
            return reader.decode(typeId, payload);
        }
        if (!written.contains(typeId) && reader.registry().find(typeId) != null) {
            int size = payload.readableBytes();
            payload.readerIndex(payload.writerIndex());
            throw new SerializationException(reader.name(), "decode", reader.registry().find(typeId).name(), typeId,
                    size, "type id is not in the writer's schema (expected: an id the writer registers)", null);
        }
        String refused = nested.get(typeId);
        if (refused != null) {
            int size = payload.readableBytes();
            payload.readerIndex(payload.writerIndex());
            throw new SerializationException(reader.name(), "decode", reader.registry().find(typeId).name(), typeId,
                    size, refused, null);
        }
        T t = resolved.get(typeId);
        if (resolvesNested && reader.registry().find(typeId) != null) {
            return decodeResolved(typeId, payload, t);
        }
        return t == null ? reader.decode(typeId, payload) : decodeResolved(typeId, payload, t);
    }

    /**
     * The resolved type of a changed type, for a provider that reads nested values of changed types itself.
     *
     * @return the type's resolved type; null if its plan is an identity (or the schemas are equal)
     */
    protected final T resolved(int typeId) {
        return resolved.get(typeId);
    }

    /**
     * Decodes one payload of a changed type with its resolved type, with {@link Serializer#decode}'s checks and
     * failures (the provider's serializer's {@code decodeWith}); for a provider that resolves nested values itself,
     * every payload of a registered type, when the schemas differ.
     *
     * @param resolved the type's resolved type; null for an unchanged type (only when the provider resolves nested
     *                 values)
     * @param payload  owned by the caller
     */
    protected abstract Object decodeResolved(int typeId, ByteBuf payload, T resolved);
}
