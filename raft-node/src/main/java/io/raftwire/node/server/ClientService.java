package io.raftwire.node.server;

import io.microraft.MembershipChangeMode;
import io.microraft.Ordered;
import io.microraft.QueryPolicy;
import io.microraft.RaftEndpoint;
import io.microraft.RaftNode;
import io.microraft.RaftNodeStatus;
import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.log.CloseSessionEntry;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.log.KeepAliveEntry;
import io.raftwire.message.log.MetadataEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.log.QueryEntry;
import io.raftwire.message.request.CloseSessionRequest;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.JoinRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.LeaveRequest;
import io.raftwire.message.request.MetadataRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.request.QueryRequest;
import io.raftwire.message.request.TransferRequest;
import io.raftwire.message.response.CloseSessionResponse;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.JoinResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.LeaveResponse;
import io.raftwire.message.response.MetadataResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.response.TransferResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.RaftMember;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.level.LevelRaiser;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.transport.Caller;
import io.raftwire.transport.Transport;
import io.raftwire.transport.PeerText;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The node's side of the client protocol: the catalog's session requests, answered by replicating the catalog's log
 * entries (or, for queries, running them through the engine's query path) and returning what the state machine
 * produced. Membership and leadership requests ({@link JoinRequest}, {@link LeaveRequest}, {@link TransferRequest})
 * go to the engine directly, if the caller's role allows them ({@link MembershipGuard}). The reserved feature level
 * operations ({@link LevelOperations}) are taken out before the session path: an administrator's
 * {@link LevelOperations#RAISE} command goes to the group's {@link LevelRaiser} ({@link LevelCommands}).
 *
 * <p>Timestamps in log entries are the leader's wall clock, in milliseconds; the state machine expires sessions from
 * them, never from its own clock, so expiry is the same on every member.
 *
 * <p>Handlers run on a transport I/O thread and never block: each returns a stage that the engine completes on the
 * Raft thread. Failures become error responses ({@link Failures}), never a failed stage, so a client always gets an
 * answer it can act on. Thread-safe.
 */
public final class ClientService {

    private final RaftNode node;
    private final SessionConsistency sessions;
    private final Clock clock;
    private final Duration queryTimeout;
    private final ClientAdmission admission;
    private final boolean leaseReads;
    private final MembershipGuard guard;
    private final LevelCommands levelCommands;

    /**
     * @param node         the local Raft node
     * @param sessions     the read consistency and owner of each open session
     * @param clock        the wall clock stamped on entries this node proposes as leader
     * @param queryTimeout how long a sequential query waits for this member to catch up with the client's index
     * @param admission    what is refused before anything is logged: joins of unreachable members, oversized entries
     * @param guard        who may send membership and leadership requests
     * @param leaseReads   whether a {@code LINEARIZABLE_LEASE} session's reads may use the engine's leader lease: only
     *                     with raftwire's failure detector off ({@code policyOf})
     * @param levels       who records the group's feature levels, asked by {@link LevelOperations#RAISE} commands;
     *                     {@code null}: none (a raise is refused, naming why)
     */
    public ClientService(RaftNode node, SessionConsistency sessions, Clock clock, Duration queryTimeout,
            ClientAdmission admission, MembershipGuard guard, boolean leaseReads, LevelRaiser levels) {
        this.levelCommands = new LevelCommands(guard, levels, String.valueOf(node.getLocalEndpoint().getId()));
        this.leaseReads = leaseReads;
        this.node = node;
        this.sessions = sessions;
        this.clock = clock;
        this.queryTimeout = queryTimeout;
        this.admission = admission;
        this.guard = guard;
    }

    /** Registers every handler on {@code transport}. */
    public void register(Transport transport) {
        transport.onRequest(OpenSessionRequest.class, this::openSession);
        transport.onRequest(KeepAliveRequest.class, this::keepAlive);
        transport.onCallerRequest(CommandRequest.class, null, this::command);
        transport.onRequest(QueryRequest.class, this::query);
        transport.onRequest(CloseSessionRequest.class, this::closeSession);
        transport.onRequest(MetadataRequest.class, (from, r) -> metadata(r));
        transport.onCallerRequest(JoinRequest.class, null, this::join);
        transport.onCallerRequest(LeaveRequest.class, null, this::leave);
        transport.onCallerRequest(TransferRequest.class, null, this::transfer);
    }

    /**
     * Opens a session for the client on the other end of the connection. The request's member id must be that
     * connection's: it is where the leader pushes the session's events ({@link EventPusher}).
     */
    CompletionStage<OpenSessionResponse> openSession(String from, OpenSessionRequest r) {
        if (!from.equals(r.node().id())) {
            return CompletableFuture.completedFuture(new OpenSessionResponse(Status.ERROR, new RaftError(
                    RaftError.Type.PROTOCOL_ERROR, "session for member " + PeerText.escape(r.node().id())
                    + " requested over the connection of " + PeerText.escape(from) + " (expected: a client opens its"
                    + " session under its own connection's member id, where its events are pushed)", null), 0, 0));
        }
        OpenSessionEntry entry = new OpenSessionEntry(term(), now(), r.node(), r.name(), r.typeName(), r.config(),
                r.readConsistency(), r.minTimeout(), r.maxTimeout());
        // counted until applied or answered, so that opens sent all at once cannot pass the cap before any is applied
        RaftError refused = admission.refuseSession(from, sessions.propose(from, entry), r.maxTimeout());
        if (refused == null) {
            refused = admission.refuseSize("OpenSessionRequest", utf8(r.node().id()) + utf8(r.name())
                    + utf8(r.typeName()) + r.config().length);
        }
        if (refused != null) {
            sessions.withdraw(entry);
            return CompletableFuture.completedFuture(new OpenSessionResponse(Status.ERROR, refused, 0, 0));
        }
        return replicate(entry, OpenSessionResponse.class, e -> new OpenSessionResponse(Status.ERROR, e, 0, 0))
                .whenComplete((response, failure) -> sessions.withdraw(entry));
    }

    /**
     * A keep-alive with no sessions is a probe: any member answers it at once with the leader it knows and the
     * members, which is how a client finds the leader. Otherwise the leader replicates it.
     */
    CompletionStage<KeepAliveResponse> keepAlive(String from, KeepAliveRequest r) {
        if (r.sessionIds().length == 0) {
            return CompletableFuture.completedFuture(new KeepAliveResponse(Status.OK, null, leader(), members(),
                    new long[0]));
        }
        // the size first: it costs nothing, while the owner check looks every listed session up
        // (three varints of at most 10 bytes per session)
        RaftError tooLarge = admission.refuseSize("KeepAliveRequest", 3L * 10 * r.sessionIds().length);
        if (tooLarge != null) {
            return CompletableFuture.completedFuture(new KeepAliveResponse(Status.ERROR, tooLarge, leader(),
                    members(), new long[0]));
        }
        for (long session : r.sessionIds()) {
            RaftError foreign = foreignSession(from, session);
            if (foreign != null) {
                return CompletableFuture.completedFuture(new KeepAliveResponse(Status.ERROR, foreign, leader(),
                        members(), new long[0]));
            }
        }
        KeepAliveEntry entry = new KeepAliveEntry(term(), now(), r.sessionIds(), r.commandSequences(),
                r.eventIndexes());
        return replicate(entry, KeepAliveResponse.class,
                e -> new KeepAliveResponse(Status.ERROR, e, leader(), members(), new long[0]))
                .thenApply(k -> k.status() == Status.OK
                        ? new KeepAliveResponse(Status.OK, null, leader(), members(), k.sessionIds()) : k);
    }

    CompletionStage<CommandResponse> command(Caller caller, CommandRequest r) {
        if (LevelOperations.isReserved(r.operation())) {
            return levelCommands.command(caller, r);
        }
        String from = caller.id();
        RaftError foreign = foreignSession(from, r.session());
        if (foreign != null) {
            return CompletableFuture.completedFuture(new CommandResponse(Status.ERROR, foreign, 0, 0, new byte[0], 0));
        }
        RaftError tooLarge = admission.refuseSize("CommandRequest", r.operation().value().length
                + utf8(r.operation().id().id()));
        if (tooLarge != null) {
            return CompletableFuture.completedFuture(new CommandResponse(Status.ERROR, tooLarge, 0, 0, new byte[0], 0));
        }
        CommandEntry entry = new CommandEntry(term(), now(), r.session(), r.sequence(), r.operation());
        return replicate(entry, CommandResponse.class,
                e -> new CommandResponse(Status.ERROR, e, 0, 0, new byte[0], 0));
    }

    CompletionStage<QueryResponse> query(String from, QueryRequest r) {
        RaftError foreign = foreignSession(from, r.session());
        if (foreign != null) {
            return CompletableFuture.completedFuture(new QueryResponse(Status.ERROR, foreign, 0, 0, new byte[0], 0));
        }
        QueryEntry entry = new QueryEntry(term(), now(), r.session(), r.sequence(), r.operation());
        ReadConsistency consistency = sessions.of(r.session());
        QueryPolicy policy = policyOf(consistency, leaseReads);
        Optional<Long> minIndex = consistency == ReadConsistency.SEQUENTIAL && r.index() > 0 ? Optional.of(r.index())
                : Optional.empty();
        return answer(node.query(entry, policy, minIndex, Optional.of(queryTimeout)), QueryResponse.class,
                e -> new QueryResponse(Status.ERROR, e, 0, 0, new byte[0], 0));
    }

    CompletionStage<CloseSessionResponse> closeSession(String from, CloseSessionRequest r) {
        RaftError foreign = foreignSession(from, r.session());
        if (foreign != null) {
            return CompletableFuture.completedFuture(new CloseSessionResponse(Status.ERROR, foreign));
        }
        CloseSessionEntry entry = new CloseSessionEntry(term(), now(), r.session(), false, r.delete());
        return replicate(entry, CloseSessionResponse.class, e -> new CloseSessionResponse(Status.ERROR, e));
    }

    /**
     * The engine's query policy for a session's read consistency. A lease read ({@code LINEARIZABLE_LEASE}) is served
     * by MicroRaft's {@code LEADER_LEASE} only when {@code leaseReads}: the engine's lease lasts its
     * {@code heartbeat-timeout-secs} after a majority last answered, which is safe only while no follower grants a
     * vote sooner. raftwire's failure detector ({@code raftwire.raft.leader-timeout-ms} above 0, the default) lets
     * followers elect a new leader after that many milliseconds, while a leader cut off from them would go on serving
     * lease reads for the rest of its seconds-long lease: reads a new leader's writes have already made stale. With
     * the detector on, a lease read is therefore a linearizable read (a round to a majority confirms leadership).
     */
    static QueryPolicy policyOf(ReadConsistency consistency, boolean leaseReads) {
        return switch (consistency) {
            case LINEARIZABLE -> QueryPolicy.LINEARIZABLE;
            case LINEARIZABLE_LEASE -> leaseReads ? QueryPolicy.LEADER_LEASE : QueryPolicy.LINEARIZABLE;
            case SEQUENTIAL -> QueryPolicy.EVENTUAL_CONSISTENCY;
        };
    }

    private static long utf8(String s) {
        return 3L * s.length(); // at most three UTF-8 bytes per UTF-16 char; cheap and never under the real size
    }

    /**
     * {@code null} if the client connected as {@code from} may use {@code session}: it opened it, or this member does
     * not know who did (a session it has not applied the open entry of; the state machine then answers as usual).
     * Otherwise the refusal: a client may keep alive, command, query and close only its own sessions, since a command
     * under another client's session and sequence would take the place of that client's own command with the same
     * sequence (the state machine answers a repeated sequence from its cache), and a keep-alive would acknowledge and
     * drop that client's results and events.
     */
    private RaftError foreignSession(String from, long session) {
        String owner = sessions.owner(session);
        if (owner == null || owner.equals(from)) {
            return null;
        }
        return new RaftError(RaftError.Type.PROTOCOL_ERROR, "session " + session + " was opened by client "
                + PeerText.escape(owner) + ", not by " + PeerText.escape(from) + " (expected: a client uses only the"
                + " sessions it opened, over a connection under the same member id)", null);
    }

    CompletionStage<MetadataResponse> metadata(MetadataRequest r) {
        MetadataEntry entry = new MetadataEntry(term(), now(), r.session());
        return answer(node.query(entry, QueryPolicy.LINEARIZABLE, Optional.empty(), Optional.of(queryTimeout)),
                MetadataResponse.class, e -> new MetadataResponse(Status.ERROR, e, Set.of()));
    }

    CompletionStage<JoinResponse> join(Caller caller, JoinRequest r) {
        String id = r.member().id().id();
        RaftError refused = guard.refuse(caller, "JoinRequest", id);
        if (refused == null) {
            refused = admission.refuseJoin(id);
        }
        if (refused != null) {
            return CompletableFuture.completedFuture(new JoinResponse(Status.ERROR, refused, 0, term(), now(),
                    List.of()));
        }
        MembershipChangeMode mode = r.member().type() == RaftMember.Type.ACTIVE
                ? MembershipChangeMode.ADD_OR_PROMOTE_TO_FOLLOWER : MembershipChangeMode.ADD_LEARNER;
        return changeMembership(r.member(), mode).thenApply(m -> new JoinResponse(m.status(), m.error(), m.index(),
                m.term(), m.timestamp(), m.members()));
    }

    CompletionStage<LeaveResponse> leave(Caller caller, LeaveRequest r) {
        RaftError forbidden = guard.refuse(caller, "LeaveRequest", r.member().id().id());
        if (forbidden != null) {
            return CompletableFuture.completedFuture(new LeaveResponse(Status.ERROR, forbidden, 0, term(), now(),
                    List.of()));
        }
        return changeMembership(r.member(), MembershipChangeMode.REMOVE_MEMBER).thenApply(m -> new LeaveResponse(
                m.status(), m.error(), m.index(), m.term(), m.timestamp(), m.members()));
    }

    CompletionStage<TransferResponse> transfer(Caller caller, TransferRequest r) {
        RaftError forbidden = guard.refuse(caller, "TransferRequest", r.member().id());
        if (forbidden != null) {
            return CompletableFuture.completedFuture(new TransferResponse(Status.ERROR, forbidden));
        }
        NodeEndpoint target;
        try {
            target = new NodeEndpoint(r.member().id());
        } catch (IllegalArgumentException e) {
            return CompletableFuture.completedFuture(new TransferResponse(Status.ERROR,
                    new RaftError(RaftError.Type.ILLEGAL_MEMBER_STATE, e.getMessage(), null)));
        }
        return node.transferLeadership(target).handle((ok, failure) -> failure == null
                ? new TransferResponse(Status.OK, null) : new TransferResponse(Status.ERROR, Failures.toError(failure)));
    }

    private CompletionStage<MembershipResult> changeMembership(RaftMember member, MembershipChangeMode mode) {
        long committed = node.getCommittedMembers().getLogIndex();
        NodeEndpoint endpoint = new NodeEndpoint(member.id().id());
        return node.changeMembership(endpoint, mode, committed).handle((ordered, failure) -> failure == null
                ? new MembershipResult(Status.OK, null, ordered.getCommitIndex(), term(), now(),
                        raftMembers(ordered.getResult().getMembers(), ordered.getResult().getVotingMembers()))
                : new MembershipResult(Status.ERROR, Failures.toError(failure), 0, term(), now(), List.of()));
    }

    private record MembershipResult(Status status, RaftError error, long index, long term, long timestamp,
            List<RaftMember> members) {
    }

    private List<RaftMember> raftMembers(Collection<RaftEndpoint> members, Collection<RaftEndpoint> voting) {
        List<RaftMember> list = new ArrayList<>(members.size());
        for (RaftEndpoint e : members) {
            list.add(new RaftMember(new MemberId((String) e.getId()),
                    voting.contains(e) ? RaftMember.Type.ACTIVE : RaftMember.Type.PASSIVE, 0));
        }
        return list;
    }

    private <R> CompletionStage<R> replicate(Object entry, Class<R> type, Function<RaftError, R> onError) {
        return answer(node.replicate(entry), type, onError);
    }

    private <R> CompletionStage<R> answer(CompletableFuture<? extends Ordered<Object>> result, Class<R> type,
            Function<RaftError, R> onError) {
        return result.handle((ordered, failure) -> {
            if (failure != null) {
                return onError.apply(Failures.toError(failure));
            }
            Object value = ordered.getResult();
            if (!type.isInstance(value)) {
                return onError.apply(new RaftError(RaftError.Type.PROTOCOL_ERROR, "state machine answered "
                        + (value == null ? "null" : value.getClass().getSimpleName()) + " (expected: "
                        + type.getSimpleName() + ")", null));
            }
            return type.cast(value);
        });
    }

    private MemberId leader() {
        RaftEndpoint leader = node.getTerm().getLeaderEndpoint();
        return leader == null || node.getStatus() == RaftNodeStatus.TERMINATED ? null
                : new MemberId((String) leader.getId());
    }

    private List<MemberId> members() {
        List<MemberId> list = new ArrayList<>();
        for (RaftEndpoint e : node.getCommittedMembers().getMembers()) {
            list.add(new MemberId((String) e.getId()));
        }
        return list;
    }

    private long term() {
        return node.getTerm().getTerm();
    }

    private long now() {
        return clock.millis();
    }
}
