package io.raftwire.serializer.contract.legacy;

import java.time.Instant;

/** A VoteRequest, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class VoteRequest extends RaftRequest {

    private static final long serialVersionUID = 1L;

    private long lastLogIndex;
    private long lastLogTerm;
    private boolean preVote;

    public VoteRequest() {
    }

    public VoteRequest(NodeId sender, NodeId target, GroupId groupId, long term, RequestId requestId, Instant sentAt, long lastLogIndex, long lastLogTerm, boolean preVote) {
        super(sender, target, groupId, term, requestId, sentAt);
        this.lastLogIndex = lastLogIndex;
        this.lastLogTerm = lastLogTerm;
        this.preVote = preVote;
    }

    public long getLastLogIndex() {
        return lastLogIndex;
    }

    public long getLastLogTerm() {
        return lastLogTerm;
    }

    public boolean getPreVote() {
        return preVote;
    }
}
