package io.raftwire.serializer.contract.legacy;

/** A ClientResponse, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class ClientResponse extends RaftResponse {

    private static final long serialVersionUID = 1L;

    private Object result;
    private Outcome outcome;
    private NodeId leaderHint;
    private long logIndex;

    public ClientResponse() {
    }

    public ClientResponse(NodeId sender, NodeId target, GroupId groupId, long term, boolean success, String errorMessage, Object result, Outcome outcome, NodeId leaderHint, long logIndex) {
        super(sender, target, groupId, term, success, errorMessage);
        this.result = result;
        this.outcome = outcome;
        this.leaderHint = leaderHint;
        this.logIndex = logIndex;
    }

    public Object getResult() {
        return result;
    }

    public Outcome getOutcome() {
        return outcome;
    }

    public NodeId getLeaderHint() {
        return leaderHint;
    }

    public long getLogIndex() {
        return logIndex;
    }
}
