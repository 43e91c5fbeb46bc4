package io.raftwire.linearizability;

import java.util.Locale;
import java.util.Objects;

/**
 * One client operation as recorded: who, when it was called and when it returned, what it asked and how it ended.
 * Immutable; valid by construction.
 *
 * <p>Times are nanoseconds from one monotonic clock shared by every client of a history ({@link System#nanoTime()}
 * in one JVM). An operation that returns at the very nanosecond another is called counts as concurrent with it.
 *
 * @param clientId    the client that issued it; not empty
 * @param callNanos   when the client invoked it
 * @param returnNanos when the client saw its outcome; {@link #NEVER} for an {@link Outcome.Ambiguous ambiguous}
 *                    outcome (it may take effect at any later time), otherwise {@code >= callNanos}
 * @param input       what was asked
 * @param outcome     how it ended; an {@link Outcome.Ok ok} output must be of the kind that answers the input
 */
public record Operation(String clientId, long callNanos, long returnNanos, KvInput input, Outcome outcome) {

    /** The return time of an ambiguous operation: never. */
    public static final long NEVER = Long.MAX_VALUE;

    public Operation {
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(outcome, "outcome");
        if (clientId.isEmpty()) {
            throw new IllegalArgumentException("clientId is empty (expected: at least one character)");
        }
        if (outcome instanceof Outcome.Ambiguous) {
            if (returnNanos != NEVER) {
                throw new IllegalArgumentException("ambiguous " + input + " returns at " + returnNanos
                        + " (expected: Operation.NEVER, it may take effect at any time after its call)");
            }
        } else if (returnNanos < callNanos || returnNanos == NEVER) {
            throw new IllegalArgumentException(input + " returns at " + returnNanos + ", called at " + callNanos
                    + " (expected: a return time >= the call time, and < Operation.NEVER)");
        }
        if (outcome instanceof Outcome.Ok ok && !answers(input, ok.output())) {
            throw new IllegalArgumentException("output " + ok.output().getClass().getSimpleName() + " "
                    + ok.output() + " does not answer " + input + " (expected: " + answerKind(input) + ")");
        }
    }

    /** An operation the store answered. */
    public static Operation ok(String clientId, long callNanos, long returnNanos, KvInput input, KvOutput output) {
        return new Operation(clientId, callNanos, returnNanos, input, Outcome.ok(output));
    }

    /** An operation the store certainly did not apply. */
    public static Operation failed(String clientId, long callNanos, long returnNanos, KvInput input) {
        return new Operation(clientId, callNanos, returnNanos, input, Outcome.failed());
    }

    /** An operation whose result is unknown: it may have been applied at any time after its call. */
    public static Operation ambiguous(String clientId, long callNanos, KvInput input) {
        return new Operation(clientId, callNanos, NEVER, input, Outcome.ambiguous());
    }

    /** The key the operation is about. */
    public String key() {
        return input.key();
    }

    /** This operation with the output's optional observations removed (see {@link KvOutput}). */
    Operation withoutOptionalObservations() {
        if (outcome instanceof Outcome.Ok ok && ok.output().hasOptionalObservations()) {
            return new Operation(clientId, callNanos, returnNanos, input,
                    Outcome.ok(ok.output().withoutOptionalObservations()));
        }
        return this;
    }

    /**
     * One line for a report: client, call and return time in milliseconds after {@code originNanos}, input, outcome.
     */
    public String describe(long originNanos) {
        String end = returnNanos == NEVER ? "never" : millis(returnNanos - originNanos);
        return String.format(Locale.ROOT, "%-10s [%12s .. %12s ms]  %-40s -> %s", clientId,
                millis(callNanos - originNanos), end, input, outcome);
    }

    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }

    private static boolean answers(KvInput input, KvOutput output) {
        return input instanceof KvInput.Get && output instanceof KvOutput.GetResult
                || input instanceof KvInput.Put && output instanceof KvOutput.PutResult
                || input instanceof KvInput.Delete && output instanceof KvOutput.DeleteResult
                || input instanceof KvInput.Cas && output instanceof KvOutput.CasResult;
    }

    private static String answerKind(KvInput input) {
        if (input instanceof KvInput.Get) {
            return "a GetResult";
        }
        if (input instanceof KvInput.Put) {
            return "a PutResult";
        }
        return input instanceof KvInput.Delete ? "a DeleteResult" : "a CasResult";
    }

    @Override
    public String toString() {
        return describe(0);
    }
}
