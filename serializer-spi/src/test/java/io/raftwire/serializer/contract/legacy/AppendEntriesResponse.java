package io.raftwire.serializer.contract.legacy;

/** A AppendEntriesResponse, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class AppendEntriesResponse extends RaftResponse {

    private static final long serialVersionUID = 1L;

    private long matchIndex;
    private Long conflictIndex;
    private int followerCommit;

    public AppendEntriesResponse() {
    }

    public AppendEntriesResponse(NodeId sender, NodeId target, GroupId groupId, long term, boolean success, String errorMessage, long matchIndex, Long conflictIndex, int followerCommit) {
        super(sender, target, groupId, term, success, errorMessage);
        this.matchIndex = matchIndex;
        this.conflictIndex = conflictIndex;
        this.followerCommit = followerCommit;
    }

    public long getMatchIndex() {
        return matchIndex;
    }

    public Long getConflictIndex() {
        return conflictIndex;
    }

    public int getFollowerCommit() {
        return followerCommit;
    }
}
