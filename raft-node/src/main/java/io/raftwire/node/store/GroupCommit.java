package io.raftwire.node.store;

/**
 * How raftwire learns when what a store was asked to flush is durable, so that the Raft thread need not wait for an
 * fsync. Each asynchronous flush request gets a ticket; tickets grow by one per request; a ticket is durable once every
 * byte written to the store before it was issued has been forced, and durability is published in ticket order.
 *
 * <p>{@link FileRaftStore} implements it with one I/O thread per store (group commit); {@link #IMMEDIATE} is for a
 * store whose {@code flush()} is durable on return, or one that keeps nothing (MicroRaft's in-memory
 * {@code NopRaftStore}).
 *
 * <p><b>Threading.</b> {@link #flushAsynchronously} and {@link #lastTicket} are for the node's Raft thread, which owns
 * the store; {@link #durableTicket} and {@link #whenDurable} may be called from any thread.
 */
public interface GroupCommit {

    /** Every flush is durable on return: tickets stay 0 and callbacks run at once on the caller's thread. */
    GroupCommit IMMEDIATE = new GroupCommit() {
        @Override
        public void flushAsynchronously(Runnable engineCall) {
            engineCall.run();
        }

        @Override
        public long lastTicket() {
            return 0;
        }

        @Override
        public long durableTicket() {
            return 0;
        }

        @Override
        public void whenDurable(long ticket, Runnable callback) {
            callback.run();
        }
    };

    /**
     * Runs {@code engineCall} on the calling (Raft) thread; every {@code RaftStore.flush()} it makes hands what was
     * written to the store's I/O thread under a new ticket and returns at once, instead of forcing before it returns.
     * Outside such a call {@code flush()} keeps MicroRaft's contract: durable on return.
     */
    void flushAsynchronously(Runnable engineCall);

    /**
     * The newest ticket issued: once it is durable, so is everything written to the store before this call. 0 before
     * the first asynchronous flush.
     */
    long lastTicket();

    /** The newest durable ticket: every ticket up to it is durable. Never above {@link #lastTicket()}. */
    long durableTicket();

    /**
     * Runs {@code callback} once {@code ticket} is durable: at once on the calling thread if it already is, otherwise
     * on the thread that completes the force (the store's I/O thread, or the Raft thread when a synchronous path forces
     * first). Callbacks must be short and must not block: they hand work to another executor or release a network send.
     * A callback whose ticket never becomes durable (the store failed or was closed) never runs.
     *
     * @param ticket a ticket from {@link #lastTicket()}
     */
    void whenDurable(long ticket, Runnable callback);
}
