package io.raftwire.node.level;

import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.TypeSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link LevelRaiser} and {@link LevelDecision} on a scripted group: who proposes which level when, and what a raise
 * is answered.
 */
@Timeout(10)
class LevelRaiserTest {

    private static final Schema V1 = schema(2000);
    private static final Schema V2 = schema(2000, 2001);
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @Test
    void level1IsRecordedOnceEveryMemberAnnouncesTheLeadersSchemaEvenWithAutoRaiseOff() {
        ScriptedGroup g = new ScriptedGroup(FeatureLevels.NONE).announce("m-2", V1).announce("m-3", V1);
        LevelRaiser raiser = new LevelRaiser(g, V1, false, TIMEOUT);

        FeatureLevels after = raiser.check().join();

        assertEquals(1, g.proposed.size());
        FeatureLevels level1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, V1));
        assertEquals(level1, g.proposed.get(0));
        assertEquals(level1, after);
        assertEquals(level1, raiser.check().join(), "nothing more to record");
        assertEquals(1, g.proposed.size());
    }

    @Test
    void aRaiserOfAStateMachineThatReadsNoLevelsRecordsNoneAndRefusesARaiseWithItsReason() {
        ScriptedGroup g = new ScriptedGroup(FeatureLevels.NONE).announce("m-2", V1).announce("m-3", V1);
        LevelRaiser raiser = LevelRaiser.off(g, V1, TIMEOUT, "the state machine does not read feature levels");

        assertNull(raiser.check().join());
        assertEquals("the state machine does not read feature levels", refusal(raiser));
        assertEquals(0, g.proposed.size(), "not even level 1: its state machine would read /1 ids with its own types");
    }

    @Test
    void aNewSchemaAnnouncedByEveryMemberIsRecordedAsTheNextLevelWithAutoRaiseOn() {
        FeatureLevels level1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, V1));
        ScriptedGroup g = new ScriptedGroup(level1).announce("m-2", V2).announce("m-3", V2);

        new LevelRaiser(g, V2, true, TIMEOUT).check().join();

        assertEquals(List.of(level1.raisedTo(new FeatureLevel(2, V2))), g.proposed);
    }

    @Test
    void withAutoRaiseOffANewSchemaWaitsForTheAdministratorsRaise() {
        FeatureLevels level1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, V1));
        ScriptedGroup g = new ScriptedGroup(level1).announce("m-2", V2).announce("m-3", V2);
        LevelRaiser raiser = new LevelRaiser(g, V2, false, TIMEOUT);

        assertEquals(level1, raiser.check().join());
        assertEquals(List.of(), g.proposed);

        FeatureLevels raised = raiser.raise().join();
        assertEquals(level1.raisedTo(new FeatureLevel(2, V2)), raised);
        assertEquals(List.of(raised), g.proposed);
    }

    @Test
    void oneLaggingMemberHoldsTheLevelBackAndARaiseIsRefusedNamingItWithBothDigests() {
        FeatureLevels level1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, V1));
        ScriptedGroup g = new ScriptedGroup(level1).announce("m-2", V2).announce("m-3", V1);
        LevelRaiser raiser = new LevelRaiser(g, V2, true, TIMEOUT);

        raiser.check().join();
        assertEquals(List.of(), g.proposed);

        assertEquals("not every member runs this leader's types: member m-3 announces schema "
                + Long.toHexString(V1.digest()) + " (expected: schema " + Long.toHexString(V2.digest())
                + ", this leader's)", refusal(raiser));
        assertEquals(List.of(), g.proposed);
    }

    @Test
    void anUnreachableMemberHoldsTheLevelBackAndIsNamed() {
        ScriptedGroup g = new ScriptedGroup(FeatureLevels.NONE).announce("m-3", V1);
        g.members.add("m-2"); // a member with no connection: no digest
        LevelRaiser raiser = new LevelRaiser(g, V1, true, TIMEOUT);

        raiser.check().join();
        assertEquals(List.of(), g.proposed);
        assertEquals("not every member runs this leader's types: member m-2 is unreachable or announced no schema"
                + " (expected: schema " + Long.toHexString(V1.digest()) + ", this leader's)", refusal(raiser));

        g.announce("m-2", V1);
        raiser.check().join();
        assertEquals(1, g.proposed.size(), "recorded once it connects");
    }

    @Test
    void aRaiseWhenEveryMemberRunsTheCurrentLevelsTypesIsRefusedAsNothingToRaise() {
        FeatureLevels level1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, V1));
        ScriptedGroup g = new ScriptedGroup(level1).announce("m-2", V1).announce("m-3", V1);

        assertEquals("nothing to raise: every member runs the current level's types",
                refusal(new LevelRaiser(g, V1, true, TIMEOUT)));
        assertEquals(List.of(), g.proposed);
    }

    @Test
    void aFollowerProposesNothingAndARaiseFailsAsTheEngineFailsItsRead() {
        ScriptedGroup g = new ScriptedGroup(FeatureLevels.NONE).announce("m-2", V1).announce("m-3", V1);
        g.leader = false;
        LevelRaiser raiser = new LevelRaiser(g, V1, true, TIMEOUT);

        raiser.check().join();
        assertEquals(List.of(), g.proposed);
        assertEquals(0, g.reads, "a follower does not even read the levels");

        ExecutionException e = assertThrows(ExecutionException.class, () -> raiser.raise().get());
        assertEquals("not the leader", e.getCause().getMessage());
    }

    @Test
    void afterALeaderChangeTheNewLeaderProposesFromTheCommittedLevels() {
        FeatureLevels level1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, V1));
        ScriptedGroup g = new ScriptedGroup(FeatureLevels.NONE).announce("m-2", V1).announce("m-3", V1);
        g.leader = false;
        LevelRaiser raiser = new LevelRaiser(g, V1, true, TIMEOUT);
        raiser.check().join();

        g.levels = level1; // the old leader recorded level 1 before this member took over ...
        g.applied = FeatureLevels.NONE; // ... and this member has not applied it yet
        g.leader = true;
        assertEquals(level1, raiser.check().join());
        assertEquals(1, g.reads, "the committed levels were read before anything was proposed");
        assertEquals(List.of(), g.proposed, "level 1 is not recorded twice");
    }

    @Test
    void noSecondProposalWhileOneIsInFlightAndARaiseJoinsIt() {
        ScriptedGroup g = new ScriptedGroup(FeatureLevels.NONE).announce("m-2", V1).announce("m-3", V1);
        g.pending = new CompletableFuture<>();
        LevelRaiser raiser = new LevelRaiser(g, V1, true, TIMEOUT);

        CompletableFuture<FeatureLevels> first = raiser.check();
        CompletableFuture<FeatureLevels> raise = raiser.raise();
        raiser.check();

        assertEquals(1, g.proposed.size());
        FeatureLevels level1 = g.proposed.get(0);
        g.levels = level1;
        g.pending.complete(level1);
        assertEquals(level1, first.join());
        assertEquals(level1, raise.join());
        assertEquals(1, g.proposed.size());
    }

    @Test
    void aFailedProposalIsProposedAgainAtTheNextCheck() {
        ScriptedGroup g = new ScriptedGroup(FeatureLevels.NONE).announce("m-2", V1).announce("m-3", V1);
        g.pending = CompletableFuture.failedFuture(new IllegalStateException("leadership lost"));
        LevelRaiser raiser = new LevelRaiser(g, V1, true, TIMEOUT);

        assertEquals(null, raiser.check().join(), "a failed check completes, it does not fail");
        assertEquals(1, g.proposed.size());

        g.pending = null;
        FeatureLevels level1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, V1));
        assertEquals(level1, raiser.check().join());
        assertEquals(List.of(level1, level1), g.proposed);
    }

    @Test
    void aProposalTheGroupDidNotApplyAsProposedFailsTheRaiseNamingBothHistories() {
        ScriptedGroup g = new ScriptedGroup(FeatureLevels.NONE).announce("m-2", V1).announce("m-3", V1);
        FeatureLevels other = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, V2));
        g.pending = CompletableFuture.completedFuture(other);

        CompletionException e = assertThrows(CompletionException.class,
                () -> new LevelRaiser(g, V1, true, TIMEOUT).raise().join());
        assertEquals("feature level 1 (schema " + Long.toHexString(V1.digest()) + ") was replicated but the group's"
                + " levels are " + other + " (expected: level 1 recorded as proposed)", e.getCause().getMessage());
    }

    @Test
    void theScheduleChecksUntilClosed() throws InterruptedException {
        ScriptedGroup g = new ScriptedGroup(FeatureLevels.NONE).announce("m-2", V1);
        ScheduledExecutorService pool = Executors.newSingleThreadScheduledExecutor();
        try (LevelRaiser raiser = new LevelRaiser(g, V1, true, TIMEOUT)) {
            raiser.start(pool, Duration.ofMillis(10));
            assertTrue(g.recorded.await(5, TimeUnit.SECONDS), "a scheduled check recorded level 1");
            assertEquals(1, g.proposed.size());
            IllegalStateException twice = assertThrows(IllegalStateException.class,
                    () -> raiser.start(pool, Duration.ofMillis(10)));
            assertTrue(twice.getMessage().startsWith("level raiser of group g-0 started already"), twice.getMessage());
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void aCheckAtTheCurrentLevelCostsNoLinearizableRead() {
        FeatureLevels level1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, V1));
        ScriptedGroup g = new ScriptedGroup(level1).announce("m-2", V1).announce("m-3", V1);

        assertEquals(level1, new LevelRaiser(g, V1, true, TIMEOUT).check().join());

        assertEquals(0, g.reads);
        assertEquals(List.of(), g.proposed);
    }

    @Test
    void aDecisionNamesEveryLaggingMemberInIdOrder() {
        Map<String, OptionalLong> announced = new LinkedHashMap<>();
        announced.put("m-3", OptionalLong.empty());
        announced.put("m-2", OptionalLong.of(V2.digest()));
        announced.put("m-4", OptionalLong.of(V1.digest()));
        LevelDecision d = LevelDecision.of(V1, FeatureLevels.NONE, announced);

        assertEquals(LevelDecision.Kind.WAIT, d.kind());
        assertEquals(2, d.lagging().size());
        assertTrue(d.lagging().get(0).startsWith("member m-2 announces schema " + Long.toHexString(V2.digest())),
                d.lagging().toString());
        assertTrue(d.lagging().get(1).startsWith("member m-3 is unreachable"), d.lagging().toString());
        assertEquals(LevelDecision.Kind.PROPOSE, LevelDecision.of(V1, FeatureLevels.NONE, Map.of()).kind(),
                "a group of one member records level 1 at once");
    }

    private static String refusal(LevelRaiser raiser) {
        CompletionException e = assertThrows(CompletionException.class, () -> raiser.raise().join());
        assertInstanceOf(LevelRaiser.RaiseRefusedException.class, e.getCause());
        return e.getCause().getMessage();
    }

    private static Schema schema(int... ids) {
        List<TypeSchema> types = new ArrayList<>();
        for (int id : ids) {
            types.add(new TypeSchema(id, "app.T" + id, false, List.of()));
        }
        return new Schema(types);
    }

    /** A group whose membership, announcements, leadership and engine the test scripts. */
    private static final class ScriptedGroup implements LevelRaiser.Group {
        final List<String> members = new ArrayList<>();
        final Map<String, Long> digests = new LinkedHashMap<>();
        final List<FeatureLevels> proposed = new java.util.concurrent.CopyOnWriteArrayList<>();
        volatile FeatureLevels levels;
        volatile FeatureLevels applied; // null: as committed
        volatile boolean leader = true;
        volatile CompletableFuture<FeatureLevels> pending; // null: applied at once
        volatile int reads;
        final java.util.concurrent.CountDownLatch recorded = new java.util.concurrent.CountDownLatch(1);

        ScriptedGroup(FeatureLevels levels) {
            this.levels = levels;
        }

        ScriptedGroup announce(String member, Schema schema) {
            if (!members.contains(member)) {
                members.add(member);
            }
            digests.put(member, schema.digest());
            return this;
        }

        @Override
        public String id() {
            return "g-0";
        }

        @Override
        public boolean isLeader() {
            return leader;
        }

        @Override
        public Collection<String> otherMembers() {
            return List.copyOf(members);
        }

        @Override
        public OptionalLong announcedDigest(String member) {
            Long d = digests.get(member);
            return d == null ? OptionalLong.empty() : OptionalLong.of(d);
        }

        @Override
        public FeatureLevels appliedLevels() {
            return applied != null ? applied : levels;
        }

        @Override
        public CompletableFuture<FeatureLevels> levels() {
            reads++;
            return leader ? CompletableFuture.completedFuture(levels)
                    : CompletableFuture.failedFuture(new IllegalStateException("not the leader"));
        }

        @Override
        public CompletableFuture<FeatureLevels> replicate(PrimitiveOperation record) {
            assertTrue(LevelOperations.isRecord(record), record.toString());
            FeatureLevels next = FeatureLevels.fromBytes(record.value());
            proposed.add(next);
            if (pending != null) {
                return pending;
            }
            levels = next;
            recorded.countDown();
            return CompletableFuture.completedFuture(next);
        }
    }
}
