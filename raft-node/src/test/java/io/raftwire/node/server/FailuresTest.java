package io.raftwire.node.server;

import io.microraft.exception.NotLeaderException;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.model.NodeEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The engine's not-leader failure reaches a client as a NO_LEADER error naming the leader in a typed field. */
@Timeout(10)
class FailuresTest {

    private static final NodeEndpoint SELF = new NodeEndpoint("n1");

    @Test
    void notLeaderNamesTheLeaderTheMemberKnows() {
        RaftError error = Failures.toError(new CompletionException(
                new NotLeaderException(SELF, new NodeEndpoint("n3"))));
        assertEquals(RaftError.Type.NO_LEADER, error.type());
        assertEquals(new MemberId("n3"), error.leader());
        assertEquals("this member does not lead; n3 does", error.message());
    }

    @Test
    void notLeaderWithNoKnownLeaderNamesNone() {
        RaftError error = Failures.toError(new NotLeaderException(SELF, null));
        assertEquals(RaftError.Type.NO_LEADER, error.type());
        assertNull(error.leader(), "no leader is known while an election runs");
        assertEquals("this member does not lead and knows no leader", error.message());
    }

    @Test
    void otherFailuresNameNoLeader() {
        RaftError error = Failures.toError(new IllegalStateException("stopped"));
        assertEquals(RaftError.Type.UNAVAILABLE, error.type());
        assertNull(error.leader());
    }
}
