package io.raftwire.node.session;

import io.raftwire.message.value.PrimitiveOperation;

/**
 * Applies (or, for a query, evaluates) one client operation for the {@link SessionTable}, which has already checked
 * the session and the sequence. Runs on the Raft thread. Must be deterministic: every member applies the same
 * operations and must produce byte-identical outcomes, because outcomes are cached and snapshotted.
 */
@FunctionalInterface
public interface OperationHandler {

    /**
     * @param operation the operation from the log entry
     * @return a success with serialized result bytes, or a failure naming what was wrong; never {@code null}
     */
    OperationOutcome apply(PrimitiveOperation operation);
}
