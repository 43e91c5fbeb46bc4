package io.raftwire.serializer.contract.legacy;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/** A ReadIndexRequest, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class ReadIndexRequest extends RaftRequest {

    private static final long serialVersionUID = 1L;

    private UUID readId;
    private Set<Long> watermarks;

    public ReadIndexRequest() {
    }

    public ReadIndexRequest(NodeId sender, NodeId target, GroupId groupId, long term, RequestId requestId, Instant sentAt, UUID readId, Set<Long> watermarks) {
        super(sender, target, groupId, term, requestId, sentAt);
        this.readId = readId;
        this.watermarks = watermarks;
    }

    public UUID getReadId() {
        return readId;
    }

    public Set<Long> getWatermarks() {
        return watermarks;
    }
}
