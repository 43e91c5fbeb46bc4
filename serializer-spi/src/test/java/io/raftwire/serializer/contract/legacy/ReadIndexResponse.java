package io.raftwire.serializer.contract.legacy;

import java.util.List;

/** A ReadIndexResponse, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class ReadIndexResponse extends RaftResponse {

    private static final long serialVersionUID = 1L;

    private long readIndex;
    private List<Integer> shards;

    public ReadIndexResponse() {
    }

    public ReadIndexResponse(NodeId sender, NodeId target, GroupId groupId, long term, boolean success, String errorMessage, long readIndex, List<Integer> shards) {
        super(sender, target, groupId, term, success, errorMessage);
        this.readIndex = readIndex;
        this.shards = shards;
    }

    public long getReadIndex() {
        return readIndex;
    }

    public List<Integer> getShards() {
        return shards;
    }
}
