package io.raftwire.transport.netty;

import io.netty.channel.Channel;
import io.raftwire.transport.Caller;
import io.raftwire.transport.CertificateName;
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
 *       this node's own id; with TLS it must also be exactly the id the client certificate names, in this node's
 *       cluster, and that certificate must be a member's unless this transport accepts any member (a node's client
 *       port, where client and admin certificates connect);</li>
 *   <li>connecting side: with TLS, the server certificate must be the member certificate of the member this node
 *       meant to reach, in this node's cluster (the WELCOME's member id is checked by
 *       {@link HandshakeCheck#checkWelcome}).</li>
 * </ul>
 * Without TLS the claimed id cannot be verified: only the membership checks apply, and the {@link Caller} role comes
 * from this transport's configuration ({@link #callerOf}). Thread-safe.
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
        CertificateName certificate = certificate(channel, problems);
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
        CertificateName certificate = certificate(channel, problems);
        if (problems.isEmpty()) {
            problems.addAll(checkAnswer(expectedId, certificate));
        }
        return problems;
    }

    /**
     * Who an accepted connection that passed {@link #checkClaim(String, Channel)} is: with TLS the certificate's id and
     * role; on plaintext the claimed id, a {@link Caller.Role#MEMBER} if it is one of this node's peers or this
     * transport accepts only peers, otherwise a {@link Caller.Role#CLIENT}.
     */
    Caller callerOf(String claimedId, Channel channel) {
        return callerOf(claimedId, TlsContexts.peerOf(channel));
    }

    /** As {@link #callerOf(String, Channel)}, with the certificate's name ({@code null} on plaintext). */
    Caller callerOf(String claimedId, CertificateName certificate) {
        if (certificate != null) {
            return certificate.caller();
        }
        boolean member = !acceptAnyMember || members.get().contains(claimedId);
        return new Caller(claimedId, member ? Caller.Role.MEMBER : Caller.Role.CLIENT, null);
    }

    /**
     * Who the member a connection this node opened reached is, once {@link #checkAnswer(String, Channel)} passed: the
     * member {@code expectedId}, with its certificate's URI on TLS.
     */
    Caller serverOf(String expectedId, Channel channel) {
        CertificateName certificate = TlsContexts.peerOf(channel);
        return certificate != null ? certificate.caller() : new Caller(expectedId, Caller.Role.MEMBER, null);
    }

    /** Who the peer's certificate names; {@code null} on plaintext or (with a problem added) if nobody. */
    private static CertificateName certificate(Channel channel, List<Problem> problems) {
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
     * @param certificate who the client certificate names, or {@code null} on a plaintext connection
     * @return every problem; empty if the peer is that member
     */
    List<Problem> checkClaim(String claimedId, CertificateName certificate) {
        List<Problem> problems = new ArrayList<>();
        if (claimedId.equals(selfId)) {
            problems.add(new Problem(HandshakeCheck.MEMBER_ID, "member id = " + claimedId
                    + " (expected: a peer, not this node's own id)"));
        } else if (!acceptAnyMember && !members.get().contains(claimedId)) {
            problems.add(new Problem(HandshakeCheck.MEMBER_ID, "member id = " + claimedId + " (expected: one of"
                    + " this node's peers " + new TreeSet<>(members.get()) + ")"));
        }
        if (certificate != null) {
            // a client port takes clients and admins under their own ids; a member port, members only
            checkCertificate(problems, certificate, acceptAnyMember ? certificate.role() : Caller.Role.MEMBER,
                    claimedId);
        }
        return problems;
    }

    /**
     * The connecting side's check of the server certificate.
     *
     * @param expectedId  the member this node meant to reach
     * @param certificate who the server certificate names, or {@code null} on a plaintext connection
     * @return every problem; empty if the server is that member
     */
    List<Problem> checkAnswer(String expectedId, CertificateName certificate) {
        List<Problem> problems = new ArrayList<>();
        if (certificate != null) {
            checkCertificate(problems, certificate, Caller.Role.MEMBER, expectedId);
        }
        return problems;
    }

    /** Exactly the expected name: cluster, role and id as written (names are never decoded). */
    private void checkCertificate(List<Problem> problems, CertificateName certificate, Caller.Role role, String id) {
        String expected = CertificateName.uri(clusterId, role, id);
        if (!certificate.uri().equals(expected)) {
            String roles = certificate.role() == role ? ""
                    : (certificate.role() == Caller.Role.ADMIN ? "; an admin" : "; a client")
                    + " certificate never acts as a member: it connects only to a client address";
            problems.add(new Problem(HandshakeCheck.CERTIFICATE, "certificate names " + certificate
                    + " (expected: " + expected + roles + ")"));
        }
    }
}
