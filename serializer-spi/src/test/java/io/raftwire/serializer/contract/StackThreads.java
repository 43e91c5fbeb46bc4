package io.raftwire.serializer.contract;

import java.util.function.Supplier;

/** Runs a piece of a test on a thread with a stack of a chosen size: how deep a value may nest depends on it. */
final class StackThreads {

    private StackThreads() {
    }

    /**
     * Runs {@code task} on a new thread with {@code stackBytes} of stack (0: the JVM's default) and waits up to a
     * minute for it.
     *
     * @return what {@code task} returned
     * @throws AssertionError if the task threw (the cause), was still running after a minute, or the wait was
     *                        interrupted
     */
    static <T> T run(String name, long stackBytes, Supplier<T> task) {
        Object[] result = new Object[1];
        Throwable[] failure = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                result[0] = task.get();
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, name, stackBytes);
        t.start();
        try {
            t.join(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(name + ": interrupted", e);
        }
        if (t.isAlive() || failure[0] != null) {
            throw new AssertionError(name + (t.isAlive() ? ": still running after a minute" : ": failed"), failure[0]);
        }
        @SuppressWarnings("unchecked")
        T value = (T) result[0];
        return value;
    }
}
