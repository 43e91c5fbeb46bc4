package io.raftwire.node.client;

import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.node.group.SessionIds;
import io.raftwire.transport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static io.raftwire.node.client.ScriptedTransport.leaderIs;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One transport shared by the clients of several groups: a pushed batch reaches the client of the group its session
 * id names and no other, requests of every view go out on the one transport, it starts once, and only closing the
 * whole closes it.
 */
@Timeout(10)
class GroupTransportsTest {

    private final ScriptedTransport shared = new ScriptedTransport("n1");
    private final GroupTransports transports = new GroupTransports(shared, 3);

    @Test
    void aPushedBatchReachesTheClientOfItsSessionsGroupOnly() {
        List<String> heard = new ArrayList<>();
        for (int g = 0; g < 3; g++) {
            int group = g;
            transports.view(g).onMessage(PublishRequest.class, (from, batch) -> heard.add("group " + group + ": "
                    + SessionIds.local(batch.session())));
        }

        shared.push("n1", new PublishRequest(SessionIds.global(2, 11), 5, 0, List.of()));
        shared.push("n1", new PublishRequest(SessionIds.global(0, 7), 6, 0, List.of()));
        shared.push("n1", new PublishRequest(SessionIds.global(9, 3), 7, 0, List.of())); // no client of group 9

        assertEquals(List.of("group 2: 11", "group 0: 7"), heard);
    }

    @Test
    void everyViewSendsOnTheOneTransportWhichStartsOnceAndClosesOnlyWithTheWhole() {
        shared.answer((member, request) -> leaderIs("n1"));
        Transport a = transports.view(0);
        Transport b = transports.view(1);

        a.start();
        b.start();
        a.request("n1", new KeepAliveRequest(new long[0], new long[0], new long[0]), Object.class).join();
        b.request("n1", new KeepAliveRequest(new long[0], new long[0], new long[0]), Object.class).join();
        a.close();
        b.close();

        assertEquals(1, shared.starts());
        assertEquals(2, shared.sent(KeepAliveRequest.class).size());
        assertEquals(0, shared.closes(), "closing a group's client leaves the others' connection open");
        transports.close();
        assertEquals(1, shared.closes());
    }
}
