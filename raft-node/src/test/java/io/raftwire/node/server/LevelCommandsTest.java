package io.raftwire.node.server;

import io.microraft.exception.NotLeaderException;
import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.level.LevelRaiser;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.TypeSchema;
import io.raftwire.transport.Caller;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a client's command with a reserved feature level id is answered, before any session is looked at. */
@Timeout(10)
class LevelCommandsTest {

    private static final Schema OWN = new Schema(List.of(new TypeSchema(2000, "app.A", false, List.of())));
    private static final Caller ADMIN = new Caller("ops", Caller.Role.ADMIN, "raftwire://prod/admin/ops");
    private static final Caller PLAINTEXT = new Caller("c-1", Caller.Role.CLIENT, null);

    /** The guard logs each refusal at WARN: asserted here, kept out of the build output. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", MembershipGuard.class.getName());

    @Test
    void anAdminsRaiseIsAnsweredWithTheNewHistorysBytes() {
        LevelCommands commands = new LevelCommands(new MembershipGuard("prod", false), raiser(OWN.digest()),
                "node-1");

        CommandResponse r = answer(commands, ADMIN, LevelOperations.raise());

        assertEquals(Status.OK, r.status(), String.valueOf(r.error()));
        assertEquals(FeatureLevels.NONE.raisedTo(new FeatureLevel(1, OWN)), FeatureLevels.fromBytes(r.result()));
    }

    @Test
    void aRaiseTheLeaderCannotMakeIsACommandFailureWithItsReason() {
        LevelCommands commands = new LevelCommands(new MembershipGuard("prod", false), raiser(7L), "node-1");

        CommandResponse r = answer(commands, ADMIN, LevelOperations.raise());

        assertEquals(new RaftError(RaftError.Type.COMMAND_FAILURE, "not every member runs this leader's types: member"
                + " node-2 announces schema 7 (expected: schema " + Long.toHexString(OWN.digest()) + ", this"
                + " leader's)", null), r.error());
        assertEquals(false, r.error().type().retriable(), "the client does not send it again");
    }

    @Test
    void aRaiseReachingAFollowerIsNoLeaderNamingTheLeaderSoTheClientGoesThere() {
        LevelCommands commands = new LevelCommands(new MembershipGuard("prod", false), raiser(OWN.digest(),
                CompletableFuture.failedFuture(new NotLeaderException(new NodeEndpoint("node-1"),
                        new NodeEndpoint("node-2")))), "node-1");

        CommandResponse r = answer(commands, ADMIN, LevelOperations.raise());

        assertEquals(new RaftError(RaftError.Type.NO_LEADER, "this member does not lead; node-2 does",
                new MemberId("node-2")), r.error());
    }

    @Test
    void aRaiseFromSomeoneWhoIsNoAdminIsForbidden() {
        LevelCommands commands = new LevelCommands(new MembershipGuard("prod", false), raiser(OWN.digest()),
                "node-1");

        CommandResponse r = answer(commands, PLAINTEXT, LevelOperations.raise());

        assertEquals(RaftError.Type.PROTOCOL_ERROR, r.error().type());
        assertEquals("forbidden: feature level raise for member node-1 from plaintext client c-1 (unverified)"
                + " (expected: raftwire.security.plaintext-admin = true on the members to allow it over plaintext, or"
                + " TLS with an admin certificate raftwire://prod/admin/<id>)", r.error().message());
        logs.await("refused " + r.error().message());
    }

    @Test
    void aRecordOrReadSentAsACommandIsRefusedAsReserved() {
        LevelCommands commands = new LevelCommands(new MembershipGuard("prod", true), raiser(OWN.digest()),
                "node-1");

        CommandResponse r = answer(commands, ADMIN, LevelOperations.record(FeatureLevels.NONE));

        assertEquals(new RaftError(RaftError.Type.PROTOCOL_ERROR, "command raftwire.feature-level.record is reserved"
                + " (expected: raftwire.feature-level.raise from an administrator; raftwire.feature-level.record"
                + " entries are the group leader's own, raftwire.feature-level.read is a query)", null), r.error());
        assertEquals(Status.ERROR, answer(commands, ADMIN, LevelOperations.read()).status());
    }

    @Test
    void aMemberThatKeepsNoLevelsSaysSo() {
        CommandResponse r = answer(new LevelCommands(new MembershipGuard("prod", true), null, "node-1"), PLAINTEXT,
                LevelOperations.raise());

        assertEquals(new RaftError(RaftError.Type.COMMAND_FAILURE, "member node-1 records no feature levels in this"
                + " group (expected: a group whose members keep feature levels)", null), r.error());
    }

    private static CommandResponse answer(LevelCommands commands, Caller caller, PrimitiveOperation op) {
        return commands.command(caller, new CommandRequest(0, 0, op)).toCompletableFuture().join();
    }

    /** The raiser of a leader at no level whose one other member, node-2, announces {@code digest}. */
    private static LevelRaiser raiser(long digest) {
        return raiser(digest, CompletableFuture.completedFuture(FeatureLevels.NONE));
    }

    /** As above, whose engine answers a read of the committed levels with {@code committed}. */
    private static LevelRaiser raiser(long digest, CompletableFuture<FeatureLevels> committed) {
        return new LevelRaiser(new LevelRaiser.Group() {
            @Override
            public String id() {
                return "prod";
            }

            @Override
            public boolean isLeader() {
                return true;
            }

            @Override
            public Collection<String> otherMembers() {
                return List.of("node-2");
            }

            @Override
            public OptionalLong announcedDigest(String member) {
                return OptionalLong.of(digest);
            }

            @Override
            public FeatureLevels appliedLevels() {
                return FeatureLevels.NONE;
            }

            @Override
            public CompletableFuture<FeatureLevels> levels() {
                return committed;
            }

            @Override
            public CompletableFuture<FeatureLevels> replicate(PrimitiveOperation record) {
                return CompletableFuture.completedFuture(FeatureLevels.fromBytes(record.value()));
            }
        }, OWN, true, Duration.ofSeconds(5));
    }
}
