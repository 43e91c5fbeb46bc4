package io.raftwire.serializer.contract.legacy;

/** A membership change. */
public enum ChangeKind {
    ADD_VOTERS, REMOVE_VOTERS, PROMOTE_LEARNERS
}
