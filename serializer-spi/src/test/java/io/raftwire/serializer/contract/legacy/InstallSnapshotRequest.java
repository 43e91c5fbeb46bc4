package io.raftwire.serializer.contract.legacy;

import java.time.Instant;

/** A InstallSnapshotRequest, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class InstallSnapshotRequest extends RaftRequest {

    private static final long serialVersionUID = 1L;

    private SnapshotMeta meta;
    private int chunkIndex;
    private byte[] chunk;
    private boolean lastChunk;

    public InstallSnapshotRequest() {
    }

    public InstallSnapshotRequest(NodeId sender, NodeId target, GroupId groupId, long term, RequestId requestId, Instant sentAt, SnapshotMeta meta, int chunkIndex, byte[] chunk, boolean lastChunk) {
        super(sender, target, groupId, term, requestId, sentAt);
        this.meta = meta;
        this.chunkIndex = chunkIndex;
        this.chunk = chunk;
        this.lastChunk = lastChunk;
    }

    public SnapshotMeta getMeta() {
        return meta;
    }

    public int getChunkIndex() {
        return chunkIndex;
    }

    public byte[] getChunk() {
        return chunk;
    }

    public boolean getLastChunk() {
        return lastChunk;
    }
}
