package io.raftwire.serializer.contract.legacy;

import java.io.Serializable;

/** Base of state-machine commands: who sent it and its sequence, for deduplication. */
public abstract class Command implements Serializable {

    private static final long serialVersionUID = 1L;

    protected String clientId;
    protected long sequence;

    protected Command() {
    }

    protected Command(String clientId, long sequence) {
        this.clientId = clientId;
        this.sequence = sequence;
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
