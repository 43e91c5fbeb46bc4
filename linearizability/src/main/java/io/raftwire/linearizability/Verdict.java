package io.raftwire.linearizability;

/** The answer of the checker, for one key or a whole history. Only {@link #LINEARIZABLE} is a pass. */
public enum Verdict {
    /** A linearization exists: every answered operation fits the model in an order that respects real time. */
    LINEARIZABLE,
    /** No linearization exists: the store broke its specification. */
    VIOLATION,
    /** The search ran out of its budget before deciding. Not a pass: raise the budget or shorten the history. */
    UNKNOWN
}
