package io.raftwire.it;

import io.raftwire.serializer.TypeRegistry;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two members whose registries differ by an application type, each with the default schema gate
 * ({@link io.raftwire.transport.SchemaGate#REFUSE_ALL}), keep reconnecting to each other as fast as their reconnect
 * backoff allows, and every attempt is refused on both sides after the schemas were exchanged. What a node keeps per
 * refused handshake must not add up: after {@code refusal.rounds} refusals (200 by default; {@code
 * -Drefusal.rounds=20000} for a long run) the heap in use after a full GC has grown by less than a generous constant
 * over what it was after the first few refusals (a leak of a few kilobytes per refusal, the size of what one builds:
 * both schemas' differences, an error frame and a schema frame, shows with the long run's rounds). The handshake
 * rate limits are raised so that every attempt reaches the schema exchange; the leak gate is paranoid.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(600)
class RefusedHandshakeHeapIT {

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane",
            "io.raftwire.transport.netty.ServerHandshakeHandler", "io.raftwire.transport.netty.ChannelErrorHandler",
            "io.raftwire.transport.netty.HandshakeFailureLog");

    private static final int ROUNDS = Integer.getInteger("refusal.rounds", 200);
    private static final int WARM_UP = 20;
    /** Growth of the heap after GC allowed over all rounds: far above noise, far below a leak's. */
    private static final long BOUND_BYTES = 24L << 20;

    record Put(long key, String value) {
    }

    record Touch(long key) {
    }

    @Test
    void endlessRefusedHandshakesKeepNothingPerAttempt() {
        TypeRegistry v1 = TypeRegistry.builder().register(1100, Put.class).build();
        TypeRegistry v2 = TypeRegistry.builder().register(1100, Put.class).register(1101, Touch.class).build();
        try (LoopbackCluster c = new LoopbackCluster(List.of("a", "b"),
                id -> ItSupport.settings().clusterId("it").reconnectInitialBackoffMs(1).reconnectMaxBackoffMs(5)
                        .handshakeRate(100_000).handshakeRatePerAddress(100_000),
                id -> ItSupport.serializers(id.equals("a") ? v1 : v2, "kryo"), t -> { })) {
            awaitRefusals(c, WARM_UP);
            long before = usedAfterGc();
            for (int step = 1; step <= 10; step++) { // a long run prints the curve, the default run only its ends
                awaitRefusals(c, WARM_UP + (long) (ROUNDS - WARM_UP) * step / 10);
                if (ROUNDS > 1000) {
                    System.out.printf("refusals %d: heap after GC %d KiB%n", refusals(c), usedAfterGc() >> 10);
                }
            }
            long after = usedAfterGc();
            System.out.printf("rounds %d: heap after GC %d KiB at %d refusals, %d KiB at %d%n", ROUNDS,
                    before >> 10, WARM_UP, after >> 10, refusals(c));
            assertTrue(after - before < BOUND_BYTES, "heap after GC grew from " + (before >> 10) + " KiB to "
                    + (after >> 10) + " KiB over " + ROUNDS + " refused handshakes (expected: less than "
                    + (BOUND_BYTES >> 10) + " KiB of growth)");
            assertFalse(c.node("a").isReachable("b"));
        }
        assertTrue(logs.lines().stream().anyMatch(l -> l.contains("refused by this node's schema gate")),
                logs.lines().toString());
    }

    private static void awaitRefusals(LoopbackCluster c, long n) {
        Await.until(Duration.ofSeconds(300), () -> refusals(c) >= n, () -> n + " refused handshakes (now "
                + refusals(c) + ")");
    }

    private static long refusals(LoopbackCluster c) {
        long n = 0;
        for (String id : c.ids()) {
            NettyTransport t = c.node(id);
            n += t.stats().connections().handshakeRefusals();
        }
        return n;
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
