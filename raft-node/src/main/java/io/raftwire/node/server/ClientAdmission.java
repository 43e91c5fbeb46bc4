package io.raftwire.node.server;

import io.raftwire.message.value.RaftError;
import io.raftwire.transport.PeerText;

import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * What a member refuses of a client's request before anything reaches the log: a member id to join that no member
 * can reach, a request that would put more client-supplied bytes into one log entry than an AppendEntries frame can
 * carry, and a session beyond {@link #MAX_SESSIONS_PER_CLIENT} or with a timeout above {@link #MAX_SESSION_TIMEOUT_MS}.
 * All are checked on the member that receives the request, against what it has applied; the session count also
 * counts the opens that member has proposed and not yet applied or answered ({@link SessionConsistency#propose}), so
 * only opens an earlier leader proposed and the new one has not applied yet can pass it. Refusals are
 * {@code PROTOCOL_ERROR}s naming what was asked and what is expected. Immutable and thread-safe.
 *
 * @param reachable     the member ids a join may name, asked at each join: this node and its peers (a voter that is
 *                      in no member's {@code raftwire.peers} never answers and only raises the quorum; enough of them
 *                      stop the group for good)
 * @param maxEntryBytes the most client-supplied bytes in one log entry, see {@link #maxEntryBytes(long, int)}
 * @param limitReason   how {@code maxEntryBytes} was derived, for the refusal's message
 */
public record ClientAdmission(Supplier<Set<String>> reachable, long maxEntryBytes, String limitReason) {

    /**
     * The most sessions one client (member id) may hold open on the cluster, as the receiving member has applied
     * them: every open session is kept by every member until it is closed or expires.
     */
    public static final int MAX_SESSIONS_PER_CLIENT = 1024;
    /**
     * The longest session timeout a client may ask for, in milliseconds (one hour): a session that never expires is
     * never forgotten if its client goes away without closing it.
     */
    public static final long MAX_SESSION_TIMEOUT_MS = 3_600_000;

    /** Bytes of a frame kept for what is not the entries' client-supplied payloads: 1/16 of it, at most 64 KiB. */
    static long frameAllowance(long maxFrameBytes) {
        return Math.min(64 * 1024, maxFrameBytes / 16);
    }

    /**
     * The most client-supplied bytes one log entry may carry: MicroRaft sends up to {@code appendBatchSize + 1} entries
     * in one AppendEntries and a frame above {@code maxFrameBytes} is never sent, so a batch of the largest entries
     * must fit one frame, with room for the entries' own fields and the message around them. With the defaults
     * (16 MiB, 50) it is 327,680 bytes, above the KV store's largest command (a 256 KiB value and a 1,024-character
     * key).
     */
    static long maxEntryBytes(long maxFrameBytes, int appendBatchSize) {
        return Math.max(1, (maxFrameBytes - frameAllowance(maxFrameBytes)) / (appendBatchSize + 1));
    }

    /**
     * The admission of a member {@code self} whose current peers {@code peers} supplies, under a transport's
     * {@code maxFrameBytes} and the engine's {@code appendBatchSize} (the configuration keys the refusal names).
     */
    public static ClientAdmission of(String self, Supplier<Set<String>> peers, long maxFrameBytes,
            int appendBatchSize) {
        Supplier<Set<String>> reachable = () -> {
            Set<String> ids = new TreeSet<>(peers.get());
            ids.add(self);
            return ids;
        };
        return new ClientAdmission(reachable, maxEntryBytes(maxFrameBytes, appendBatchSize),
                "raftwire.transport.max-frame-bytes = " + maxFrameBytes + " less " + frameAllowance(maxFrameBytes)
                + " bytes for framing, divided by raftwire.raft.append-batch-size + 1 = " + (appendBatchSize + 1)
                + ", the most entries in one frame");
    }

    /** {@code null} if {@code memberId} may join, otherwise the refusal. */
    RaftError refuseJoin(String memberId) {
        Set<String> members = reachable.get();
        if (members.contains(memberId)) {
            return null;
        }
        return new RaftError(RaftError.Type.PROTOCOL_ERROR, "member " + PeerText.escape(memberId) + " cannot join: it"
                + " is not one of the members this node can reach (expected: this node or one of its peers "
                + new TreeSet<>(members) + "; add it to raftwire.peers of every member first)", null);
    }

    /**
     * {@code null} if {@code client}, holding {@code open} sessions, may open one more with a timeout of
     * {@code maxTimeoutMs} milliseconds; otherwise the refusal.
     */
    RaftError refuseSession(String client, int open, long maxTimeoutMs) {
        if (maxTimeoutMs > MAX_SESSION_TIMEOUT_MS) {
            return new RaftError(RaftError.Type.PROTOCOL_ERROR, "session timeout " + maxTimeoutMs + " ms (expected:"
                    + " at most " + MAX_SESSION_TIMEOUT_MS + " ms, one hour; a session of a client that went away is"
                    + " kept by every member until it expires)", null);
        }
        if (open >= MAX_SESSIONS_PER_CLIENT) {
            return new RaftError(RaftError.Type.PROTOCOL_ERROR, "client " + PeerText.escape(client) + " holds " + open
                    + " open sessions (expected: at most " + MAX_SESSIONS_PER_CLIENT + " per client; close the"
                    + " sessions it no longer uses, or let them expire)", null);
        }
        return null;
    }

    /** {@code null} if {@code bytes} fit one log entry, otherwise the refusal naming the request, size and limit. */
    RaftError refuseSize(String request, long bytes) {
        if (bytes <= maxEntryBytes) {
            return null;
        }
        return new RaftError(RaftError.Type.PROTOCOL_ERROR, request + " would make a log entry of about " + bytes
                + " bytes (expected: at most " + maxEntryBytes + " bytes, " + limitReason + ")", null);
    }
}
