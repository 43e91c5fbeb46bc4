package io.raftwire.node.client;

import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.RaftResponse;
import io.raftwire.transport.PeerText;
import io.raftwire.transport.Transport;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which member leads, as far as one client knows. It learns the leader two ways: a keep-alive with no sessions, which
 * any member answers at once naming the leader it knows, sent to the members in turn; and the leader a
 * {@link RaftError.Type#NO_LEADER} error names. A leader that is not one of the client's members is never taken (the
 * client could not reach it). Thread-safe.
 */
final class LeaderLocator {

    private static final Logger LOG = LoggerFactory.getLogger(LeaderLocator.class);
    /** The probe of a member's only group (or group 0): a keep-alive with no session. */
    static final KeepAliveRequest PROBE = new KeepAliveRequest(new long[0], new long[0], new long[0]);

    private final List<String> members;
    private final Transport transport;
    private final KeepAliveRequest probeRequest;
    private volatile String leader;
    /** The next member to probe, modulo the member count; guarded by {@code this}. */
    private int probe;

    /**
     * @param members   the member ids of the cluster's client addresses, as the transport knows them; not empty
     * @param transport sends the probes
     */
    LeaderLocator(List<String> members, Transport transport) {
        this(members, transport, PROBE);
    }

    /** As above, asking with {@code probe} (a group's probe on members that host several groups). */
    LeaderLocator(List<String> members, Transport transport, KeepAliveRequest probe) {
        this.members = List.copyOf(members);
        this.transport = transport;
        this.probeRequest = probe;
        if (this.members.isEmpty()) {
            throw new IllegalArgumentException("no members (expected: at least one member's client address)");
        }
    }

    /** The member ids probes go to, in order. */
    List<String> members() {
        return members;
    }

    /** The member believed to lead, or {@code null} if none is known: {@link #find()} then. */
    String leader() {
        return leader;
    }

    /** Forgets {@code member} as the leader (it could not be reached); a later leader learnt meanwhile stays. */
    void forget(String member) {
        synchronized (this) {
            if (member.equals(leader)) {
                leader = null;
            }
        }
    }

    /**
     * Follows a {@link RaftError.Type#NO_LEADER} error: takes the leader it names if that is a member, otherwise
     * forgets the leader so that the next attempt asks.
     *
     * @return whether a leader to send to at once is known now
     */
    boolean follow(RaftError error) {
        MemberId named = error.leader();
        String next = named != null && members.contains(named.id()) ? named.id() : null;
        if (named != null && next == null) {
            LOG.debug("ignoring leader hint {}: not one of the client's members {}", named.id(), members);
        }
        leader = next;
        return next != null;
    }

    /**
     * Asks the next member in turn who leads.
     *
     * @return completes with the leader's id (also taken as {@link #leader()}), {@code null} if that member knew
     *         none (or named a non-member), or fails with the transport's failure to reach it, or with a
     *         {@link ClientException} carrying the member's refusal if it refused the probe for good (a
     *         {@linkplain RaftError.Type#retriable() non-retriable} error, such as the {@code PROTOCOL_ERROR} of a
     *         group index the member does not host): asking again would get the same answer
     */
    CompletableFuture<String> find() {
        String member;
        synchronized (this) {
            member = members.get(probe);
            probe = (probe + 1) % members.size();
        }
        return transport.request(member, probeRequest, KeepAliveResponse.class).thenApply(r -> {
            RaftError error = r.error();
            if (r.status() == RaftResponse.Status.ERROR && error != null && !error.type().retriable()) {
                throw new CompletionException(new ClientException("member " + member + " refused the leader probe: "
                        + error.type() + " " + PeerText.escape(String.valueOf(error.message())), error, null));
            }
            if (r.leader() != null && members.contains(r.leader().id())) {
                leader = r.leader().id();
                return r.leader().id();
            }
            return null;
        });
    }
}
