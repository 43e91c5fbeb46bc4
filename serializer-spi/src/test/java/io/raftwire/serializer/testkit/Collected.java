package io.raftwire.serializer.testkit;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.function.Supplier;

/**
 * Waits for an object to be garbage collected: the caller hands over a way to make it (and drops every strong reference
 * to it); this class holds it weakly, registered with a {@link ReferenceQueue}, asks for collections and waits on the
 * queue, an event, instead of polling with sleeps. Bounded: a test stays within its {@code @Timeout}.
 */
public final class Collected {

    /** Collections asked for before giving up. */
    public static final int ATTEMPTS = 50;
    private static final long WAIT_PER_ATTEMPT_MILLIS = 100;

    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    private final WeakReference<Object> ref;

    private Collected(Object referent) {
        this.ref = new WeakReference<>(referent, queue);
    }

    /**
     * Starts watching the object {@code maker} returns. Keep no other strong reference to it, including in locals of
     * the calling method, for {@link #await} to succeed.
     */
    public static Collected watch(Supplier<?> maker) {
        return new Collected(maker.get());
    }

    /** Whether it is gone already, without waiting. */
    public boolean gone() {
        return ref.refersTo(null);
    }

    /**
     * Asks for up to {@value #ATTEMPTS} collections, each followed by {@code between} (for example, a step that lets
     * a structure drop its stale entries) and a wait of up to 100 ms on the reference queue.
     *
     * @return whether the object was collected
     */
    public boolean await(Runnable between) throws InterruptedException {
        for (int i = 0; i < ATTEMPTS && !gone(); i++) {
            System.gc();
            between.run();
            if (queue.remove(WAIT_PER_ATTEMPT_MILLIS) != null) {
                return true;
            }
        }
        return gone();
    }

    /** {@link #await(Runnable)} with nothing in between. */
    public boolean await() throws InterruptedException {
        return await(() -> {
        });
    }
}
