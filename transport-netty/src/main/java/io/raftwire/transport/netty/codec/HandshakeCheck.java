package io.raftwire.transport.netty.codec;

import java.util.ArrayList;
import java.util.List;

/**
 * Compares the two sides of a handshake. Each method returns every difference that prevents the connection, each as
 * {@code what = their value (expected: our value)}; an empty list means the connection may proceed. Both sides run
 * the check that concerns them, so a refusal is explained on both nodes.
 */
public final class HandshakeCheck {

    private HandshakeCheck() {
    }

    /**
     * The accepting side's check of a {@link FrameKind#HELLO}.
     *
     * @param local this node's declaration
     * @param hello what the connecting side declared
     * @return the differences, empty if the connection is acceptable
     */
    public static List<String> checkHello(Handshake local, Handshake hello) {
        List<String> problems = common(local, hello);
        if (!hello.targetId().isEmpty() && !hello.targetId().equals(local.nodeId())) {
            problems.add("member id = " + local.nodeId() + " (expected by " + hello.nodeId() + ": "
                    + hello.targetId() + ")");
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
    public static List<String> checkWelcome(Handshake local, String expectedPeerId, Handshake welcome) {
        List<String> problems = common(local, welcome);
        if (!welcome.nodeId().equals(expectedPeerId)) {
            problems.add("member id = " + welcome.nodeId() + " (expected: " + expectedPeerId + ")");
        }
        if (local.registryFingerprint() == welcome.registryFingerprint()) {
            serializer(problems, local.nodeId(), local.sendSerializerId(), local, welcome,
                    welcome.nodeId() + " accepts");
        }
        return problems;
    }

    private static List<String> common(Handshake local, Handshake remote) {
        List<String> problems = new ArrayList<>();
        if (!local.clusterId().equals(remote.clusterId())) {
            problems.add("cluster id = " + remote.clusterId() + " (expected: " + local.clusterId() + ")");
        }
        if (local.registryFingerprint() != remote.registryFingerprint()) {
            problems.add("registry fingerprint = " + hex(remote.registryFingerprint()) + " with "
                    + remote.typeCount() + " types (expected: " + hex(local.registryFingerprint()) + " with "
                    + local.typeCount() + " types; every node must register the same types under the same ids)");
        }
        return problems;
    }

    /** Checks that {@code receiver} accepts the serializer {@code senderId} with the same fingerprint. */
    private static void serializer(List<String> problems, String senderNode, int senderId, Handshake sender,
            Handshake receiver, String receiverPhrase) {
        Handshake.SerializerInfo sent = sender.acceptedInfo(senderId);
        Handshake.SerializerInfo taken = receiver.acceptedInfo(senderId);
        String sentName = sent == null ? "serializer id " + senderId : sent.toString();
        if (taken == null) {
            problems.add("no common serializer: " + senderNode + " sends with " + sentName + " (expected: one that "
                    + receiverPhrase + ": " + receiver.accepted() + ")");
        } else if (sent != null && sent.fingerprint() != taken.fingerprint()) {
            problems.add("serializer " + sentName + " fingerprint = " + hex(sent.fingerprint()) + " (expected: "
                    + hex(taken.fingerprint()) + "; the same provider format version on every node)");
        }
    }

    private static String hex(long v) {
        return String.format("%016x", v);
    }
}
