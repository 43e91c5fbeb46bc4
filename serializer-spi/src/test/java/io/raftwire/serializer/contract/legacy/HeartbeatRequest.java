package io.raftwire.serializer.contract.legacy;

import java.time.Instant;

/** A HeartbeatRequest, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class HeartbeatRequest extends RaftRequest {

    private static final long serialVersionUID = 1L;

    private long commitIndex;
    private long[] inflight;

    public HeartbeatRequest() {
    }

    public HeartbeatRequest(NodeId sender, NodeId target, GroupId groupId, long term, RequestId requestId, Instant sentAt, long commitIndex, long[] inflight) {
        super(sender, target, groupId, term, requestId, sentAt);
        this.commitIndex = commitIndex;
        this.inflight = inflight;
    }

    public long getCommitIndex() {
        return commitIndex;
    }

    public long[] getInflight() {
        return inflight;
    }
}
