package io.raftwire.message.log;

import io.raftwire.message.Checks;

/**
 * An entry of the replicated log: the base of every entry type, holding the term in which the leader created it.
 * Invariant: {@code term >= 0}.
 *
 * <p>A polymorphic component type: every concrete subclass must be a registered type. Subclasses are immutable and
 * thread-safe; {@code equals} requires the same concrete class.
 */
public abstract class RaftLogEntry {

    private final long term;

    /**
     * @param term the leader's term when the entry was created; {@code >= 0}
     * @throws IllegalArgumentException if {@code term} is negative
     */
    protected RaftLogEntry(long term) {
        this.term = Checks.nonNegative(term, "term");
    }

    /** The leader's term when the entry was created. */
    public long term() {
        return term;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o == null || getClass() != o.getClass()) {
            return false;
        }
        return term == ((RaftLogEntry) o).term;
    }

    @Override
    public int hashCode() {
        return 31 * getClass().getName().hashCode() + Long.hashCode(term);
    }
}
