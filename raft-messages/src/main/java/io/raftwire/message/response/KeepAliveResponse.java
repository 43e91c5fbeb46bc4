package io.raftwire.message.response;

import io.raftwire.message.Checks;
import io.raftwire.message.Nullable;
import io.raftwire.message.ToStrings;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Answers a {@link io.raftwire.message.request.KeepAliveRequest}: where the leader is, which members a client may
 * contact, and which sessions are still alive. Invariant: no negative session id. Immutable and thread-safe (the
 * array is copied in and out).
 */
public final class KeepAliveResponse extends AbstractRaftResponse {

    private final MemberId leader;
    private final List<MemberId> members;
    private final long[] sessionIds;

    /**
     * @param status the outcome
     * @param error why the request failed; may be {@code null} only when {@code status} is {@link Status#OK}
     * @param leader the current leader; may be {@code null} when the answering member knows no leader
     * @param members the members a client may contact; may be empty; copied
     * @param sessionIds the sessions of the request that are still alive; copied
     * @throws NullPointerException if {@code status}, {@code members}, one of its elements or {@code sessionIds} is
     *         null, or {@code error} is null for an ERROR response
     * @throws IllegalArgumentException if a session id is negative
     */
    public KeepAliveResponse(Status status, @Nullable RaftError error, @Nullable MemberId leader,
            List<MemberId> members, long[] sessionIds) {
        super(status, error);
        this.leader = leader;
        this.members = Checks.copy(members, "members");
        this.sessionIds = Checks.copyNonNegative(sessionIds, "sessionIds");
    }

    /** The current leader; may be {@code null}: the answering member knows no leader (an election is running). */
    @Nullable
    public MemberId leader() {
        return leader;
    }

    /** The members a client may contact; immutable. */
    public List<MemberId> members() {
        return members;
    }

    /** A copy of the ids of the request's sessions that are still alive. */
    public long[] sessionIds() {
        return sessionIds.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        KeepAliveResponse that = (KeepAliveResponse) o;
        return Objects.equals(leader, that.leader) && members.equals(that.members)
                && Arrays.equals(sessionIds, that.sessionIds);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * super.hashCode() + Objects.hash(leader, members)) + Arrays.hashCode(sessionIds);
    }

    @Override
    public String toString() {
        return "KeepAliveResponse[status=" + status() + ", error=" + error() + ", leader=" + leader + ", members="
                + members + ", sessionIds=" + ToStrings.of(sessionIds) + "]";
    }
}
