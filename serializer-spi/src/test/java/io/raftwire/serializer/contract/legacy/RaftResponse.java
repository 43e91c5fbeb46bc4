package io.raftwire.serializer.contract.legacy;

/** Base of responses. */
public abstract class RaftResponse extends RaftMessage {

    private static final long serialVersionUID = 1L;

    protected boolean success;
    protected String errorMessage;

    protected RaftResponse() {
    }

    protected RaftResponse(NodeId sender, NodeId target, GroupId groupId, long term, boolean success,
            String errorMessage) {
        super(sender, target, groupId, term);
        this.success = success;
        this.errorMessage = errorMessage;
    }
}
