package io.raftwire.serializer;

import io.netty.util.concurrent.FastThreadLocal;

import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Supplier;

/**
 * One state per thread for one serializer instance (pooled encoders, buffers, a Kryo or Fory), held so that it lives
 * exactly as long as both its thread and its serializer. A plain {@link FastThreadLocal} holding the state keeps it
 * for as long as the thread lives, even after the serializer is gone: a thread that builds and drops nodes (a test
 * runner, a program restarting members) then keeps every dropped serializer's state; the chaos suite's long profile
 * ran out of its heap that way, building one cluster after another on one thread.
 *
 * <p>Here the serializer owns its states (a weak-keyed map from thread to state: a dead thread's state goes when
 * the next thread gets its first state), and the thread-local holds only a weak reference to this thread's state: {@link #get()} costs one
 * {@code FastThreadLocal} read and one {@link WeakReference#get()} after the first call on a thread; the first call
 * builds the state and registers it under a lock.
 *
 * <p>Thread-safe. A state must not refer to its thread (it would keep its own map entry alive).
 *
 * @param <T> the state type
 */
public final class ThreadStates<T> {

    private final Supplier<T> factory;
    private final Map<Thread, T> owned = new WeakHashMap<>();
    private final FastThreadLocal<WeakReference<T>> local = new FastThreadLocal<>();

    /** @param factory builds a thread's state on its first {@link #get()}; called on that thread */
    public ThreadStates(Supplier<T> factory) {
        this.factory = factory;
    }

    /** The calling thread's state, built on its first call. */
    public T get() {
        WeakReference<T> ref = local.get();
        T state = ref == null ? null : ref.get();
        return state != null ? state : create();
    }

    private T create() {
        T state = factory.get();
        synchronized (owned) {
            owned.put(Thread.currentThread(), state);
        }
        local.set(new WeakReference<>(state));
        return state;
    }
}
