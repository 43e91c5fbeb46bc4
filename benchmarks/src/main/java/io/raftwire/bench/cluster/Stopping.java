package io.raftwire.bench.cluster;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Bounded waits for shutdown steps, which must not stop the rest of a shutdown when they fail. */
final class Stopping {

    private static final Logger LOG = LoggerFactory.getLogger(Stopping.class);
    private static final long SECONDS = 5;

    private Stopping() {
    }

    /** Waits up to 5 s for {@code f}; a failure or a timeout is logged at DEBUG, an interrupt is kept. */
    static void await(CompletableFuture<?> f) {
        try {
            f.get(SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.debug("shutdown step did not complete cleanly", e);
        }
    }
}
