package io.raftwire.message;

/**
 * A message exchanged between Raft members or between a client and a member: either a {@link RaftRequest} or a
 * {@link RaftResponse}. Log entries and value types are not messages; they travel nested inside messages.
 *
 * <p>Implementations are immutable and therefore safe to share between threads. Their stable wire ids are listed in
 * {@link MessageType}.
 */
public interface RaftMessage {
}
