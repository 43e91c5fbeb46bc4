package io.raftwire.serializer.contract.legacy;

/** A command the state machine refused. */
public final class Rejected implements Outcome {

    private String reason;
    private int code;

    public Rejected(String reason, int code) {
        this.reason = reason;
        this.code = code;
    }

    public Rejected(String reason) {
        this(reason, 400);
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
