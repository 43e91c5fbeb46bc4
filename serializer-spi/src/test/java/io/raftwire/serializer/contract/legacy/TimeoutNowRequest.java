package io.raftwire.serializer.contract.legacy;

import java.time.Instant;

/** Asks a follower to start an election now; no fields of its own. */
public class TimeoutNowRequest extends RaftRequest {

    private static final long serialVersionUID = 1L;

    public TimeoutNowRequest() {
    }

    public TimeoutNowRequest(NodeId sender, NodeId target, GroupId groupId, long term, RequestId requestId,
            Instant sentAt) {
        super(sender, target, groupId, term, requestId, sentAt);
    }
}
