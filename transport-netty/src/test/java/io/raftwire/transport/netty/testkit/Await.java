package io.raftwire.transport.netty.testkit;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waiting on conditions and futures with deadlines (never a fixed sleep). */
public final class Await {

    private Await() {
    }

    /**
     * Polls {@code condition} until it holds.
     *
     * @throws AssertionError naming {@code what} if it does not hold within {@code timeout}
     */
    public static void until(Duration timeout, BooleanSupplier condition, Supplier<String> what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not true within " + timeout.toMillis() + " ms: " + what.get());
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
        }
    }

    /**
     * The value of a future that must complete normally within {@code timeout}.
     *
     * @throws AssertionError if it fails or does not complete in time
     */
    public static <T> T value(CompletableFuture<T> future, Duration timeout) {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError("future failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("future not complete within " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /**
     * The exception of a future that must fail within {@code timeout}, unwrapped.
     *
     * @throws AssertionError if it completes normally or not in time
     */
    public static Throwable failure(CompletableFuture<?> future, Duration timeout) {
        try {
            Object v = future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            throw new AssertionError("future completed with " + v + " (expected: a failure)");
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (TimeoutException e) {
            throw new AssertionError("future not complete within " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
