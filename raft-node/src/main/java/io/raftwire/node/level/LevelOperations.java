package io.raftwire.node.level;

import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.PrimitiveOperation;

/**
 * The operations that carry feature levels, as catalog {@link PrimitiveOperation}s with reserved ids (no registered
 * type is added, so a member of this release still shares 0.1.0's registry):
 * <ul>
 *   <li>{@value #RECORD}, a command the leader replicates as a log entry of its own: its value is the whole new
 *       history ({@link FeatureLevels#toBytes}); applying it advances the member's {@link LevelState}.</li>
 *   <li>{@value #READ}, a query whose result is the member's history's bytes: how a client learns the level to write
 *       at.</li>
 *   <li>{@value #RAISE}, a command an administrator's client sends: the leader records the next level if every member
 *       supports it, and refuses naming those that do not otherwise.</li>
 * </ul>
 * An operation id of a client's own operation has the form {@code <type id>@<serializer>[/<level>]}, so it never
 * starts with {@code raftwire.}. Stateless.
 */
public final class LevelOperations {

    /** The id of the operation that records a level. */
    public static final String RECORD = "raftwire.feature-level.record";
    /** The id of the query that reads the history. */
    public static final String READ = "raftwire.feature-level.read";
    /** The id of the administrator's command that raises the level. */
    public static final String RAISE = "raftwire.feature-level.raise";

    private LevelOperations() {
    }

    /** The log entry recording {@code next}, the whole history after the raise. */
    public static PrimitiveOperation record(FeatureLevels next) {
        return new PrimitiveOperation(DefaultOperationId.command(RECORD), next.toBytes());
    }

    /** The query reading a member's history. */
    public static PrimitiveOperation read() {
        return new PrimitiveOperation(DefaultOperationId.query(READ), new byte[0]);
    }

    /** The administrator's command raising the level. */
    public static PrimitiveOperation raise() {
        return new PrimitiveOperation(DefaultOperationId.command(RAISE), new byte[0]);
    }

    /** Whether {@code operation} is a {@link #record} entry. */
    public static boolean isRecord(Object operation) {
        return operation instanceof PrimitiveOperation p && RECORD.equals(p.id().id());
    }

    /** Whether {@code operation} is one of the three reserved operations. */
    public static boolean isReserved(Object operation) {
        return operation instanceof PrimitiveOperation p && p.id().id().startsWith("raftwire.feature-level.");
    }
}
