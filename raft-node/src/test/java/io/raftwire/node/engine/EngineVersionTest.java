package io.raftwire.node.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.microraft.RaftNode;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Pins the engine: every class in this package works around a bug of MicroRaft 0.7 through its {@code impl} classes,
 * so an upgrade must look at each of them again. This test fails on any other version and says what to re-examine.
 */
@Timeout(10)
class EngineVersionTest {

    /** The version the workarounds were written against. */
    static final String PINNED = "0.7";

    /** Each workaround and the engine bug it covers; the class Javadoc has the details. */
    static final Map<Class<?>, String> WORKAROUNDS = new LinkedHashMap<>();

    static {
        WORKAROUNDS.put(StalePreVoteWatchdog.class, "a follower keeps a refused pre-vote's state after hearing"
                + " the leader of the same term (AppendEntriesRequestHandler sets the leader, not toFollower), so"
                + " HeartbeatTask never notices the leader's death; check whether the engine now clears it");
        WORKAROUNDS.put(SnapshottedPreviousEntry.class, "AppendEntriesRequestHandler.verifyLastLogEntry refuses a"
                + " previous entry inside the snapshot (fixed upstream in d300e13, after 0.7); with the fix, delete"
                + " it and EngineInbound's special case");
        WORKAROUNDS.put(RestoredLogCapacity.class, "RaftLog.restore overwrites entries beyond"
                + " RaftLog.getLogCapacity silently and the node fails later with a NullPointerException in"
                + " applyRestoredRaftGroupOps; check both methods still exist and behave so");
        WORKAROUNDS.put(AsyncFlushExecutor.class, "not a bug: the RaftStore contract (flush returns = durable, on the"
                + " Raft thread) stalls the Raft thread for every fsync; it replaces each FlushTask submitted through"
                + " the RaftNodeExecutor (RaftNodeImpl.submitLeaderFlushTask, takeSnapshot, installSnapshot) and relies"
                + " on FlushTask.doRun's steps, LeaderState.flushTaskSubmitted/flushedLogIndex,"
                + " RaftNodeImpl.tryAdvanceCommitIndex counting the leader at flushedLogIndex, toSingletonLeader running"
                + " its FlushTask directly, RaftState.toCandidate persisting the term before toLeader, and"
                + " AppendEntriesRequestHandler flushing before it sends its success response; check each still holds");
        WORKAROUNDS.put(FailureDetector.class, "not a bug: the engine counts its leader heartbeat timeout in whole"
                + " seconds; it relies on HeartbeatTask's steps (leader(null), runPreVote), broadcastAppendEntriesRequest,"
                + " PreVoteRequestHandler and VoteRequestHandler refusing for isLeaderHeartbeatTimeoutElapsed only"
                + " (a sticky vote only) and their term and log checks, and leaderHeartbeatReceived being called for"
                + " an AppendEntries and a leader's InstallSnapshot; check each still holds, or whether the engine now"
                + " takes milliseconds");
    }

    @Test
    void theEngineIsTheVersionTheWorkaroundsWereWrittenFor() throws IOException {
        String found = microRaftVersion();
        StringBuilder message = new StringBuilder("MicroRaft on the class path is " + found + " (expected: "
                + PINNED + ", the version io.raftwire.node.engine works around). Re-examine each workaround against"
                + " the new engine's sources, keep or delete it, then change EngineVersionTest.PINNED:");
        WORKAROUNDS.forEach((type, bug) -> message.append("\n  ").append(type.getName()).append(": ").append(bug));
        assertEquals(PINNED, found, message.toString());
    }

    /** The version in the {@code pom.properties} of the jar (or directory) {@link RaftNode} was loaded from. */
    static String microRaftVersion() throws IOException {
        URL location = RaftNode.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader only = new URLClassLoader(new URL[] {location}, null)) {
            String resource = "META-INF/maven/io.microraft/microraft/pom.properties";
            URL url = only.getResource(resource);
            assertNotNull(url, location + " has no " + resource + " (expected: MicroRaft's jar as published on Maven"
                    + " Central, which has it)");
            Properties p = new Properties();
            try (InputStream in = url.openStream()) {
                p.load(in);
            }
            return p.getProperty("version");
        }
    }
}
