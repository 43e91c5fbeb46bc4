package io.raftwire.serializer;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.serializer.testkit.Collected;

import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A per-thread state lives while both its thread and its owner do, and no longer. */
@Timeout(60)
class ThreadStatesTest {

    /** A state; it must not refer to its thread. */
    private static final class State {
    }

    @Test
    void oneStatePerThreadKeptAcrossCollections() throws Exception {
        ThreadStates<State> states = new ThreadStates<>(State::new);
        State mine = states.get();
        System.gc();
        assertSame(mine, states.get(), "the same thread gets the same state while its owner lives");
        AtomicReference<State> other = new AtomicReference<>();
        Thread t = new Thread(() -> other.set(states.get()));
        t.start();
        t.join();
        assertNotSame(mine, other.get(), "another thread gets its own");
    }

    @Test
    void aDroppedOwnersStateOnALivingThreadIsCollected() throws Exception {
        Collected state = Collected.watch(() -> new ThreadStates<>(State::new).get());
        assertTrue(state.await(), "the state of an owner nobody holds is still reachable from the thread that"
                + " used it after " + Collected.ATTEMPTS + " collections (expected: collected with its owner)");
    }

    @Test
    void aDeadThreadsStateIsCollectedOnceAnotherThreadGetsOneWhileItsOwnerLives() throws Exception {
        ThreadStates<State> states = new ThreadStates<>(State::new);
        Collected state = Collected.watch(() -> stateOfADeadThread(states));
        boolean gone = state.await(() -> {
            Thread next = new Thread(states::get); // a new thread's first call drops dead threads' states
            next.start();
            join(next);
        });
        assertTrue(gone, "a dead thread's state is still reachable from its live owner after " + Collected.ATTEMPTS
                + " collections and new threads (expected: collected once another thread gets its state)");
        assertSame(states.get(), states.get(), "the owner still serves the living threads");
    }

    /** The state a thread got from {@code states}, once that thread has ended. */
    private static State stateOfADeadThread(ThreadStates<State> states) {
        AtomicReference<State> state = new AtomicReference<>();
        Thread t = new Thread(() -> state.set(states.get()));
        t.start();
        join(t);
        return state.get();
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while joining " + t.getName(), e);
        }
    }
}
