package io.raftwire.node.model;

import io.microraft.model.log.LogEntry;

import java.util.ArrayList;
import java.util.List;

/**
 * raftwire's wire form of MicroRaft's {@link LogEntry}: one replicated operation at a log index. The operation is any
 * registered type (a user command, the state machine's new-term operation, or an
 * {@link UpdateRaftGroupMembersOpModel}); its type id travels with it, never a class name. Registered as
 * {@link EngineType#LOG_ENTRY}.
 *
 * <p>The leader puts the same instance in the AppendEntries for every follower, and a follower keeps decoded
 * instances in its log and re-sends them when it leads: immutable and thread-safe.
 *
 * @param index     the log index; {@code >= 0}
 * @param term      the term in which the entry was appended; {@code >= 0}
 * @param operation the operation; never {@code null}
 */
public record LogEntryModel(long index, int term, Object operation) implements LogEntry {

    /** Checks. */
    public LogEntryModel {
        ModelChecks.notNegative(index, "index");
        ModelChecks.notNegative(term, "term");
        ModelChecks.notNull(operation, "operation");
    }

    static LogEntryModel of(LogEntry entry) {
        if (entry instanceof LogEntryModel m) {
            return m;
        }
        return new LogEntryModel(entry.getIndex(), entry.getTerm(), entry.getOperation());
    }

    /** The entries as raftwire models, in order; entries already in that form are kept, not copied. */
    static List<LogEntryModel> copyOf(List<LogEntry> entries) {
        ModelChecks.notNull(entries, "logEntries");
        List<LogEntryModel> copy = new ArrayList<>(entries.size());
        for (LogEntry e : entries) {
            copy.add(of(ModelChecks.notNull(e, "log entry")));
        }
        return List.copyOf(copy);
    }

    @Override
    public long getIndex() {
        return index;
    }

    @Override
    public int getTerm() {
        return term;
    }

    @Override
    public Object getOperation() {
        return operation;
    }

    /** MicroRaft's builder; not thread-safe. */
    static final class Builder implements LogEntry.LogEntryBuilder {
        private long index;
        private int term;
        private Object operation;

        @Override
        public Builder setIndex(long index) {
            this.index = index;
            return this;
        }

        @Override
        public Builder setTerm(int term) {
            this.term = term;
            return this;
        }

        @Override
        public Builder setOperation(Object operation) {
            this.operation = operation;
            return this;
        }

        @Override
        public LogEntry build() {
            return new LogEntryModel(index, term, operation);
        }
    }
}
