package io.raftwire.transport.netty;

import io.netty.channel.Channel;
import io.raftwire.transport.netty.codec.HandshakeCheck;
import io.raftwire.transport.netty.codec.HandshakeCheck.Problem;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Who may be on the other end of a connection, checked at the raftwire handshake after the frame-level checks of
 * {@link HandshakeCheck}:
 * <ul>
 *   <li>accepting side: the member id a HELLO claims must be one of this node's current peers
 *       ({@code raftwire.peers} and {@code addPeer}; any id with {@code raftwire.transport.accept-any-member}) and not
 *       this node's own id; with TLS it must also be the member
 *       the client certificate names, in this node's cluster;</li>
 *   <li>connecting side: with TLS, the server certificate must name the member this node meant to reach, in this
 *       node's cluster (the WELCOME's member id is checked by {@link HandshakeCheck#checkWelcome}).</li>
 * </ul>
 * Without TLS the claimed id cannot be verified: only the membership checks apply. Thread-safe.
 */
final class MemberPolicy {

    private final String clusterId;
    private final String selfId;
    private final Supplier<Set<String>> members;
    private final boolean acceptAnyMember;

    /**
     * @param clusterId this node's cluster id
     * @param selfId    this node's member id
     * @param members   the current peer ids (a live view)
     * @param acceptAnyMember whether an accepted connection may claim an id that is not a peer (a client port)
     */
    MemberPolicy(String clusterId, String selfId, Supplier<Set<String>> members, boolean acceptAnyMember) {
        this.clusterId = clusterId;
        this.selfId = selfId;
        this.members = members;
        this.acceptAnyMember = acceptAnyMember;
    }

    /**
     * The accepting side's check of the member id a HELLO claims on {@code channel} (TLS or plaintext).
     *
     * @return every problem; empty if the peer is that member
     */
    List<Problem> checkClaim(String claimedId, Channel channel) {
        List<Problem> problems = new ArrayList<>();
        MemberCertificate certificate = certificate(channel, problems);
        if (problems.isEmpty()) {
            problems.addAll(checkClaim(claimedId, certificate));
        }
        return problems;
    }

    /**
     * The connecting side's check of the server certificate on {@code channel} (none on plaintext).
     *
     * @return every problem; empty if the server is that member
     */
    List<Problem> checkAnswer(String expectedId, Channel channel) {
        List<Problem> problems = new ArrayList<>();
        MemberCertificate certificate = certificate(channel, problems);
        if (problems.isEmpty()) {
            problems.addAll(checkAnswer(expectedId, certificate));
        }
        return problems;
    }

    /** The member the peer's certificate names; {@code null} on plaintext or (with a problem added) if none. */
    private static MemberCertificate certificate(Channel channel, List<Problem> problems) {
        try {
            return TlsContexts.peerOf(channel);
        } catch (IllegalArgumentException e) {
            problems.add(new Problem(HandshakeCheck.CERTIFICATE, e.getMessage()));
            return null;
        }
    }

    /**
     * The accepting side's check of the member id a HELLO claims.
     *
     * @param claimedId   the HELLO's node id (printable ASCII, checked by the handshake codec)
     * @param certificate the member the client certificate names, or {@code null} on a plaintext connection
     * @return every problem; empty if the peer is that member
     */
    List<Problem> checkClaim(String claimedId, MemberCertificate certificate) {
        List<Problem> problems = new ArrayList<>();
        if (claimedId.equals(selfId)) {
            problems.add(new Problem(HandshakeCheck.MEMBER_ID, "member id = " + claimedId
                    + " (expected: a peer, not this node's own id)"));
        } else if (!acceptAnyMember && !members.get().contains(claimedId)) {
            problems.add(new Problem(HandshakeCheck.MEMBER_ID, "member id = " + claimedId + " (expected: one of"
                    + " this node's peers " + new TreeSet<>(members.get()) + ")"));
        }
        if (certificate != null) {
            checkCertificate(problems, certificate, claimedId);
        }
        return problems;
    }

    /**
     * The connecting side's check of the server certificate.
     *
     * @param expectedId  the member this node meant to reach
     * @param certificate the member the server certificate names, or {@code null} on a plaintext connection
     * @return every problem; empty if the server is that member
     */
    List<Problem> checkAnswer(String expectedId, MemberCertificate certificate) {
        List<Problem> problems = new ArrayList<>();
        if (certificate != null) {
            checkCertificate(problems, certificate, expectedId);
        }
        return problems;
    }

    private void checkCertificate(List<Problem> problems, MemberCertificate certificate, String memberId) {
        if (!certificate.clusterId().equals(clusterId) || !certificate.memberId().equals(memberId)) {
            problems.add(new Problem(HandshakeCheck.CERTIFICATE, "certificate names " + certificate
                    + " (expected: " + MemberCertificate.uri(clusterId, memberId) + ")"));
        }
    }
}
