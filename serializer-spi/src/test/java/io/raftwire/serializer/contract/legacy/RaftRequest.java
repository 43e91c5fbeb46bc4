package io.raftwire.serializer.contract.legacy;

import java.time.Instant;

/** Base of requests. */
public abstract class RaftRequest extends RaftMessage {

    private static final long serialVersionUID = 1L;

    protected RequestId requestId;
    protected Instant sentAt;

    protected RaftRequest() {
    }

    protected RaftRequest(NodeId sender, NodeId target, GroupId groupId, long term, RequestId requestId,
            Instant sentAt) {
        super(sender, target, groupId, term);
        this.requestId = requestId;
        this.sentAt = sentAt;
    }
}
