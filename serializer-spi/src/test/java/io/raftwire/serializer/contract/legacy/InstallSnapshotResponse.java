package io.raftwire.serializer.contract.legacy;

import java.util.Optional;

/** A InstallSnapshotResponse, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class InstallSnapshotResponse extends RaftResponse {

    private static final long serialVersionUID = 1L;

    private long bytesStored;
    private Optional<String> rejectReason;

    public InstallSnapshotResponse() {
    }

    public InstallSnapshotResponse(NodeId sender, NodeId target, GroupId groupId, long term, boolean success, String errorMessage, long bytesStored, Optional<String> rejectReason) {
        super(sender, target, groupId, term, success, errorMessage);
        this.bytesStored = bytesStored;
        this.rejectReason = rejectReason;
    }

    public long getBytesStored() {
        return bytesStored;
    }

    public Optional<String> getRejectReason() {
        return rejectReason;
    }
}
