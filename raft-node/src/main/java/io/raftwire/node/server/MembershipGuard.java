package io.raftwire.node.server;

import io.raftwire.config.ConfigKeys;
import io.raftwire.message.value.RaftError;
import io.raftwire.transport.Caller;
import io.raftwire.transport.CertificateName;
import io.raftwire.transport.PeerText;
import io.raftwire.transport.RateLimitedLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who may change the group's membership or leadership ({@code JoinRequest}, {@code LeaveRequest},
 * {@code TransferRequest}) or make a member take a snapshot ({@code SnapshotRequest}, {@link #refuseAdmin}), decided
 * on the member that receives the request, before it reaches the engine. Membership and leadership:
 * <ul>
 *   <li>a caller with an admin certificate ({@code raftwire://<cluster>/admin/<id>}): any change;</li>
 *   <li>a caller with a member certificate ({@code raftwire://<cluster>/<member id>}): a change to itself only (join
 *       itself, leave itself, take leadership itself);</li>
 *   <li>a plaintext caller, whatever id it claims: any change if {@code raftwire.security.plaintext-admin} is true on
 *       this member, none otherwise (nothing on plaintext proves who is asking);</li>
 *   <li>anyone else, a client certificate above all: refused.</li>
 * </ul>
 * A snapshot: an admin certificate, or a plaintext caller if {@code raftwire.security.plaintext-admin} is true; member
 * and client certificates are refused.
 * A refusal is a {@link RaftError.Type#PROTOCOL_ERROR} (not retriable) whose message starts with {@code forbidden:}
 * and names the request, the caller (its certificate's URI, escaped) and what is expected; it is logged at WARN with
 * the same text, rate-limited per kind ({@link RateLimitedLog}). Thread-safe.
 */
public final class MembershipGuard {

    private static final Logger LOG = LoggerFactory.getLogger(MembershipGuard.class);

    private final String clusterId;
    private final boolean plaintextAdmin;
    private final RateLimitedLog warnings = new RateLimitedLog(LOG);

    /**
     * @param clusterId      this member's cluster id, for the expected certificate's form in refusals
     * @param plaintextAdmin {@code raftwire.security.plaintext-admin}
     */
    public MembershipGuard(String clusterId, boolean plaintextAdmin) {
        this.clusterId = clusterId;
        this.plaintextAdmin = plaintextAdmin;
    }

    /**
     * Whether {@code caller} may send {@code request} about {@code target}.
     *
     * @param request the request's simple type name, e.g. {@code LeaveRequest}
     * @param target  the member id the request changes (joins, removes, hands leadership to)
     * @return {@code null} if allowed, otherwise the refusal to answer with (already logged)
     */
    public RaftError refuse(Caller caller, String request, String target) {
        if (allowed(caller, target)) {
            return null;
        }
        return refusal(caller, request, target, caller.verified()
                ? "an admin certificate " + CertificateName.uri(clusterId, Caller.Role.ADMIN, "<id>")
                        + ", or the member certificate of " + PeerText.escape(target) + " itself"
                : plaintextExpected());
    }

    /**
     * Whether {@code caller} may send {@code request}, an operation for admins only (a snapshot), to member
     * {@code target}: an admin certificate, or plaintext with {@code raftwire.security.plaintext-admin}.
     *
     * @param request the request's simple type name, e.g. {@code SnapshotRequest}
     * @param target  the member the request is for
     * @return {@code null} if allowed, otherwise the refusal to answer with (already logged)
     */
    public RaftError refuseAdmin(Caller caller, String request, String target) {
        boolean allowed = caller.verified() ? caller.role() == Caller.Role.ADMIN : plaintextAdmin;
        if (allowed) {
            return null;
        }
        return refusal(caller, request, target, caller.verified()
                ? "an admin certificate " + CertificateName.uri(clusterId, Caller.Role.ADMIN, "<id>")
                : plaintextExpected());
    }

    private String plaintextExpected() {
        return ConfigKeys.SECURITY_PLAINTEXT_ADMIN.name() + " = true on the members to allow it over plaintext,"
                + " or TLS with an admin certificate " + CertificateName.uri(clusterId, Caller.Role.ADMIN, "<id>");
    }

    private RaftError refusal(Caller caller, String request, String target, String expected) {
        String text = "forbidden: " + request + " for member " + PeerText.escape(target) + " from " + caller
                + " (expected: " + expected + ")";
        warnings.warn("membership-refused", "refused {}", text);
        return new RaftError(RaftError.Type.PROTOCOL_ERROR, text, null);
    }

    private boolean allowed(Caller caller, String target) {
        if (!caller.verified()) {
            return plaintextAdmin;
        }
        return switch (caller.role()) {
            case ADMIN -> true;
            case MEMBER -> caller.id().equals(target);
            case CLIENT -> false;
        };
    }
}
