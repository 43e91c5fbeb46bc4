package io.raftwire.transport.netty.codec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Compares the two sides of a handshake. Each method returns every difference that prevents the connection as a
 * {@link Problem}: the name of the check that failed, which is all the other side is told, and the full detail
 * ({@code what = their value (expected: our value)}), which only this node logs. An empty list means the connection
 * may proceed. Both sides run the check that concerns them, so a refusal is explained in both nodes' logs.
 */
public final class HandshakeCheck {

    /** Check name: the cluster ids differ. */
    public static final String CLUSTER_ID = "cluster id";
    /** Check name: the type registries differ. */
    public static final String REGISTRY = "registry fingerprint";
    /** Check name: the connecting side expected another member. */
    public static final String TARGET = "target member id";
    /** Check name: no serializer in common, or the same one in different format versions. */
    public static final String SERIALIZER = "serializer";
    /** Check name: the member id is not acceptable (not a member, this node's own, not the one expected). */
    public static final String MEMBER_ID = "member id";
    /** Check name: the member id is not the one the peer's certificate names. */
    public static final String CERTIFICATE = "certificate";

    /**
     * One failed check.
     *
     * @param check  which check failed, from the constants of this class: safe to tell any peer
     * @param detail what differed and what was expected: for this node's log only
     */
    public record Problem(String check, String detail) {
    }

    private HandshakeCheck() {
    }

    /**
     * The accepting side's check of a {@link FrameKind#HELLO}.
     *
     * @param local this node's declaration
     * @param hello what the connecting side declared
     * @return the differences, empty if the connection is acceptable
     */
    public static List<Problem> checkHello(Handshake local, Handshake hello) {
        List<Problem> problems = common(local, hello);
        if (!hello.targetId().isEmpty() && !hello.targetId().equals(local.nodeId())) {
            problems.add(new Problem(TARGET, "member id = " + local.nodeId() + " (expected by " + hello.nodeId()
                    + ": " + hello.targetId() + ")"));
        }
        if (local.registryFingerprint() == hello.registryFingerprint()) {
            serializer(problems, hello.nodeId(), hello.sendSerializerId(), hello, local, "this node accepts");
        }
        return problems;
    }

    /**
     * The connecting side's check of a {@link FrameKind#WELCOME}.
     *
     * @param local          this node's declaration
     * @param expectedPeerId the member id this node meant to reach
     * @param welcome        what the accepting side declared
     * @return the differences, empty if the connection is acceptable
     */
    public static List<Problem> checkWelcome(Handshake local, String expectedPeerId, Handshake welcome) {
        List<Problem> problems = common(local, welcome);
        if (!welcome.nodeId().equals(expectedPeerId)) {
            problems.add(new Problem(MEMBER_ID, "member id = " + welcome.nodeId() + " (expected: " + expectedPeerId
                    + ")"));
        }
        if (local.registryFingerprint() == welcome.registryFingerprint()) {
            serializer(problems, local.nodeId(), local.sendSerializerId(), local, welcome,
                    welcome.nodeId() + " accepts");
        }
        return problems;
    }

    /** Every detail, for this node's log: {@code detail; detail}. */
    public static String details(List<Problem> problems) {
        List<String> details = new ArrayList<>();
        for (Problem p : problems) {
            details.add(p.detail());
        }
        return String.join("; ", details);
    }

    /** What the other side is told: {@code failed checks: cluster id, registry fingerprint}, no values. */
    public static String peerMessage(List<Problem> problems) {
        Set<String> checks = new LinkedHashSet<>();
        for (Problem p : problems) {
            checks.add(p.check());
        }
        return "failed checks: " + String.join(", ", checks);
    }

    private static List<Problem> common(Handshake local, Handshake remote) {
        List<Problem> problems = new ArrayList<>();
        if (!local.clusterId().equals(remote.clusterId())) {
            problems.add(new Problem(CLUSTER_ID, "cluster id = " + remote.clusterId() + " (expected: "
                    + local.clusterId() + ")"));
        }
        if (local.registryFingerprint() != remote.registryFingerprint()) {
            problems.add(new Problem(REGISTRY, "registry fingerprint = " + hex(remote.registryFingerprint())
                    + " with " + remote.typeCount() + " types (expected: " + hex(local.registryFingerprint())
                    + " with " + local.typeCount() + " types; every node must register the same types under the"
                    + " same ids)" + schemaNote(local, remote)));
        }
        return problems;
    }

    /**
     * Whether a refusal is explained by exchanging full schemas ({@link SchemaFrame}): the registry check is the only
     * one that failed, so the peer is the member it claims, of this cluster (authenticated with TLS), and both sides
     * carry a {@link SchemaMarker} whose digests differ. A release before schemas never gets a schema frame.
     *
     * @param problems the failed checks of this handshake, all of them
     */
    public static boolean exchangesSchemas(Handshake local, Handshake remote, List<Problem> problems) {
        if (problems.isEmpty()) {
            return false;
        }
        for (Problem p : problems) {
            if (!REGISTRY.equals(p.check())) {
                return false;
            }
        }
        Handshake.SerializerInfo ours = SchemaMarker.find(local);
        Handshake.SerializerInfo theirs = SchemaMarker.find(remote);
        return ours != null && theirs != null && ours.fingerprint() != theirs.fingerprint();
    }

    /**
     * The checks of a handshake whose schemas were exchanged and accepted by both sides' schema gates: {@code problems}
     * without the registry's (the gates decided on it), and the sender's serializer checked by id and name (a
     * serializer's fingerprint covers the registry fingerprint, so it differs whenever the registries do; see
     * {@link #serializerFormat} for the format version).
     *
     * @param problems       the failed checks of the handshake, all of them
     * @param senderNode     the member id of the side whose sending serializer is checked
     * @param senderId       its sending serializer's id
     * @param sender         its declaration
     * @param receiver       the other side's declaration
     * @param receiverPhrase who accepts, for the message: {@code this node accepts} or {@code b accepts}
     * @return the differences that still prevent the connection, empty if it may proceed (a mutable list)
     */
    public static List<Problem> withAcceptedSchemas(List<Problem> problems, String senderNode, int senderId,
            Handshake sender, Handshake receiver, String receiverPhrase) {
        List<Problem> left = new ArrayList<>();
        for (Problem p : problems) {
            if (!REGISTRY.equals(p.check())) {
                left.add(p);
            }
        }
        Handshake.SerializerInfo sent = sender.acceptedInfo(senderId);
        Handshake.SerializerInfo taken = receiver.acceptedInfo(senderId);
        String sentName = sent == null ? "serializer id " + senderId : sent.toString();
        if (sent == null || taken == null || !sent.name().equals(taken.name())) {
            left.add(new Problem(SERIALIZER, "no common serializer: " + senderNode + " sends with " + sentName
                    + " (expected: one that " + receiverPhrase + ": " + receiver.serializers() + ")"));
        }
        return left;
    }

    /**
     * After {@link #withAcceptedSchemas}: whether the peer's serializer of the connection's id is in this node's
     * provider format version, where this node can tell. The peer's declared fingerprint for that id must equal the
     * fingerprint this node's serializer of that id has over the peer's registry.
     *
     * @param peer         the peer's declaration
     * @param serializerId the id frames of this connection are written with
     * @param expected     this node's serializer's fingerprint over the peer's registry, or empty if it cannot be
     *                     derived (then nothing is checked)
     * @return the difference, or an empty list
     */
    public static List<Problem> serializerFormat(Handshake peer, int serializerId, OptionalLong expected) {
        Handshake.SerializerInfo declared = peer.acceptedInfo(serializerId);
        if (declared == null || expected.isEmpty() || declared.fingerprint() == expected.getAsLong()) {
            return List.of();
        }
        return List.of(new Problem(SERIALIZER, "serializer " + declared + " fingerprint = "
                + hex(declared.fingerprint()) + " on " + peer.nodeId() + " (expected: " + hex(expected.getAsLong())
                + ", this node's over " + peer.nodeId() + "'s registry; the same provider format version on every"
                + " node)"));
    }

    /** What the markers add to a registry refusal: why no schemas are compared, when they are not. */
    private static String schemaNote(Handshake local, Handshake remote) {
        Handshake.SerializerInfo ours = SchemaMarker.find(local);
        Handshake.SerializerInfo theirs = SchemaMarker.find(remote);
        if (ours == null) {
            return "";
        }
        if (theirs == null) {
            return "; " + remote.nodeId() + " announces no schema (a release before schemas): upgrade to this release"
                    + " with unchanged types first, then change types (docs/upgrades.md §2.7)";
        }
        if (ours.fingerprint() == theirs.fingerprint()) {
            return "; the schema digests are equal (" + hex(ours.fingerprint()) + "): the registries differ only in"
                    + " what the legacy fingerprint covers and the schema does not";
        }
        return "";
    }

    /** Checks that {@code receiver} accepts the serializer {@code senderId} with the same fingerprint. */
    private static void serializer(List<Problem> problems, String senderNode, int senderId, Handshake sender,
            Handshake receiver, String receiverPhrase) {
        Handshake.SerializerInfo sent = sender.acceptedInfo(senderId);
        Handshake.SerializerInfo taken = receiver.acceptedInfo(senderId);
        String sentName = sent == null ? "serializer id " + senderId : sent.toString();
        if (taken == null) {
            problems.add(new Problem(SERIALIZER, "no common serializer: " + senderNode + " sends with " + sentName
                    + " (expected: one that " + receiverPhrase + ": " + receiver.serializers() + ")"));
        } else if (sent != null && sent.fingerprint() != taken.fingerprint()) {
            problems.add(new Problem(SERIALIZER, "serializer " + sentName + " fingerprint = "
                    + hex(sent.fingerprint()) + " (expected: " + hex(taken.fingerprint())
                    + "; the same provider format version on every node)"));
        }
    }

    private static String hex(long v) {
        return String.format("%016x", v);
    }
}
