package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.ToStrings;
import io.raftwire.message.value.MemberId;

import java.util.Arrays;
import java.util.Objects;

/**
 * The InstallSnapshot RPC (Raft §7): the leader sends one chunk of a snapshot to a follower that is too far behind.
 * Invariants: every number {@code >= 0}. Answered by {@link io.raftwire.message.response.InstallResponse}.
 * Immutable and thread-safe (the chunk is copied in and out).
 *
 * @param term the leader's current term; {@code >= 0}
 * @param leader the sending leader
 * @param index the last log index the snapshot covers; {@code >= 0}
 * @param timestamp when the snapshot was taken, in milliseconds since the epoch; {@code >= 0}
 * @param version the snapshot format version; {@code >= 0}
 * @param offset the chunk's position within the snapshot, counted in chunks; {@code >= 0}
 * @param data the chunk; may be empty; copied
 * @param complete {@code true} if this is the last chunk
 */
public record InstallRequest(long term, MemberId leader, long index, long timestamp, int version, int offset,
        byte[] data, boolean complete) implements RaftRequest {

    /**
     * Checks the invariants, and copies the arrays and lists, as documented on the components.
     *
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code leader} or {@code data} is null
     */
    public InstallRequest {
        term = Checks.nonNegative(term, "term");
        leader = Checks.notNull(leader, "leader");
        index = Checks.nonNegative(index, "index");
        timestamp = Checks.nonNegative(timestamp, "timestamp");
        version = Checks.nonNegative(version, "version");
        offset = Checks.nonNegative(offset, "offset");
        data = Checks.copy(data, "data");
    }

    /** A copy of the chunk; may be empty. */
    public byte[] data() {
        return data.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof InstallRequest)) {
            return false;
        }
        InstallRequest that = (InstallRequest) o;
        return term == that.term && leader.equals(that.leader) && index == that.index && timestamp == that.timestamp
                && version == that.version && offset == that.offset && Arrays.equals(data, that.data)
                && complete == that.complete;
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hash(term, leader, index, timestamp, version, offset, complete) + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "InstallRequest[term=" + term + ", leader=" + leader + ", index=" + index + ", timestamp=" + timestamp
                + ", version=" + version + ", offset=" + offset + ", data=" + ToStrings.of(data)
                + ", complete=" + complete + "]";
    }
}
