package io.raftwire.node.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.microraft.RaftEndpoint;
import io.microraft.model.message.RaftMessage;
import io.raftwire.node.model.AppendEntriesSuccessResponseModel;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.VoteRequestModel;
import io.raftwire.node.store.GroupCommit;
import io.raftwire.transport.Transport;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A follower's success response leaves only once the entries it acknowledges are durable; nothing overtakes a held
 * one; every other message goes at once.
 */
@Timeout(10)
class DurableAcksTest {

    private final NodeEndpoint leader = new NodeEndpoint("node-1");
    private final NodeEndpoint oldLeader = new NodeEndpoint("node-3");
    private final NodeEndpoint self = new NodeEndpoint("node-2");
    private final ManualCommit store = new ManualCommit();
    private final List<String> sent = new ArrayList<>();
    private final DurableAcks acks = new DurableAcks(store, (to, m) -> sent.add(describe(to, m)));

    /** Tickets the test issues and completes by hand. */
    static final class ManualCommit implements GroupCommit {
        long last;
        long durable;
        final TreeMap<Long, List<Runnable>> callbacks = new TreeMap<>();

        @Override
        public void flushAsynchronously(Runnable engineCall) {
            engineCall.run();
        }

        @Override
        public long lastTicket() {
            return last;
        }

        @Override
        public long durableTicket() {
            return durable;
        }

        @Override
        public void whenDurable(long ticket, Runnable callback) {
            if (ticket <= durable) {
                callback.run();
            } else {
                callbacks.computeIfAbsent(ticket, t -> new ArrayList<>()).add(callback);
            }
        }

        void complete(long ticket) {
            durable = ticket;
            Map<Long, List<Runnable>> ready = callbacks.headMap(ticket, true);
            List<Runnable> run = new ArrayList<>();
            ready.values().forEach(run::addAll);
            ready.clear();
            run.forEach(Runnable::run);
        }
    }

    private AppendEntriesSuccessResponseModel ack(long lastLogIndex) {
        return new AppendEntriesSuccessResponseModel("g", self, 3, lastLogIndex, 0, 0);
    }

    private static String describe(RaftEndpoint to, RaftMessage m) {
        return to.getId() + ": " + (m instanceof AppendEntriesSuccessResponseModel a ? "ack " + a.lastLogIndex()
                : m.getClass().getSimpleName());
    }

    @Test
    void anAckOfDurableEntriesGoesAtOnce() {
        store.last = 4;
        store.durable = 4;
        acks.send(leader, ack(10));
        assertEquals(List.of("node-1: ack 10"), sent);
    }

    @Test
    void anAckWaitsForTheTicketCurrentWhenItWasSentAndOtherMessagesDoNot() {
        store.last = 1;
        acks.send(leader, ack(10));
        acks.send(leader, new VoteRequestModel("g", self, 4, 3, 10, false));
        assertEquals(List.of("node-1: VoteRequestModel"), sent, "the ack waits for ticket 1; the vote request does not");
        assertEquals(1, acks.held());
        store.complete(1);
        assertEquals(List.of("node-1: VoteRequestModel", "node-1: ack 10"), sent);
        assertEquals(0, acks.held());
    }

    @Test
    void aHeartbeatAckWaitsForAnEarlierFlushStillInProgress() {
        store.last = 2; // a flush of an earlier request is still being forced; this request appended nothing
        store.durable = 1;
        acks.send(leader, ack(10));
        assertEquals(List.of(), sent, "the ack says entries up to 10 are held, and ticket 2 still forces some");
        store.complete(2);
        assertEquals(List.of("node-1: ack 10"), sent);
    }

    @Test
    void laterAcksWaitBehindAHeldOneAndAllLeaveInTheOrderTheyWereSent() {
        store.last = 1;
        acks.send(oldLeader, ack(10));
        store.last = 2;
        acks.send(leader, ack(9));
        acks.send(leader, ack(12));
        store.complete(1);
        assertEquals(List.of("node-3: ack 10"), sent, "ticket 1 releases only what waited for it");
        store.complete(2);
        assertEquals(List.of("node-3: ack 10", "node-1: ack 9", "node-1: ack 12"), sent);
        store.last = 3;
        acks.send(leader, ack(13));
        store.durable = 3; // durable, but its callback has not run yet: the next ack must not overtake the held one
        acks.send(leader, ack(14));
        assertEquals(0, acks.held(), "both are durable: ack 14 releases ack 13 first, then goes itself");
        assertEquals(List.of("node-3: ack 10", "node-1: ack 9", "node-1: ack 12", "node-1: ack 13", "node-1: ack 14"),
                sent);
    }

    @Test
    void withAStoreWhoseFlushIsDurableOnReturnNothingIsHeld() {
        DurableAcks immediate = new DurableAcks(GroupCommit.IMMEDIATE, (to, m) -> sent.add(describe(to, m)));
        immediate.send(leader, ack(1));
        immediate.send(oldLeader, ack(2));
        assertEquals(List.of("node-1: ack 1", "node-3: ack 2"), sent);
    }

    @Test
    void theRaftTransportHandsAHeldAckToTheNetworkOnlyOnceDurable() {
        List<Object> written = new ArrayList<>();
        Transport network = (Transport) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Transport.class}, (p, m, a) -> switch (m.getName()) {
                    case "send" -> {
                        written.add(a[0] + ": " + a[1].getClass().getSimpleName());
                        yield CompletableFuture.completedFuture(null);
                    }
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        RaftTransportCounters counters = new RaftTransportCounters();
        RaftMessageTransport t = new RaftMessageTransport(network, counters, store);
        store.last = 1;
        t.send(leader, ack(5));
        assertEquals(List.of(), written);
        store.complete(1);
        assertEquals(List.of("node-1: AppendEntriesSuccessResponseModel"), written);
        assertEquals(1, counters.snapshot().sent());
    }
}
