package io.raftwire.node.engine;

import io.microraft.RaftEndpoint;
import io.microraft.model.message.RaftMessage;
import io.microraft.statemachine.StateMachine;
import io.microraft.transport.Transport;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;

/** The stand-ins the engine tests give a raw MicroRaft node: a transport that records, a state machine that applies. */
final class EngineDoubles {

    private EngineDoubles() {
    }

    /** Records what the node sends; every member is reachable. */
    record Capture(BlockingQueue<RaftMessage> sent) implements Transport {
        @Override
        public void send(RaftEndpoint target, RaftMessage message) {
            sent.add(message);
        }

        @Override
        public boolean isReachable(RaftEndpoint endpoint) {
            return true;
        }
    }

    /** Applies anything and remembers nothing: the engine tests are about the log and elections, not the state. */
    static final class Applies implements StateMachine {
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
