package io.raftwire.linearizability;

import java.util.Objects;

/**
 * How an operation ended, from the client's point of view.
 *
 * <ul>
 *   <li>{@link Ok}: the store answered; the operation took effect exactly once, between its call and its return,
 *       and its output must be the model's.</li>
 *   <li>{@link Failed}: the store said for certain that the operation was not applied (a refusal before it was
 *       proposed, a definite error). The checker leaves it out.</li>
 *   <li>{@link Ambiguous}: a timeout, a lost connection, an unknown result. It may have taken effect at any time
 *       after its call, even after every other operation, or never; its output is not checked.</li>
 * </ul>
 * A client must record {@link Failed} only when it knows the operation was not applied: recording an ambiguous
 * failure as failed can make a correct store look wrong, never the reverse.
 */
public sealed interface Outcome permits Outcome.Ok, Outcome.Failed, Outcome.Ambiguous {

    /** The store answered with {@code output}. */
    static Ok ok(KvOutput output) {
        return new Ok(output);
    }

    /** Certainly not applied. */
    static Failed failed() {
        return Failed.INSTANCE;
    }

    /** Possibly applied, output unknown. */
    static Ambiguous ambiguous() {
        return Ambiguous.INSTANCE;
    }

    /** @param output what the store answered */
    record Ok(KvOutput output) implements Outcome {
        public Ok {
            Objects.requireNonNull(output, "output");
        }

        @Override
        public String toString() {
            return "ok " + output;
        }
    }

    /** Certainly not applied. */
    final class Failed implements Outcome {
        private static final Failed INSTANCE = new Failed();

        private Failed() {
        }

        @Override
        public String toString() {
            return "failed (not applied)";
        }
    }

    /** Possibly applied. */
    final class Ambiguous implements Outcome {
        private static final Ambiguous INSTANCE = new Ambiguous();

        private Ambiguous() {
        }

        @Override
        public String toString() {
            return "ambiguous (may have applied)";
        }
    }
}
