package io.raftwire.node.transport;

import io.microraft.RaftEndpoint;
import io.microraft.model.message.AppendEntriesSuccessResponse;
import io.microraft.model.message.RaftMessage;
import io.raftwire.node.store.GroupCommit;

import java.util.ArrayDeque;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * Holds back a follower's {@link AppendEntriesSuccessResponse} until what it acknowledges is durable.
 *
 * <p>MicroRaft 0.7's {@code AppendEntriesRequestHandler} appends the entries, calls {@code RaftLog.flush()} and then
 * sends the success response with the index it appended up to. raftwire runs that handler with the store's flush made
 * asynchronous ({@link GroupCommit#flushAsynchronously}), so the entries may not be on disk yet when the response is
 * sent. A success response is therefore sent only once the store's ticket current at the send is durable: at once if
 * it already is, otherwise from the store's durability callback. Responses held back go out in the order they were
 * sent, and while any is held, every later success response waits behind it (tickets only grow, so one queue keeps
 * the order per target too). Every other message goes at once. With {@link GroupCommit#IMMEDIATE} nothing is held.
 *
 * <p>The ticket is the store's newest, not the one this handler's flush took: a heartbeat or a repeated request
 * appends nothing, but acknowledges entries an earlier flush may still be forcing.
 *
 * <p><b>Threading.</b> {@link #send} on the Raft thread; held responses are sent on the thread that completes the
 * force (the store's sync thread, or the Raft thread). Sends are made under this object's lock so that the order
 * holds; the sender must not block. Thread-safe.
 */
final class DurableAcks {

    private record Held(long ticket, RaftEndpoint target, RaftMessage message) {
    }

    private final GroupCommit store;
    private final BiConsumer<RaftEndpoint, RaftMessage> sender;
    private final ArrayDeque<Held> held = new ArrayDeque<>();

    /**
     * @param store  the node's store
     * @param sender sends one message at once; must not block or throw
     */
    DurableAcks(GroupCommit store, BiConsumer<RaftEndpoint, RaftMessage> sender) {
        this.store = Objects.requireNonNull(store, "store");
        this.sender = Objects.requireNonNull(sender, "sender");
    }

    /** Sends {@code message} to {@code target} now, or, for a success response, once it is true on disk. */
    void send(RaftEndpoint target, RaftMessage message) {
        if (!(message instanceof AppendEntriesSuccessResponse)) {
            sender.accept(target, message);
            return;
        }
        long ticket = store.lastTicket();
        synchronized (this) {
            if (held.isEmpty() && store.durableTicket() >= ticket) {
                sender.accept(target, message);
                return;
            }
            held.add(new Held(ticket, target, message));
        }
        store.whenDurable(ticket, this::release);
    }

    /** How many success responses wait for the disk. */
    synchronized int held() {
        return held.size();
    }

    /** Sends, in order, every held response whose ticket is durable. */
    private synchronized void release() {
        long durable = store.durableTicket();
        while (!held.isEmpty() && held.peek().ticket() <= durable) {
            Held h = held.poll();
            sender.accept(h.target(), h.message());
        }
    }
}
