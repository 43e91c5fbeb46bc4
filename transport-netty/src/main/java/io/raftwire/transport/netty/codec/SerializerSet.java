package io.raftwire.transport.netty.codec;

import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.TypeRegistry;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * The serializers of one node: the one it sends with ({@code raftwire.serializer}) and every one it accepts inbound
 * ({@code raftwire.serializer.accept}, which always includes the sending one). All share one {@link TypeRegistry}, so
 * a type id means the same class whichever serializer wrote the payload.
 *
 * <p>Immutable and thread-safe.
 */
public final class SerializerSet {

    /** Most serializers in a set: a handshake declares each, and the {@link SchemaMarker}, in 16 entries. */
    public static final int MAX_SERIALIZERS = Handshake.MAX_ACCEPTED - 1;

    private final Serializer sender;
    private final Serializer[] byId = new Serializer[FrameDescriptor.MAX_SERIALIZER_ID + 1];
    private final List<Serializer> accepted;
    /** {@link #schema()}, once computed. */
    private volatile LocalSchema schema;
    private final SerializerPrints prints = new SerializerPrints();

    /**
     * @param sender    the serializer outbound requests and one-way messages are written with
     * @param alsoAccepted further serializers accepted inbound (may be empty; may repeat {@code sender})
     * @throws IllegalArgumentException if two different serializers share an id, an id is outside 1..126 (127 is the
     *                                  handshake's {@link SchemaMarker}), there are more than
     *                                  {@value #MAX_SERIALIZERS}, or the serializers do not share one registry
     */
    public SerializerSet(Serializer sender, Collection<Serializer> alsoAccepted) {
        this.sender = Objects.requireNonNull(sender, "sender");
        List<Serializer> all = new ArrayList<>();
        add(sender, all);
        for (Serializer s : alsoAccepted) {
            add(Objects.requireNonNull(s, "accepted serializer"), all);
        }
        if (all.size() > MAX_SERIALIZERS) {
            throw new IllegalArgumentException(all.size() + " serializers (expected: at most " + MAX_SERIALIZERS
                    + ", which with the schema marker fill the " + Handshake.MAX_ACCEPTED + " entries a handshake"
                    + " holds)");
        }
        this.accepted = List.copyOf(all);
    }

    /** A set that sends with and accepts only {@code serializer}. */
    public static SerializerSet of(Serializer serializer) {
        return new SerializerSet(serializer, List.of());
    }

    private void add(Serializer s, List<Serializer> all) {
        int id = s.id();
        if (id < 1 || id >= SchemaMarker.ID) {
            throw new IllegalArgumentException("serializer " + s.name() + " id = " + id + " (expected: 1.."
                    + (SchemaMarker.ID - 1) + "; " + SchemaMarker.ID + " is reserved for the handshake's schema"
                    + " marker)");
        }
        if (byId[id] == s) {
            return;
        }
        if (byId[id] != null) {
            throw new IllegalArgumentException("serializers " + byId[id].name() + " and " + s.name()
                    + " share id " + id + " (expected: one serializer per id)");
        }
        if (s.registry().fingerprint() != sender.registry().fingerprint()) {
            throw new IllegalArgumentException("serializer " + s.name() + " registry = " + s.registry()
                    + " (expected: the sending serializer's " + sender.registry() + ")");
        }
        byId[id] = s;
        all.add(s);
    }

    /** The serializer this node sends with. */
    public Serializer sender() {
        return sender;
    }

    /** The accepted serializer with the given id, or {@code null} if that id is not accepted. Never throws. */
    public Serializer accepted(int serializerId) {
        return serializerId >= 0 && serializerId < byId.length ? byId[serializerId] : null;
    }

    /** Every accepted serializer, the sending one first. */
    public List<Serializer> accepted() {
        return accepted;
    }

    /** The registry shared by every serializer of the set. */
    public TypeRegistry registry() {
        return sender.registry();
    }

    /**
     * The schema of {@link #registry()}, its bytes and digest, computed on the first call. Thread-safe.
     *
     * @throws IllegalArgumentException if the registry's types have no schema ({@code @WireTag}s that cannot be tags)
     */
    public LocalSchema schema() {
        LocalSchema s = schema;
        if (s == null) {
            s = LocalSchema.of(registry());
            schema = s;
        }
        return s;
    }

    /**
     * The fingerprint the accepted serializer {@code serializerId} would have over a registry whose fingerprint is
     * {@code registryFingerprint}: what a member whose registry differs declares for the same provider in the same
     * format version. Empty if this node does not accept that id, or its fingerprint over another registry cannot be
     * derived (its provider is not installed, or does not derive its fingerprint as {@code AbstractSerializer} does).
     * Thread-safe.
     */
    public OptionalLong fingerprintOver(int serializerId, long registryFingerprint) {
        Serializer s = accepted(serializerId);
        return s == null ? OptionalLong.empty() : prints.over(s, registryFingerprint);
    }

    /** The accepted serializers for messages, for example {@code kryo (1), protostuff (2)}. */
    public String describeAccepted() {
        return accepted.stream().map(SerializerSet::describe).collect(Collectors.joining(", "));
    }

    /** {@code name (id)}. */
    public static String describe(Serializer s) {
        return s.name() + " (" + s.id() + ")";
    }
}
