/**
 * Entries of the replicated Raft log, as they travel inside {@code AppendRequest}: the abstract bases
 * {@link io.raftwire.message.log.RaftLogEntry}, {@link io.raftwire.message.log.TimestampedEntry},
 * {@link io.raftwire.message.log.SessionEntry} and {@link io.raftwire.message.log.OperationEntry}, and eight concrete
 * entry types.
 *
 * <p>A running node puts the session and operation entries into the Raft engine's log as its operations (inside the
 * engine's own AppendEntries, not an {@code AppendRequest}); {@code ConfigurationEntry} is a codec-coverage fixture
 * that no production path sends (see {@link io.raftwire.message.MessageType}).
 *
 * <p>{@code RaftLogEntry} is a polymorphic component type: a list of entries holds any mix of the concrete types,
 * each of which has a wire id in {@link io.raftwire.message.MessageType}. Entries are not messages; they never travel
 * alone. Every class is immutable and follows the catalog contract of {@link io.raftwire.message}. Depends on
 * {@link io.raftwire.message} and {@link io.raftwire.message.value} only.
 */
package io.raftwire.message.log;
