package io.raftwire.node.server;

import io.microraft.statemachine.StateMachine;

import java.util.function.Function;

/**
 * A read of the local state machine, run on the Raft thread through the engine's query path (never logged, never
 * sent): how a node lets tests, the demo and operators look at state that only the Raft thread may touch.
 *
 * @param reader what to read; gets the node's state machine and must not modify it
 */
public record LocalRead(Function<StateMachine, Object> reader) {
}
