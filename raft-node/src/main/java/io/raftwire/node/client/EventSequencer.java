package io.raftwire.node.client;

import io.raftwire.message.request.PublishRequest;

/**
 * Decides, for each event batch pushed to a session, whether it is the next one to deliver, a repeat of one already
 * taken (after a leader change or a keep-alive the leader pushes every unacknowledged batch again), or proof that a
 * batch was missed: a batch follows the one before it exactly when its {@code previousIndex} is the event index of the
 * last batch taken. Not thread-safe: the caller serialises {@link #offer}.
 */
final class EventSequencer {

    /** What to do with an offered batch. */
    enum Verdict {
        /** The next batch: deliver it. */
        DELIVER,
        /** Already taken: drop it. */
        REPEAT,
        /** A batch between the last one taken and this one is missing: drop this one and ask for a resend. */
        GAP
    }

    private long taken;

    /**
     * Judges one batch; a {@link Verdict#DELIVER} also takes it.
     *
     * @param batch a batch of this session
     * @return the verdict
     */
    Verdict offer(PublishRequest batch) {
        if (batch.eventIndex() <= taken) {
            return Verdict.REPEAT;
        }
        if (batch.previousIndex() != taken) {
            return Verdict.GAP;
        }
        taken = batch.eventIndex();
        return Verdict.DELIVER;
    }

    /** The event index of the last batch taken; 0 if none. */
    long taken() {
        return taken;
    }
}
