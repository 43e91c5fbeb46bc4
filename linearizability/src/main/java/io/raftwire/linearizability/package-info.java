/**
 * A linearizability checker for recorded histories of a replicated key-value store, and the recorder clients use to
 * build those histories.
 *
 * <h2>The model</h2>
 * {@link io.raftwire.linearizability.KvModel}: a map from string keys to string values, each key with a version.
 * <ul>
 *   <li>{@code get(k)} answers the value ({@code absent} if none) and the version;</li>
 *   <li>{@code put(k, v)} sets the value and adds 1 to the version, and answers the new version;</li>
 *   <li>{@code delete(k)} makes the key absent and answers whether it was present; deleting a present key adds 1 to
 *       the version or resets it to 0, by {@link io.raftwire.linearizability.KvModel.VersionScheme};</li>
 *   <li>{@code cas(k, expected, v)} sets the value to {@code v} (version + 1) if the current value equals
 *       {@code expected} ({@code null}: the key is absent), and answers whether it did and the version after it.</li>
 * </ul>
 * A key never written is absent at version 0. A client that does not see versions (or whether a delete found the
 * key) records them as unknown, and the checker then checks values and successes only
 * ({@link io.raftwire.linearizability.KvOutput}).
 *
 * <h2>Operations and outcomes</h2>
 * An {@link io.raftwire.linearizability.Operation} has a client id, a call and a return time (nanoseconds of one
 * clock), an input and an {@link io.raftwire.linearizability.Outcome}: ok with the output, failed (certainly not
 * applied: left out), or ambiguous (a timeout or a lost connection: it may have taken effect at any time after its
 * call, or never; its return time is infinite and its output unchecked). Operations touching at one instant count
 * as concurrent.
 *
 * <h2>The search</h2>
 * Per key (keys are independent, so a history is linearizable exactly when each key's history is), the Wing–Gong
 * backtracking search with Lowe's memoisation of (linearized set, state) pairs, as in Porcupine. A search that takes
 * more steps or remembers more states than its {@link io.raftwire.linearizability.CheckLimits} ends
 * {@link io.raftwire.linearizability.Verdict#UNKNOWN}, which is never a pass. A violating key's history is shrunk to
 * the smallest violating sub-history found and printed one operation per line.
 *
 * <p>JDK only; no logging.
 */
package io.raftwire.linearizability;
