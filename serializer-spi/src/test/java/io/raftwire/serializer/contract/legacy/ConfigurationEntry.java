package io.raftwire.serializer.contract.legacy;

import java.util.ArrayList;
import java.util.Collection;

/** A configuration change in the log; members declared as {@code Collection}. */
public class ConfigurationEntry extends LogEntry {

    private static final long serialVersionUID = 1L;

    private Collection<NodeId> voters = new ArrayList<>();
    private Collection<NodeId> learners = new ArrayList<>();

    public ConfigurationEntry() {
    }

    public ConfigurationEntry(long index, long term, long createdAtMillis, Collection<NodeId> voters,
            Collection<NodeId> learners) {
        super(index, term, createdAtMillis);
        this.voters = voters;
        this.learners = learners;
    }

    public Collection<NodeId> getVoters() {
        return voters;
    }
}
