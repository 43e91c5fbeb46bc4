package io.raftwire.serializer.contract.legacy;

import java.io.Serializable;

/** Base of log entries. */
public abstract class LogEntry implements Serializable {

    private static final long serialVersionUID = 1L;

    protected long index;
    protected long term;
    protected long createdAtMillis;

    protected LogEntry() {
    }

    protected LogEntry(long index, long term, long createdAtMillis) {
        this.index = index;
        this.term = term;
        this.createdAtMillis = createdAtMillis;
    }

    public long getIndex() {
        return index;
    }

    @Override
    public boolean equals(Object o) {
        return LegacyState.equal(this, o);
    }

    @Override
    public int hashCode() {
        return LegacyState.hash(this);
    }

    @Override
    public String toString() {
        return LegacyState.describe(this);
    }
}
