package io.raftwire.serializer.contract.legacy;

import java.time.Instant;
import java.util.ArrayList;

/** A AppendEntriesRequest, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class AppendEntriesRequest extends RaftRequest {

    private static final long serialVersionUID = 1L;

    private long prevLogIndex;
    private long prevLogTerm;
    private long leaderCommit;
    private ArrayList<LogEntry> entries;

    public AppendEntriesRequest() {
    }

    public AppendEntriesRequest(NodeId sender, NodeId target, GroupId groupId, long term, RequestId requestId, Instant sentAt, long prevLogIndex, long prevLogTerm, long leaderCommit, ArrayList<LogEntry> entries) {
        super(sender, target, groupId, term, requestId, sentAt);
        this.prevLogIndex = prevLogIndex;
        this.prevLogTerm = prevLogTerm;
        this.leaderCommit = leaderCommit;
        this.entries = entries;
    }

    public long getPrevLogIndex() {
        return prevLogIndex;
    }

    public long getPrevLogTerm() {
        return prevLogTerm;
    }

    public long getLeaderCommit() {
        return leaderCommit;
    }

    public ArrayList<LogEntry> getEntries() {
        return entries;
    }
}
