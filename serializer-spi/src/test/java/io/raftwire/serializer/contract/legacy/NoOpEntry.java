package io.raftwire.serializer.contract.legacy;

/** The entry a new leader appends; no fields of its own. */
public class NoOpEntry extends LogEntry {

    private static final long serialVersionUID = 1L;

    public NoOpEntry() {
    }

    public NoOpEntry(long index, long term, long createdAtMillis) {
        super(index, term, createdAtMillis);
    }
}
