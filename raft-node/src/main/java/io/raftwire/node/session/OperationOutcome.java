package io.raftwire.node.session;

import io.raftwire.message.Nullable;
import io.raftwire.message.value.RaftError;

import java.util.Objects;

/**
 * What a state machine's {@link OperationHandler} made of one operation: serialized result bytes, or an error. Not a
 * wire type. Immutable and thread-safe (the result is copied in and out).
 */
public final class OperationOutcome {

    private static final byte[] NONE = new byte[0];

    private final byte[] result;
    private final RaftError error;

    private OperationOutcome(byte[] result, RaftError error) {
        this.result = result;
        this.error = error;
    }

    /**
     * The operation succeeded.
     *
     * @param result its serialized result; copied
     * @throws NullPointerException if {@code result} is null
     */
    public static OperationOutcome success(byte[] result) {
        return new OperationOutcome(Objects.requireNonNull(result, "result").clone(), null);
    }

    /**
     * The operation failed; the response gets status {@code ERROR}, this error and no result.
     *
     * @param type    the kind of failure
     * @param message why, naming what was wrong and what was expected
     * @throws NullPointerException if an argument is null
     */
    public static OperationOutcome failure(RaftError.Type type, String message) {
        return new OperationOutcome(NONE, new RaftError(type, Objects.requireNonNull(message, "message"), null));
    }

    /** A copy of the serialized result; empty for a failure. */
    public byte[] result() {
        return result.clone();
    }

    /** The error; {@code null} for a success. */
    @Nullable
    public RaftError error() {
        return error;
    }

    @Override
    public String toString() {
        return error == null ? "OperationOutcome[success, " + result.length + " bytes]"
                : "OperationOutcome[" + error + "]";
    }
}
