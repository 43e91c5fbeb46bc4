package io.raftwire.node.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.microraft.RaftConfig;
import io.microraft.RaftEndpoint;
import io.microraft.RaftNode;
import io.microraft.impl.RaftNodeImpl;
import io.microraft.impl.state.FollowerState;
import io.microraft.model.message.AppendEntriesFailureResponse;
import io.microraft.model.message.RaftMessage;
import io.microraft.statemachine.StateMachine;
import io.microraft.transport.Transport;
import io.raftwire.node.model.AppendEntriesFailureResponseModel;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.RaftwireModelFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A leader with 100 entries and a snapshot at 60, and a follower whose log it does not know (match index 0, next
 * index 101), answered by failure after failure as a follower with a short log answers: where the next index goes.
 * The engine's own step (one back, done by its handler) is applied here after each adjustment, as it would be.
 */
@Timeout(30)
class FollowerLogEndSearchTest {

    private final NodeEndpoint self = new NodeEndpoint("node-1");
    private final NodeEndpoint follower = new NodeEndpoint("node-2");
    private RaftNodeImpl leader;
    private FollowerLogEndSearch search;

    @BeforeEach
    void leaderWithAHundredEntries() throws Exception {
        RaftConfig config = RaftConfig.newBuilder().setCommitCountToTakeSnapshot(60).build();
        leader = (RaftNodeImpl) RaftNode.newBuilder().setGroupId("g").setLocalEndpoint(self)
                .setInitialGroupMembers(List.of(self)).setConfig(config).setTransport(new Silent())
                .setStateMachine(new Applies()).setModelFactory(RaftwireModelFactory.INSTANCE).build();
        leader.start().join();
        while (onRaftThread(() -> leader.state().log().lastLogOrSnapshotIndex()) < 100) {
            leader.replicate("op").get(10, TimeUnit.SECONDS);
        }
        assertEquals(60, (long) onRaftThread(() -> leader.state().log().snapshotIndex()));
        onRaftThread(() -> {
            leader.state().leaderState().add(follower, 100, 0);
            return null;
        });
        search = new FollowerLogEndSearch(leader);
    }

    @AfterEach
    void stop() {
        leader.terminate().join();
    }

    @Test
    void consecutiveFailuresDoubleTheStepDownToJustAboveTheSnapshotAndTheEngineTakesTheLastStep() throws Exception {
        List<Long> next = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            next.add(onRaftThread(() -> {
                FollowerState f = leader.state().leaderState().getFollowerState(follower);
                AppendEntriesFailureResponse seen = search.adjust(failure(f.nextIndex()));
                assertEquals(f.nextIndex(), seen.getExpectedNextIndex(), "the engine's echo check must still pass");
                f.nextIndex(f.nextIndex() - 1); // the engine's own step
                return f.nextIndex();
            }));
        }
        assertEquals(List.of(100L, 98L, 94L, 86L, 70L, 61L, 60L), next,
                "steps of 1, 2, 4, 8, 16, then the floor above the snapshot at 60, then the engine's step to it");
    }

    @Test
    void progressOfTheMatchIndexStartsANewStreakOfSingleSteps() throws Exception {
        for (int i = 0; i < 3; i++) {
            failOnce(); // 100, 98, 94
        }
        onRaftThread(() -> {
            leader.state().leaderState().getFollowerState(follower).matchIndex(80);
            return null;
        });
        assertEquals(93L, failOnce(), "the first failure after progress moves one entry, as the engine does");
        assertEquals(91L, failOnce());
        assertEquals(87L, failOnce());
        assertEquals(81L, failOnce(), "never to or below the match index 80");
    }

    @Test
    void aResponseToAnotherNextIndexOrTermIsHandedOnUnchanged() throws Exception {
        onRaftThread(() -> {
            FollowerState f = leader.state().leaderState().getFollowerState(follower);
            AppendEntriesFailureResponse stale = failure(f.nextIndex() + 5);
            assertSame(stale, search.adjust(stale));
            AppendEntriesFailureResponse otherTerm = new AppendEntriesFailureResponseModel("g", follower,
                    leader.state().term() + 1, f.nextIndex(), 0, 0);
            assertSame(otherTerm, search.adjust(otherTerm));
            assertEquals(101, f.nextIndex(), "nothing moved");
            return null;
        });
    }

    private long failOnce() throws Exception {
        return onRaftThread(() -> {
            FollowerState f = leader.state().leaderState().getFollowerState(follower);
            search.adjust(failure(f.nextIndex()));
            f.nextIndex(f.nextIndex() - 1);
            return f.nextIndex();
        });
    }

    private AppendEntriesFailureResponse failure(long expectedNextIndex) {
        return new AppendEntriesFailureResponseModel("g", follower, leader.state().term(), expectedNextIndex, 0, 0);
    }

    private <T> T onRaftThread(Supplier<T> task) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        leader.getExecutor().execute(() -> {
            try {
                result.complete(task.get());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        return result.get(10, TimeUnit.SECONDS);
    }

    private static final class Silent implements Transport {
        @Override
        public void send(RaftEndpoint target, RaftMessage message) {
        }

        @Override
        public boolean isReachable(RaftEndpoint endpoint) {
            return true;
        }
    }

    private static final class Applies implements StateMachine {
        @Override
        public Object runOperation(long commitIndex, Object operation) {
            return operation;
        }

        @Override
        public void takeSnapshot(long commitIndex, Consumer<Object> snapshotChunkConsumer) {
            snapshotChunkConsumer.accept("state at " + commitIndex);
        }

        @Override
        public void installSnapshot(long commitIndex, List<Object> snapshotChunks) {
        }

        @Override
        public Object getNewTermOperation() {
            return "new term";
        }
    }
}
