package io.raftwire.node.server;

import io.microraft.exception.CannotReplicateException;
import io.microraft.exception.IndeterminateStateException;
import io.microraft.exception.LaggingCommitIndexException;
import io.microraft.exception.NotLeaderException;
import io.microraft.exception.RaftException;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Turns the engine's failures into the catalog's {@link RaftError}s that clients act on. The mapping is the client
 * protocol's contract:
 * <table>
 *   <caption>engine failure → error a client sees</caption>
 *   <tr><th>engine</th><th>error</th><th>client does</th></tr>
 *   <tr><td>{@link NotLeaderException}</td><td>{@code NO_LEADER}, {@link RaftError#leader()} the leader this member
 *       knows, or {@code null}</td><td>retries at that leader if it is a member; otherwise asks any member who leads
 *       (keep-alive probe) and retries there</td></tr>
 *   <tr><td>{@link CannotReplicateException}, {@link LaggingCommitIndexException}, a timeout</td>
 *       <td>{@code UNAVAILABLE}</td><td>retries the same request after a pause</td></tr>
 *   <tr><td>{@link IndeterminateStateException}</td><td>{@code UNAVAILABLE}, message says indeterminate</td>
 *       <td>retries with the same session and sequence; the state machine applies a command once</td></tr>
 *   <tr><td>anything else</td><td>{@code PROTOCOL_ERROR}</td><td>gives up</td></tr>
 * </table>
 */
final class Failures {

    private Failures() {
    }

    static RaftError toError(Throwable failure) {
        Throwable t = unwrap(failure);
        if (t instanceof NotLeaderException e) {
            MemberId leader = e.getLeader() == null ? null : new MemberId(String.valueOf(e.getLeader().getId()));
            return new RaftError(RaftError.Type.NO_LEADER, leader == null ? "this member does not lead and knows no"
                    + " leader" : "this member does not lead; " + leader.id() + " does", leader);
        }
        if (t instanceof IndeterminateStateException) {
            return new RaftError(RaftError.Type.UNAVAILABLE, "indeterminate: leadership changed before the outcome"
                    + " was known; retry with the same sequence", null);
        }
        if (t instanceof CannotReplicateException || t instanceof LaggingCommitIndexException
                || t instanceof TimeoutException) {
            return new RaftError(RaftError.Type.UNAVAILABLE, t.getClass().getSimpleName(), null);
        }
        if (t instanceof IllegalStateException || t instanceof RaftException) {
            return new RaftError(RaftError.Type.UNAVAILABLE, "node not running: " + t.getClass().getSimpleName(), null);
        }
        return new RaftError(RaftError.Type.PROTOCOL_ERROR, t.getClass().getSimpleName() + ": " + t.getMessage(), null);
    }

    static Throwable unwrap(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
