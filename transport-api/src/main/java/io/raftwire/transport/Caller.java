package io.raftwire.transport;

import java.util.Objects;

/**
 * Who sent a request, as the transport authenticated the connection it came on at its handshake: the id the
 * connection runs under and the role that id holds.
 *
 * <p>With TLS the role and the id are the certificate's ({@link CertificateName}): a member certificate
 * {@code raftwire://<cluster>/<id>} gives {@link Role#MEMBER}, {@code raftwire://<cluster>/client/<id>}
 * {@link Role#CLIENT}, {@code raftwire://<cluster>/admin/<id>} {@link Role#ADMIN}, and {@link #certificate()} is that
 * SAN URI. With plaintext nothing is verified: the id is the one the peer claimed and the role comes from the
 * receiving transport's configuration ({@link Role#MEMBER} for an id in its {@code raftwire.peers}, otherwise
 * {@link Role#CLIENT}); {@link #certificate()} is {@code null}. Immutable.
 *
 * @param id          the member or client id the connection authenticated as (with TLS, the certificate's)
 * @param role        the role of that id
 * @param certificate the certificate's raftwire SAN URI exactly as written in it, or {@code null} on plaintext
 */
public record Caller(String id, Role role, String certificate) {

    /** The role a caller holds. */
    public enum Role {
        /** A member of the cluster: Raft traffic, and what a member does to itself. */
        MEMBER,
        /** A client: sessions, commands and queries; no membership or leadership changes. */
        CLIENT,
        /** An operator: what a client does, and membership and leadership changes. */
        ADMIN
    }

    /** Checks for nulls in {@code id} and {@code role}. */
    public Caller {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(role, "role");
    }

    /** Whether a certificate proved the id and role (TLS); {@code false} on plaintext. */
    public boolean verified() {
        return certificate != null;
    }

    /**
     * For logs and refusals: {@code client certificate raftwire://prod/client/alice}, or
     * {@code plaintext client alice (unverified)}; the id and URI escaped ({@link PeerText}), since a peer sent them.
     */
    @Override
    public String toString() {
        String role = this.role.name().toLowerCase(java.util.Locale.ROOT);
        return verified() ? role + " certificate " + PeerText.escape(certificate)
                : "plaintext " + role + " " + PeerText.escape(id) + " (unverified)";
    }
}
