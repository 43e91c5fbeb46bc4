package io.raftwire.node.server;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.level.LevelRaiser;
import io.raftwire.transport.Caller;
import io.raftwire.transport.PeerText;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A group's answer to client commands with a reserved feature level id ({@link LevelOperations}), which never reach
 * the session path: {@link LevelOperations#RAISE} from an administrator (as {@link MembershipGuard#refuseAdmin}
 * decides) goes to the group's {@link LevelRaiser}; any other reserved id is refused ({@link LevelOperations#RECORD}
 * entries are the leader's own, {@link LevelOperations#READ} is a query).
 *
 * <p>A raise is answered OK with the group's feature levels' bytes ({@code FeatureLevels.toBytes}) once the new level
 * is applied on this member (log index 0: the entry is the leader's, not the client's); refused with a
 * {@code COMMAND_FAILURE} giving the raiser's reason; on a member that does not lead, with the engine's
 * {@code NO_LEADER}, so the client goes to the leader as for any command. Thread-safe; never blocks.
 */
final class LevelCommands {

    private final MembershipGuard guard;
    private final LevelRaiser raiser;
    private final String self;

    /**
     * @param guard  who may raise
     * @param raiser the group's raiser; {@code null}: this member records no levels (a raise is refused saying so)
     * @param self   this member's id, for refusals
     */
    LevelCommands(MembershipGuard guard, LevelRaiser raiser, String self) {
        this.guard = guard;
        this.raiser = raiser;
        this.self = self;
    }

    /** The answer to {@code r}, whose operation has a reserved id ({@link LevelOperations#isReserved}). */
    CompletionStage<CommandResponse> command(Caller caller, CommandRequest r) {
        String id = r.operation().id().id();
        if (!LevelOperations.RAISE.equals(id)) {
            return refused(new RaftError(RaftError.Type.PROTOCOL_ERROR, "command " + PeerText.escape(id)
                    + " is reserved (expected: " + LevelOperations.RAISE + " from an administrator; "
                    + LevelOperations.RECORD + " entries are the group leader's own, " + LevelOperations.READ
                    + " is a query)", null));
        }
        RaftError forbidden = guard.refuseAdmin(caller, "feature level raise", self);
        if (forbidden != null) {
            return refused(forbidden);
        }
        if (raiser == null) {
            return refused(new RaftError(RaftError.Type.COMMAND_FAILURE, "member " + self + " records no feature"
                    + " levels in this group (expected: a group whose members keep feature levels)", null));
        }
        return raiser.raise().handle((raised, failure) -> {
            if (failure == null) {
                return new CommandResponse(Status.OK, null, 0, 0, raised.toBytes(), 0);
            }
            Throwable t = Failures.unwrap(failure);
            return new CommandResponse(Status.ERROR, t instanceof LevelRaiser.RaiseRefusedException
                    ? new RaftError(RaftError.Type.COMMAND_FAILURE, t.getMessage(), null) : Failures.toError(t),
                    0, 0, new byte[0], 0);
        });
    }

    private static CompletionStage<CommandResponse> refused(RaftError error) {
        return CompletableFuture.completedFuture(new CommandResponse(Status.ERROR, error, 0, 0, new byte[0], 0));
    }
}
