package io.raftwire.serializer.contract.legacy;

/** A VoteResponse, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class VoteResponse extends RaftResponse {

    private static final long serialVersionUID = 1L;

    private boolean granted;
    private Role voterRole;

    public VoteResponse() {
    }

    public VoteResponse(NodeId sender, NodeId target, GroupId groupId, long term, boolean success, String errorMessage, boolean granted, Role voterRole) {
        super(sender, target, groupId, term, success, errorMessage);
        this.granted = granted;
        this.voterRole = voterRole;
    }

    public boolean getGranted() {
        return granted;
    }

    public Role getVoterRole() {
        return voterRole;
    }
}
