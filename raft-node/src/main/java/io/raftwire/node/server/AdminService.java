package io.raftwire.node.server;

import io.microraft.Ordered;
import io.microraft.RaftNode;
import io.microraft.report.RaftNodeReport;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.admin.SnapshotRequest;
import io.raftwire.node.admin.StatusRequest;
import io.raftwire.node.admin.StatusResponse;
import io.raftwire.transport.Caller;
import io.raftwire.transport.PeerText;
import io.raftwire.transport.Transport;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The node's side of the administration protocol on its client port: {@link StatusRequest} from anyone who may
 * connect, {@link SnapshotRequest} from admins ({@link MembershipGuard#refuseAdmin}). A status is this member's own
 * engine report ({@code RaftNode#getReport()}, run on the Raft thread) and never goes through the log, so a follower
 * or a member without a leader answers too. Handlers run on a transport I/O thread and never block; failures become a
 * {@link StatusResponse} with an error, never a failed stage. Thread-safe.
 */
public final class AdminService {

    private final RaftNode node;
    private final String self;
    private final StatusReader reader;
    private final AppliedProgress progress;
    private final MembershipGuard guard;

    /**
     * @param node     the local Raft node
     * @param self     its member id
     * @param reader   turns its reports into statuses
     * @param progress what its state machine has been given
     * @param guard    who may take snapshots
     */
    public AdminService(RaftNode node, String self, StatusReader reader, AppliedProgress progress,
            MembershipGuard guard) {
        this.node = node;
        this.self = self;
        this.reader = reader;
        this.progress = progress;
        this.guard = guard;
    }

    /** Registers both handlers on {@code transport} (the client-facing one). */
    public void register(Transport transport) {
        transport.onRequest(StatusRequest.class, (from, r) -> status(r));
        transport.onCallerRequest(SnapshotRequest.class, null, this::snapshot);
    }

    CompletionStage<StatusResponse> status(StatusRequest r) {
        RaftError other = otherMember("StatusRequest", r.member());
        if (other != null) {
            return CompletableFuture.completedFuture(StatusResponse.failed(other));
        }
        return answer(node.getReport());
    }

    CompletionStage<StatusResponse> snapshot(Caller caller, SnapshotRequest r) {
        RaftError refused = guard.refuseAdmin(caller, "SnapshotRequest", r.member());
        if (refused == null) {
            refused = otherMember("SnapshotRequest", r.member());
        }
        if (refused != null) {
            return CompletableFuture.completedFuture(StatusResponse.failed(refused));
        }
        // takeSnapshot answers null when a snapshot at the commit index exists already: the status is read afterwards
        return node.takeSnapshot().thenCompose(taken -> answer(node.getReport()))
                .exceptionally(failure -> StatusResponse.failed(Failures.toError(failure)));
    }

    private CompletableFuture<StatusResponse> answer(CompletableFuture<Ordered<RaftNodeReport>> report) {
        return report.handle((ordered, failure) -> failure == null
                ? StatusResponse.of(reader.read(ordered.getResult(), progress))
                : StatusResponse.failed(Failures.toError(failure)));
    }

    private RaftError otherMember(String request, String member) {
        if (member.equals(self)) {
            return null;
        }
        return new RaftError(RaftError.Type.PROTOCOL_ERROR, request + " for member " + PeerText.escape(member)
                + " reached member " + PeerText.escape(self) + " (expected: the address of " + PeerText.escape(member)
                + ")", null);
    }
}
