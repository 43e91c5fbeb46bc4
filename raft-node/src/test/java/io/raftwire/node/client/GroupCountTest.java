package io.raftwire.node.client;

import static io.raftwire.node.client.ScriptedTransport.failure;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.group.SessionIds;
import io.raftwire.transport.TransportException.Reason;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The group-count check a sharded client and the admin's every-group commands run at connect: members that host
 * another count than the client's {@code raftwire.groups} are refused, naming both counts and the key. The script
 * answers as the member's router does: a probe of an index it hosts names a leader, one at or above its count gets
 * {@code PROTOCOL_ERROR}.
 */
@Timeout(10)
class GroupCountTest {

    private final ScriptedTransport transport = new ScriptedTransport("n1", "n2", "n3");

    private GroupCount hosting(int groups) {
        transport.answer((member, request) -> {
            int index = SessionIds.group(((KeepAliveRequest) request).sessionIds()[0]);
            return index < groups
                    ? new KeepAliveResponse(Status.OK, null, new MemberId("n2"), List.of(), new long[0])
                    : new KeepAliveResponse(Status.ERROR, new RaftError(RaftError.Type.PROTOCOL_ERROR,
                            "KeepAliveRequest for session 0 of group index " + index + " reached member " + member
                                    + " (expected: a group index below " + groups + ", the groups it hosts)", null),
                            null, List.of(), new long[0]);
        });
        return new GroupCount(transport, List.of("n1", "n2", "n3"), Duration.ofSeconds(1));
    }

    @Test
    void theMembersCountPassesWithTwoProbes() {
        assertDoesNotThrow(() -> hosting(8).require(8));
        assertEquals(2, transport.sent().size(), "probes of indexes 7 and 8: " + transport.sent());
        assertDoesNotThrow(() -> hosting(1).require(1));
        assertDoesNotThrow(() -> hosting(1024).require(1024));
    }

    @Test
    void aClientWithFewerGroupsThanTheMembersIsRefusedNamingBothCounts() {
        ClientException e = assertThrows(ClientException.class, () -> hosting(8).require(1));
        assertEquals("member n1 hosts 8 group(s), but raftwire.groups = 1 here (expected: the members'"
                + " raftwire.groups, 8, in the client's configuration: with another count keys would be read and"
                + " written in the wrong groups)", e.getMessage());
    }

    @Test
    void aClientWithMoreGroupsThanTheMembersIsRefusedNamingBothCounts() {
        ClientException e = assertThrows(ClientException.class, () -> hosting(4).require(16));
        assertTrue(e.getMessage().startsWith("member n1 hosts 4 group(s), but raftwire.groups = 16 here"),
                e.getMessage());
        ClientException one = assertThrows(ClientException.class, () -> hosting(1).require(8));
        assertTrue(one.getMessage().startsWith("member n1 hosts 1 group(s), but raftwire.groups = 8 here"),
                one.getMessage());
    }

    @Test
    void anUnreachableMemberIsSkippedAndNoAnswerSaysWhoFailed() {
        GroupCount count = hosting(4);
        transport.answer((member, request) -> member.equals("n1") ? failure(Reason.UNREACHABLE, member)
                : new KeepAliveResponse(SessionIds.group(((KeepAliveRequest) request).sessionIds()[0]) < 4
                        ? Status.OK : Status.ERROR, SessionIds.group(((KeepAliveRequest) request).sessionIds()[0]) < 4
                        ? null : new RaftError(RaftError.Type.PROTOCOL_ERROR, "below 4", null), null, List.of(),
                        new long[0]));
        assertDoesNotThrow(() -> count.require(4));

        transport.answer((member, request) -> failure(Reason.UNREACHABLE, member));
        ClientException e = assertThrows(ClientException.class,
                () -> new GroupCount(transport, List.of("n1", "n2"), Duration.ofSeconds(1)).require(4));
        assertTrue(e.getMessage().startsWith("no member answered the probe of group index 3 (checking that the"
                + " members host raftwire.groups groups): n1: "), e.getMessage());
        assertTrue(e.getMessage().contains("; n2: "), e.getMessage());
    }
}
