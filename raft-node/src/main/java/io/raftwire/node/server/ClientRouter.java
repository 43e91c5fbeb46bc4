package io.raftwire.node.server;

import io.raftwire.message.RaftResponse.Status;
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
import io.raftwire.message.value.SessionMetadata;
import io.raftwire.node.admin.SnapshotRequest;
import io.raftwire.node.admin.StatusRequest;
import io.raftwire.node.admin.StatusResponse;
import io.raftwire.node.group.GroupAddress;
import io.raftwire.node.group.GroupIds;
import io.raftwire.node.group.SessionIds;
import io.raftwire.transport.Caller;
import io.raftwire.transport.PeerText;
import io.raftwire.transport.Transport;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The one set of client and admin handlers on a member's client port, whatever number of groups it hosts: each
 * request goes to the {@link ClientService} and {@link AdminService} of the group it addresses, with session ids
 * translated between the client's ({@link SessionIds}: the group in the high bits) and the group's own.
 *
 * <p>Which group a request addresses: a request with a session id, by its high bits; an open-session request, by the
 * {@code @<group id>} suffix of its name ({@link GroupAddress}, stripped before the name is logged); a status,
 * snapshot, join, leave or transfer request, by the suffix of its member id. Without a suffix, a member with one
 * group routes to it unchanged (a name whose suffix is no group id stays whole, as before groups existed); a member
 * with several refuses, naming its groups. A keep-alive lists the sessions of one group (its answer names that
 * group's leader); an empty one probes group 0, one listing only {@link SessionIds#probe} probes that group.
 *
 * <p>A group that is not running on this member (stopped, or failed to start) is answered with {@code NO_LEADER} and
 * no leader, so a client fails over to the other members. Handlers run on a transport I/O thread and never block.
 * Thread-safe.
 */
public final class ClientRouter {

    /** One group's services. */
    public record GroupServices(ClientService clients, AdminService admin) {
    }

    private final String clusterId;
    private final String self;
    private final AtomicReferenceArray<GroupServices> groups;

    /**
     * @param clusterId {@code raftwire.cluster.id}, from which the group ids derive ({@link GroupIds})
     * @param self      this member's id
     * @param groups    how many groups this member hosts
     */
    public ClientRouter(String clusterId, String self, int groups) {
        this.clusterId = clusterId;
        this.self = self;
        this.groups = new AtomicReferenceArray<>(groups);
    }

    /** Routes group {@code index}'s requests to {@code services} from now on ({@code null}: the group is down). */
    public void route(int index, GroupServices services) {
        groups.set(index, services);
    }

    /** Registers every client and admin handler on {@code transport}, the member's client-facing one. */
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
        transport.onRequest(StatusRequest.class, (from, r) -> status(r));
        transport.onCallerRequest(SnapshotRequest.class, null, this::snapshot);
    }

    /** Which group a name or member id with an optional {@code @<group id>} suffix addresses, or why none. */
    private record Target(int index, String name, RaftError error) {
    }

    private Target target(String request, String text) {
        GroupAddress a = GroupAddress.parse(text);
        int index = a.group() == null ? -1 : GroupIds.indexOf(clusterId, groups.length(), a.group());
        if (index >= 0) {
            return running(request, index, a.name());
        }
        if (groups.length() == 1) {
            return running(request, 0, text);
        }
        return new Target(-1, null, new RaftError(RaftError.Type.PROTOCOL_ERROR, request + " for "
                + PeerText.escape(text) + " names no group of member " + self + " (expected: a suffix @<group id>, one"
                + " of " + clusterId + (groups.length() > 2 ? ", " + clusterId + "-1 .. " : ", ") + clusterId + "-"
                + (groups.length() - 1) + ")", null));
    }

    private Target target(String request, long session) {
        int index = SessionIds.group(session);
        if (index >= groups.length()) {
            return new Target(-1, null, new RaftError(RaftError.Type.PROTOCOL_ERROR, request + " for session "
                    + session + " of group index " + index + " reached member " + self + " (expected: a group index"
                    + " below " + groups.length() + ", the groups it hosts)", null));
        }
        return running(request, index, null);
    }

    private Target running(String request, int index, String name) {
        if (groups.get(index) == null) {
            return new Target(-1, null, new RaftError(RaftError.Type.NO_LEADER, request + " for group "
                    + GroupIds.id(clusterId, index) + ": the group is not running on member " + self
                    + " (expected: a member where it runs)", null));
        }
        return new Target(index, name, null);
    }

    private GroupServices services(Target t) {
        GroupServices s = groups.get(t.index());
        return s != null ? s : NOT_RUNNING; // stopped since the target was taken
    }

    private static final GroupServices NOT_RUNNING = new GroupServices(null, null);

    private RaftError stopped(int index) {
        return new RaftError(RaftError.Type.NO_LEADER, "group " + GroupIds.id(clusterId, index)
                + " stopped on member " + self + " (expected: a member where it runs)", null);
    }

    CompletionStage<OpenSessionResponse> openSession(String from, OpenSessionRequest r) {
        Target t = target("OpenSessionRequest", r.name());
        ClientService s = t.error() == null ? services(t).clients() : null;
        if (s == null) {
            return done(new OpenSessionResponse(Status.ERROR, t.error() != null ? t.error() : stopped(t.index()),
                    0, 0));
        }
        OpenSessionRequest local = t.name().equals(r.name()) ? r : new OpenSessionRequest(r.node(), t.name(),
                r.typeName(), r.config(), r.readConsistency(), r.minTimeout(), r.maxTimeout());
        return s.openSession(from, local).thenApply(o -> o.status() == Status.OK && t.index() > 0
                ? new OpenSessionResponse(Status.OK, null, SessionIds.global(t.index(), o.session()), o.timeout()) : o);
    }

    CompletionStage<KeepAliveResponse> keepAlive(String from, KeepAliveRequest r) {
        long[] ids = r.sessionIds();
        Target t = null;
        for (long id : ids) {
            if (t == null && SessionIds.group(id) != SessionIds.group(ids[0])) {
                t = new Target(-1, null, new RaftError(RaftError.Type.PROTOCOL_ERROR, "KeepAliveRequest lists"
                        + " sessions of group indexes " + SessionIds.group(ids[0]) + " and " + SessionIds.group(id)
                        + " (expected: the sessions of one group per keep-alive, since its answer names that group's"
                        + " leader)", null));
            }
        }
        if (t == null) {
            t = target("KeepAliveRequest", ids.length == 0 ? 0 : ids[0]);
        }
        ClientService s = t.error() == null ? services(t).clients() : null;
        if (s == null) {
            return done(new KeepAliveResponse(Status.ERROR, t.error() != null ? t.error() : stopped(t.index()), null,
                    List.of(), new long[0]));
        }
        int index = t.index();
        if (ids.length == 1 && SessionIds.local(ids[0]) == 0) { // a probe (of group 0 too): answered, not replicated
            return s.keepAlive(from, new KeepAliveRequest(new long[0], new long[0], new long[0]));
        }
        if (index == 0) {
            return s.keepAlive(from, r);
        }
        long[] local = new long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            local[i] = SessionIds.local(ids[i]);
        }
        return s.keepAlive(from, new KeepAliveRequest(local, r.commandSequences(), r.eventIndexes()))
                .thenApply(k -> new KeepAliveResponse(k.status(), k.error(), k.leader(), k.members(),
                        global(index, k.sessionIds())));
    }

    CompletionStage<CommandResponse> command(Caller caller, CommandRequest r) {
        Target t = target("CommandRequest", r.session());
        ClientService s = t.error() == null ? services(t).clients() : null;
        if (s == null) {
            return done(new CommandResponse(Status.ERROR, t.error() != null ? t.error() : stopped(t.index()), 0, 0,
                    new byte[0], 0));
        }
        return s.command(caller, t.index() == 0 ? r
                : new CommandRequest(SessionIds.local(r.session()), r.sequence(), r.operation()));
    }

    CompletionStage<QueryResponse> query(String from, QueryRequest r) {
        Target t = target("QueryRequest", r.session());
        ClientService s = t.error() == null ? services(t).clients() : null;
        if (s == null) {
            return done(new QueryResponse(Status.ERROR, t.error() != null ? t.error() : stopped(t.index()), 0, 0,
                    new byte[0], 0));
        }
        return s.query(from, t.index() == 0 ? r
                : new QueryRequest(SessionIds.local(r.session()), r.sequence(), r.operation(), r.index()));
    }

    CompletionStage<CloseSessionResponse> closeSession(String from, CloseSessionRequest r) {
        Target t = target("CloseSessionRequest", r.session());
        ClientService s = t.error() == null ? services(t).clients() : null;
        if (s == null) {
            return done(new CloseSessionResponse(Status.ERROR, t.error() != null ? t.error() : stopped(t.index())));
        }
        return s.closeSession(from, t.index() == 0 ? r
                : new CloseSessionRequest(SessionIds.local(r.session()), r.delete()));
    }

    CompletionStage<MetadataResponse> metadata(MetadataRequest r) {
        Target t = target("MetadataRequest", r.session());
        ClientService s = t.error() == null ? services(t).clients() : null;
        if (s == null) {
            return done(new MetadataResponse(Status.ERROR, t.error() != null ? t.error() : stopped(t.index()),
                    Set.of()));
        }
        int index = t.index();
        if (index == 0) {
            return s.metadata(r);
        }
        return s.metadata(new MetadataRequest(SessionIds.local(r.session()))).thenApply(m -> {
            Set<SessionMetadata> sessions = new LinkedHashSet<>();
            for (SessionMetadata sm : m.sessions()) {
                sessions.add(new SessionMetadata(SessionIds.global(index, sm.id()), sm.name(), sm.type()));
            }
            return new MetadataResponse(m.status(), m.error(), sessions);
        });
    }

    CompletionStage<JoinResponse> join(Caller caller, JoinRequest r) {
        Target t = target("JoinRequest", r.member().id().id());
        ClientService s = t.error() == null ? services(t).clients() : null;
        if (s == null) {
            return done(new JoinResponse(Status.ERROR, t.error() != null ? t.error() : stopped(t.index()), 0, 0, 0,
                    List.of()));
        }
        return s.join(caller, new JoinRequest(member(r.member(), t.name())));
    }

    CompletionStage<LeaveResponse> leave(Caller caller, LeaveRequest r) {
        Target t = target("LeaveRequest", r.member().id().id());
        ClientService s = t.error() == null ? services(t).clients() : null;
        if (s == null) {
            return done(new LeaveResponse(Status.ERROR, t.error() != null ? t.error() : stopped(t.index()), 0, 0, 0,
                    List.of()));
        }
        return s.leave(caller, new LeaveRequest(member(r.member(), t.name())));
    }

    CompletionStage<TransferResponse> transfer(Caller caller, TransferRequest r) {
        Target t = target("TransferRequest", r.member().id());
        ClientService s = t.error() == null ? services(t).clients() : null;
        if (s == null) {
            return done(new TransferResponse(Status.ERROR, t.error() != null ? t.error() : stopped(t.index())));
        }
        return s.transfer(caller, t.name().equals(r.member().id()) ? r : new TransferRequest(new MemberId(t.name())));
    }

    CompletionStage<StatusResponse> status(StatusRequest r) {
        Target t = target("StatusRequest", r.member());
        AdminService s = t.error() == null ? services(t).admin() : null;
        if (s == null) {
            return done(StatusResponse.failed(t.error() != null ? t.error() : stopped(t.index())));
        }
        return s.status(new StatusRequest(t.name()));
    }

    CompletionStage<StatusResponse> snapshot(Caller caller, SnapshotRequest r) {
        Target t = target("SnapshotRequest", r.member());
        AdminService s = t.error() == null ? services(t).admin() : null;
        if (s == null) {
            return done(StatusResponse.failed(t.error() != null ? t.error() : stopped(t.index())));
        }
        return s.snapshot(caller, new SnapshotRequest(t.name()));
    }

    private static RaftMember member(RaftMember m, String id) {
        return id.equals(m.id().id()) ? m : new RaftMember(new MemberId(id), m.type(), m.updated());
    }

    private static long[] global(int index, long[] local) {
        long[] ids = new long[local.length];
        for (int i = 0; i < local.length; i++) {
            ids[i] = SessionIds.global(index, local[i]);
        }
        return ids;
    }

    private static <T> CompletionStage<T> done(T response) {
        return CompletableFuture.completedFuture(response);
    }
}
