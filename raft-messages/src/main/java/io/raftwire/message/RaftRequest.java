package io.raftwire.message;

/**
 * A request sent to a Raft member. Most requests are answered by the response of the same name;
 * {@code PublishRequest} and {@code ResetRequest} are one-way and have no response.
 *
 * <p>Implementations are immutable and thread-safe.
 */
public interface RaftRequest extends RaftMessage {
}
