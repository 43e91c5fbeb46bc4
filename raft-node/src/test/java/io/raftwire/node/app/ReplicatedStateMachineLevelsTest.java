package io.raftwire.node.app;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.log.QueryEntry;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.kv.TwoVersions;
import io.raftwire.node.kv.TwoVersions.Done1;
import io.raftwire.node.kv.TwoVersions.Done2;
import io.raftwire.node.kv.TwoVersions.Put1;
import io.raftwire.node.kv.TwoVersions.Put2;
import io.raftwire.node.kv.TwoVersions.State1;
import io.raftwire.node.kv.TwoVersions.State2;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelState;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.ArrayList;
import java.util.List;

import static io.raftwire.node.kv.TwoVersions.V1;
import static io.raftwire.node.kv.TwoVersions.V2;
import static io.raftwire.node.kv.TwoVersions.level1;
import static io.raftwire.node.kv.TwoVersions.level2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A user's state machine across a rolling upgrade: two builds (version 1 and 2 of its types) apply the same commands
 * at the group's feature level, a snapshot's state is nested at that level so that the other build installs it, a
 * snapshot taken at no level (raftwire 0.1.0's form) still installs, and the application sees the level and hears
 * when it rises.
 */
@Timeout(30)
@ExtendWith(LeakDetectionExtension.class)
class ReplicatedStateMachineLevelsTest {

    static final List<String> PROVIDERS = List.of("kryo", "jdk", "protostuff");
    private static final long TERM = 1;

    /** Version 1 of the application: keeps a total. */
    static final class Keeper1 extends ReplicatedStateMachine<Put1, Done1> {
        long total;

        Keeper1(String provider) {
            super(Put1.class, null, List.of(TwoVersions.plain(provider, V1)), () -> 42_000);
        }

        @Override
        protected Done1 apply(Put1 put) {
            total += put.value();
            return new Done1(total);
        }

        @Override
        protected Object snapshot() {
            return new State1(total);
        }

        @Override
        protected void restore(Object snapshot) {
            total = ((State1) snapshot).total();
        }
    }

    /** Version 2: also keeps the last key, and notes every rise of the level with the level it saw then. */
    static class Keeper2 extends ReplicatedStateMachine<Put2, Done2> {
        long total;
        String last;
        final List<String> risen = new ArrayList<>();

        Keeper2(String provider) {
            super(Put2.class, null, List.of(TwoVersions.plain(provider, V2)), () -> 42_000);
        }

        @Override
        protected Done2 apply(Put2 put) {
            total += put.value();
            last = put.key();
            return new Done2(total, last);
        }

        @Override
        protected Object snapshot() {
            return new State2(total, last);
        }

        @Override
        protected void restore(Object snapshot) {
            State2 s = (State2) snapshot;
            total = s.total();
            last = s.last();
        }

        @Override
        protected void onFeatureLevel(int level) {
            risen.add(level + " (featureLevel() " + featureLevel() + ")");
        }
    }

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", ReplicatedStateMachine.class.getName());

    private static long open(ReplicatedStateMachine<?, ?> sm, long index) {
        OpenSessionResponse r = (OpenSessionResponse) sm.runOperation(index, new OpenSessionEntry(TERM, 1_000,
                MemberId.from("client-1"), "app", "app", new byte[0], ReadConsistency.LINEARIZABLE, 0, 5_000));
        assertEquals(Status.OK, r.status(), String.valueOf(r.error()));
        return r.session();
    }

    private static CommandResponse command(ReplicatedStateMachine<?, ?> sm, long index, long session, long sequence,
            PrimitiveOperation op) {
        CommandResponse r = (CommandResponse) sm.runOperation(index, new CommandEntry(TERM, 1_000 + index, session,
                sequence, op));
        assertEquals(Status.OK, r.status(), String.valueOf(r.error()));
        return r;
    }

    private static List<Object> snapshot(ReplicatedStateMachine<?, ?> sm, long index) {
        List<Object> chunks = new ArrayList<>();
        sm.takeSnapshot(index, chunks::add);
        return chunks;
    }

    private static OperationCodec client(String provider, TypeRegistry registry, FeatureLevels levels) {
        return TwoVersions.codec(provider, registry, levels);
    }

    @ParameterizedTest
    @FieldSource("PROVIDERS")
    void bothBuildsApplyCommandsAtLevel1AndAnswerEachClientAtItsLevel(String provider) {
        Keeper2 v2 = new Keeper2(provider);
        v2.attachLevels(new LevelState(level1()));
        long s = open(v2, 1);
        OperationCodec v1Client = client(provider, V1, level1());

        PrimitiveOperation put = v1Client.command(new Put1("a", 5));
        CommandResponse r = command(v2, 2, s, 1, put);

        assertEquals("a", v2.last);
        assertEquals(new Done1(5), v1Client.decodeResult(r.result(), Done1.class, put.id()));
    }

    @ParameterizedTest
    @FieldSource("PROVIDERS")
    void aSnapshotAtALevelNestsTheStateAndTheOlderBuildInstallsIt(String provider) {
        Keeper2 v2 = new Keeper2(provider);
        v2.attachLevels(new LevelState(level1()));
        long s = open(v2, 1);
        command(v2, 2, s, 1, client(provider, V2, level1()).command(new Put2("a", 7, "note")));

        List<Object> chunks = snapshot(v2, 2);
        Keeper1 v1 = new Keeper1(provider);
        v1.attachLevels(new LevelState(level1()));
        v1.installSnapshot(2, chunks);

        PrimitiveOperation state = assertInstanceOf(PrimitiveOperation.class, chunks.get(chunks.size() - 1));
        assertEquals(TwoVersions.STATE + "@" + provider + "/1", state.id().id());
        assertEquals(7, v1.total);
        assertEquals(1, v1.sessionCount());
    }

    @ParameterizedTest
    @FieldSource("PROVIDERS")
    void aSnapshotTakenAtNoLevelKeepsTheRawStateAndStillInstallsAtALevel(String provider) {
        Keeper2 before = new Keeper2(provider);
        long s = open(before, 1);
        command(before, 2, s, 1, TwoVersions.plain(provider, V2).command(new Put2("b", 3, null)));

        List<Object> chunks = snapshot(before, 2);
        Keeper2 after = new Keeper2(provider);
        after.attachLevels(new LevelState(level2()));
        after.installSnapshot(2, chunks);

        assertEquals(new State2(3, "b"), chunks.get(chunks.size() - 1), "0.1.0's form: the value itself");
        assertEquals(3, after.total);
        assertEquals("b", after.last);
    }

    @Test
    void aNestedStateThatDoesNotDecodeIsRefusedBeforeAnythingChanges() {
        Keeper2 v2 = new Keeper2("kryo");
        v2.attachLevels(new LevelState(level1()));
        open(v2, 1);
        List<Object> chunks = snapshot(v2, 1);
        chunks.set(chunks.size() - 1, new PrimitiveOperation(DefaultOperationId.command(
                TwoVersions.STATE + "@kryo/2"), new byte[] {1}));
        Keeper2 target = new Keeper2("kryo");
        target.attachLevels(new LevelState(level1()));
        open(target, 1);
        open(target, 2);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> target.installSnapshot(1,
                chunks));

        assertEquals("snapshot at index 1: cannot read its state: operation id '1027@kryo/2' names feature level 2,"
                + " which is not recorded here (expected: a level of 1..1, the highest recorded here)",
                e.getMessage());
        assertEquals(2, target.sessionCount(), "nothing installed: the snapshot holds one session");
    }

    @Test
    void theApplicationSeesTheLevelAndHearsWhenItRises() {
        Keeper2 v2 = new Keeper2("kryo");
        assertEquals(0, v2.featureLevel(), "no levels attached");
        LevelState state = new LevelState(FeatureLevels.NONE);
        v2.attachLevels(state);
        assertEquals(0, v2.featureLevel(), "none recorded");

        state.advance(level1());
        state.advance(level1());
        state.advance(level2());

        assertEquals(2, v2.featureLevel());
        assertEquals(List.of("1 (featureLevel() 1)", "2 (featureLevel() 2)"), v2.risen,
                "called once per rise, after the level is visible");
        assertEquals("feature levels attached twice to the codecs [kryo] (expected: once, by the group before the"
                + " first operation)", assertThrows(IllegalStateException.class,
                        () -> v2.attachLevels(state)).getMessage());
    }

    @Test
    void aCallbackThatThrowsIsLoggedAndTheLevelStaysRaised() {
        Keeper2 v2 = new Keeper2("kryo") {
            @Override
            protected void onFeatureLevel(int level) {
                throw new IllegalStateException("not ready for level " + level);
            }
        };
        LevelState state = new LevelState(FeatureLevels.NONE);
        v2.attachLevels(state);

        state.advance(level1());

        assertEquals(1, v2.featureLevel());
        logs.await(".onFeatureLevel(1) threw; the level stays raised");
        assertEquals(1, logs.lines().stream().filter(l -> l.contains("not ready for level 1")).count(),
                () -> String.valueOf(logs.lines()));
    }

    @Test
    void aQueryAtALevelThisMemberHasNotAppliedYetIsRefusedForNowAndAnsweredOnceItHas() {
        Keeper2 lagging = new Keeper2("kryo") {
            @Override
            protected Done2 query(Put2 query) {
                return new Done2(total, last);
            }
        };
        LevelState state = new LevelState(level1());
        lagging.attachLevels(state);
        long s = open(lagging, 1);
        OperationCodec client = client("kryo", V2, level2()); // learnt level 2 from a member further ahead
        PrimitiveOperation query = client.query(new Put2("q", 0, null));

        QueryResponse refused = (QueryResponse) lagging.runOperation(1, new QueryEntry(TERM, 1_001, s, 0, query));

        assertEquals(Status.ERROR, refused.status());
        assertEquals(RaftError.Type.UNAVAILABLE, refused.error().type(),
                "retriable, so the client sends it again within its operation timeout: " + refused.error());
        assertEquals("operation id '1024@kryo/2' names feature level 2, which is not recorded here (expected: a level"
                + " of 1..1, the highest recorded here)", refused.error().message());

        state.advance(level2()); // the member applies the level's record
        QueryResponse answered = (QueryResponse) lagging.runOperation(1, new QueryEntry(TERM, 1_002, s, 0, query));

        assertEquals(Status.OK, answered.status(), String.valueOf(answered.error()));
        assertEquals(new Done2(0, null), client.decodeResult(answered.result(), Done2.class, query.id()));
    }

    @Test
    void aCommandAtALevelNotRecordedIsRefusedForGoodSinceEveryMemberAppliesItAtTheSamePlaceInTheLog() {
        Keeper2 v2 = new Keeper2("kryo");
        v2.attachLevels(new LevelState(level1()));
        long s = open(v2, 1);
        PrimitiveOperation put = client("kryo", V2, level2()).command(new Put2("k", 1, null));

        CommandResponse r = (CommandResponse) v2.runOperation(2, new CommandEntry(TERM, 1_002, s, 1, put));

        assertEquals(RaftError.Type.COMMAND_FAILURE, r.error().type(), String.valueOf(r.error()));
        assertEquals("operation id '1024@kryo/2' names feature level 2, which is not recorded here (expected: a level"
                + " of 1..1, the highest recorded here)", r.error().message());
        assertEquals(0, v2.total);
    }

    @Test
    void aStateNestedWithASerializerTheMemberLacksIsRefusedNamingItInsteadOfReachingRestore() {
        Keeper2 kryo = new Keeper2("kryo");
        kryo.attachLevels(new LevelState(level1()));
        open(kryo, 1);
        List<Object> chunks = snapshot(kryo, 1);
        Keeper2 jdkOnly = new Keeper2("jdk");
        jdkOnly.attachLevels(new LevelState(level1()));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> jdkOnly.installSnapshot(1,
                chunks));

        assertEquals("snapshot at index 1: its state is nested as '1027@kryo/1', which names no serializer of this"
                + " state machine (expected: <type id>@<one of [jdk]>/<level>; every member must hold the same"
                + " serializers)", e.getMessage());
        assertEquals(0, jdkOnly.sessionCount(), "nothing installed");
    }
}
