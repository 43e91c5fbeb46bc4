/**
 * Value types that travel nested inside messages and log entries: member identity and membership
 * ({@link io.raftwire.message.value.MemberId}, {@link io.raftwire.message.value.RaftMember}), client sessions
 * ({@link io.raftwire.message.value.SessionMetadata}), state-machine operations and events
 * ({@link io.raftwire.message.value.PrimitiveOperation}, {@link io.raftwire.message.value.PrimitiveEvent} and their
 * polymorphic identifiers), errors ({@link io.raftwire.message.value.RaftError}) and the enums they use.
 *
 * <p>Every concrete class is immutable, follows the catalog contract of {@link io.raftwire.message} and has a wire id
 * in {@link io.raftwire.message.MessageType}. Enums are not registered: they travel by ordinal inside their owner, so
 * their constant order is part of the wire format. Depends on {@link io.raftwire.message} only.
 */
package io.raftwire.message.value;
