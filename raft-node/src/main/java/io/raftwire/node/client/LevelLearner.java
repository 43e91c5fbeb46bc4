package io.raftwire.node.client;

import io.raftwire.message.RaftResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.level.LevelState;
import io.raftwire.transport.PeerText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * What a client knows of its group's feature levels, and how it learns more: the {@link LevelOperations#read read}
 * query, whose result is the answering member's history ({@link FeatureLevels#toBytes}). A member that does not
 * answer it (raftwire 0.1.0 refuses the unknown operation) or cannot be reached leaves the knowledge as it was: the
 * client then writes as it did before, and learns again at the next occasion. Concurrent requests share one query.
 * Thread-safe.
 */
final class LevelLearner {

    private static final Logger LOG = LoggerFactory.getLogger(LevelLearner.class);

    private final LevelState state = new LevelState(FeatureLevels.NONE);
    private final Function<PrimitiveOperation, CompletableFuture<QueryResponse>> query;
    private final AtomicReference<CompletableFuture<FeatureLevels>> pending = new AtomicReference<>();
    private volatile boolean answered;
    private volatile Throwable lastFailure;

    /** @param query runs a query in the client's session */
    LevelLearner(Function<PrimitiveOperation, CompletableFuture<QueryResponse>> query) {
        this.query = Objects.requireNonNull(query, "query");
    }

    /** The state the client's codec reads. */
    LevelState state() {
        return state;
    }

    /**
     * Whether a member has answered the level query (with its levels, or by refusing it as raftwire 0.1.0 does): only
     * then does {@link FeatureLevels#NONE} mean that the group records no level.
     */
    boolean answered() {
        return answered;
    }

    /** Why the last level query got no answer; {@code null} if none failed. */
    Throwable lastFailure() {
        return lastFailure;
    }

    /**
     * Asks the group for its levels (or joins a question already asked) and advances the state with the answer.
     *
     * @return completes, never exceptionally, with the levels known after the answer (or the failure)
     */
    CompletableFuture<FeatureLevels> learn() {
        CompletableFuture<FeatureLevels> mine = new CompletableFuture<>();
        CompletableFuture<FeatureLevels> asked = pending.compareAndExchange(null, mine);
        if (asked != null) {
            return asked;
        }
        CompletableFuture<QueryResponse> answer;
        try {
            answer = query.apply(LevelOperations.read());
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        answer.whenComplete((r, e) -> {
            if (e != null) {
                lastFailure = e;
                LOG.debug("could not read the feature levels; writing as before at {}", state.get(), e);
            } else if (r.status() != RaftResponse.Status.OK) {
                answered = true;
                LOG.debug("the member refused to read the feature levels ({}); writing as before at {}",
                        PeerText.escape(String.valueOf(r.error())), state.get());
            } else {
                answered = true;
                advance(r.result());
            }
            pending.set(null);
            mine.complete(state.get());
        });
        return mine;
    }

    private void advance(byte[] history) {
        try {
            state.advance(FeatureLevels.fromBytes(history));
        } catch (IllegalArgumentException e) {
            LOG.debug("the member answered feature levels this client does not take: {}",
                    PeerText.escape(e.getMessage()));
        }
    }
}
