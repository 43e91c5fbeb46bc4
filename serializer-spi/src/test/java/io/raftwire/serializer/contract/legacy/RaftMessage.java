package io.raftwire.serializer.contract.legacy;

import java.io.Serializable;

/** Base of every message: routing and term in protected fields, set by subclass constructors or setters. */
public abstract class RaftMessage implements Serializable {

    private static final long serialVersionUID = 1L;

    protected NodeId sender;
    protected NodeId target;
    protected GroupId groupId;
    protected long term;

    protected RaftMessage() {
    }

    protected RaftMessage(NodeId sender, NodeId target, GroupId groupId, long term) {
        this.sender = sender;
        this.target = target;
        this.groupId = groupId;
        this.term = term;
    }

    public NodeId getSender() {
        return sender;
    }

    public void setSender(NodeId sender) {
        this.sender = sender;
    }

    public long getTerm() {
        return term;
    }

    public void setTerm(long term) {
        this.term = term;
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
