package io.raftwire.serializer;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
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
        WeakReference<State> state = stateOfADroppedOwner();
        assertTrue(collected(state), "the state of an owner nobody holds is still reachable from the thread that"
                + " used it after 50 collections (expected: collected with its owner)");
    }

    @Test
    void aDeadThreadsStateIsCollectedOnceAnotherThreadGetsOneWhileItsOwnerLives() throws Exception {
        ThreadStates<State> states = new ThreadStates<>(State::new);
        AtomicReference<WeakReference<State>> state = new AtomicReference<>();
        Thread t = new Thread(() -> state.set(new WeakReference<>(states.get())));
        t.start();
        t.join();
        t = null;
        for (int i = 0; i < 50 && state.get().get() != null; i++) {
            System.gc();
            Thread next = new Thread(states::get); // a new thread's first call drops dead threads' states
            next.start();
            next.join();
        }
        assertTrue(collected(state.get()), "a dead thread's state is still reachable from its live owner after 50"
                + " collections and new threads (expected: collected once another thread gets its state)");
    }

    private static WeakReference<State> stateOfADroppedOwner() {
        return new WeakReference<>(new ThreadStates<>(State::new).get());
    }

    private static boolean collected(WeakReference<?> ref) throws InterruptedException {
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        return ref.get() == null;
    }
}
