package io.raftwire.serializer.contract.legacy;

/** What applying a command produced; a sealed interface with registered implementations. */
public sealed interface Outcome permits Applied, Rejected {
}
