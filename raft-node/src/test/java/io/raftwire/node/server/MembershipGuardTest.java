package io.raftwire.node.server;

import io.raftwire.message.value.RaftError;
import io.raftwire.transport.Caller;
import io.raftwire.transport.Caller.Role;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Who may change membership and leadership: admins, members acting on themselves, plaintext only when enabled. */
@Timeout(10)
class MembershipGuardTest {

    private static final Caller ADMIN = new Caller("ops", Role.ADMIN, "raftwire://prod/admin/ops");
    private static final Caller CLIENT = new Caller("alice", Role.CLIENT, "raftwire://prod/client/alice");
    private static final Caller MEMBER = new Caller("node-2", Role.MEMBER, "raftwire://prod/node-2");

    /** Every refusal is logged at WARN: asserted where it matters, kept out of the build output. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", MembershipGuard.class.getName());

    @Test
    void anAdminCertificateMayChangeAnyMember() {
        MembershipGuard guard = new MembershipGuard("prod", false);
        assertNull(guard.refuse(ADMIN, "LeaveRequest", "node-3"));
        assertNull(guard.refuse(ADMIN, "JoinRequest", "node-4"));
        assertNull(guard.refuse(ADMIN, "TransferRequest", "node-1"));
    }

    @Test
    void aMemberCertificateMayChangeOnlyItself() {
        MembershipGuard guard = new MembershipGuard("prod", true);
        assertNull(guard.refuse(MEMBER, "LeaveRequest", "node-2"));
        assertNull(guard.refuse(MEMBER, "TransferRequest", "node-2"));
        RaftError other = guard.refuse(MEMBER, "LeaveRequest", "node-3");
        assertEquals(new RaftError(RaftError.Type.PROTOCOL_ERROR, "forbidden: LeaveRequest for member node-3 from"
                + " member certificate raftwire://prod/node-2 (expected: an admin certificate"
                + " raftwire://prod/admin/<id>, or the member certificate of node-3 itself)", null), other);
    }

    @Test
    void aClientCertificateIsRefusedEvenWhenPlaintextAdminIsOn() {
        RaftError refused = new MembershipGuard("prod", true).refuse(CLIENT, "JoinRequest", "node-4");
        assertEquals(RaftError.Type.PROTOCOL_ERROR, refused.type());
        assertEquals("forbidden: JoinRequest for member node-4 from client certificate raftwire://prod/client/alice"
                + " (expected: an admin certificate raftwire://prod/admin/<id>, or the member certificate of node-4"
                + " itself)", refused.message());
        assertEquals(false, refused.type().retriable(), "a client must not retry a refusal");
        logs.await("refused " + refused.message());
    }

    @Test
    void plaintextCallersMayOnlyWhenTheKeyIsOnWhateverTheyClaim() {
        Caller plainClient = new Caller("client-7f", Role.CLIENT, null);
        Caller plainMember = new Caller("node-3", Role.MEMBER, null);
        MembershipGuard off = new MembershipGuard("prod", false);
        assertEquals("forbidden: TransferRequest for member node-3 from plaintext member node-3 (unverified)"
                + " (expected: raftwire.security.plaintext-admin = true on the members to allow it over plaintext,"
                + " or TLS with an admin certificate raftwire://prod/admin/<id>)",
                off.refuse(plainMember, "TransferRequest", "node-3").message(), "a claimed member id proves nothing");
        assertEquals(RaftError.Type.PROTOCOL_ERROR, off.refuse(plainClient, "LeaveRequest", "node-1").type());
        MembershipGuard on = new MembershipGuard("prod", true);
        assertNull(on.refuse(plainClient, "LeaveRequest", "node-1"));
        assertNull(on.refuse(plainMember, "JoinRequest", "node-9"));
    }

    @Test
    void peerTextInTheRefusalIsEscaped() {
        RaftError refused = new MembershipGuard("prod", false).refuse(new Caller("a\nb", Role.CLIENT, null),
                "LeaveRequest", "x\ry");
        assertEquals("forbidden: LeaveRequest for member x\\ry from plaintext client a\\nb (unverified) (expected:"
                + " raftwire.security.plaintext-admin = true on the members to allow it over plaintext, or TLS with"
                + " an admin certificate raftwire://prod/admin/<id>)", refused.message());
    }

    @Test
    void aSnapshotNeedsAnAdminCertificateOrPlaintextAdmin() {
        MembershipGuard guard = new MembershipGuard("prod", false);
        assertNull(guard.refuseAdmin(ADMIN, "SnapshotRequest", "node-1"));
        RaftError client = guard.refuseAdmin(CLIENT, "SnapshotRequest", "node-1");
        assertEquals(new RaftError(RaftError.Type.PROTOCOL_ERROR, "forbidden: SnapshotRequest for member node-1 from"
                + " client certificate raftwire://prod/client/alice (expected: an admin certificate"
                + " raftwire://prod/admin/<id>)", null), client);
        logs.await("refused " + client.message());
        assertEquals("forbidden: SnapshotRequest for member node-2 from member certificate raftwire://prod/node-2"
                + " (expected: an admin certificate raftwire://prod/admin/<id>)",
                guard.refuseAdmin(MEMBER, "SnapshotRequest", "node-2").message(), "not even a member on itself");
        Caller plain = new Caller("client-7f", Role.CLIENT, null);
        assertEquals("forbidden: SnapshotRequest for member node-1 from plaintext client client-7f (unverified)"
                + " (expected: raftwire.security.plaintext-admin = true on the members to allow it over plaintext,"
                + " or TLS with an admin certificate raftwire://prod/admin/<id>)",
                guard.refuseAdmin(plain, "SnapshotRequest", "node-1").message());
        assertNull(new MembershipGuard("prod", true).refuseAdmin(plain, "SnapshotRequest", "node-1"));
    }
}
