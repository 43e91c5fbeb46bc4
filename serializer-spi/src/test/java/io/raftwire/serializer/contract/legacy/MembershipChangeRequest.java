package io.raftwire.serializer.contract.legacy;

import java.time.Instant;
import java.util.HashSet;

/** A MembershipChangeRequest, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class MembershipChangeRequest extends RaftRequest {

    private static final long serialVersionUID = 1L;

    private HashSet<NodeId> added;
    private HashSet<NodeId> removed;
    private ChangeKind kind;

    public MembershipChangeRequest() {
    }

    public MembershipChangeRequest(NodeId sender, NodeId target, GroupId groupId, long term, RequestId requestId, Instant sentAt, HashSet<NodeId> added, HashSet<NodeId> removed, ChangeKind kind) {
        super(sender, target, groupId, term, requestId, sentAt);
        this.added = added;
        this.removed = removed;
        this.kind = kind;
    }

    public HashSet<NodeId> getAdded() {
        return added;
    }

    public HashSet<NodeId> getRemoved() {
        return removed;
    }

    public ChangeKind getKind() {
        return kind;
    }
}
