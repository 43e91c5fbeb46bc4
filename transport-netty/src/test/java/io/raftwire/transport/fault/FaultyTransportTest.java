package io.raftwire.transport.fault;

import io.raftwire.transport.SchemaGate;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.netty.testkit.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FaultyTransportTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final long SEED = Long.getLong(FaultPlan.SEED_PROPERTY, 20240601L);

    private final List<FaultyTransport> opened = new ArrayList<>();

    private FaultyTransport faulty(FakeTransport fake, FaultPlan plan) {
        FaultyTransport t = new FaultyTransport(fake, plan, Duration.ofSeconds(5));
        opened.add(t);
        return t;
    }

    @AfterEach
    void close() {
        opened.forEach(FaultyTransport::close);
    }

    @Test
    void shouldPassFramesStraightThroughALinkWithoutFaults() {
        FakeTransport fake = new FakeTransport("a");
        FaultPlan plan = FaultPlan.seeded(SEED);
        plan.set("a", "c", LinkFaults.partitioned());
        FaultyTransport t = faulty(fake, plan);
        assertEquals("re:x", Await.value(t.request("b", "x", String.class), WAIT));
        Await.value(t.send("b", "y"), WAIT);
        assertEquals(List.of("x", "y"), fake.messagesTo("b"));
        assertEquals(0, plan.counters().decided(), "a link without faults draws nothing");
    }

    @Test
    void shouldLeaveTheSchemaGateAndThePeersDigestsToTheDelegate() {
        FakeTransport fake = new FakeTransport("a");
        FaultyTransport t = faulty(fake, FaultPlan.seeded(SEED));
        SchemaGate gate = (own, peer) -> "no";
        t.schemaGate(gate);
        assertSame(gate, fake.gate);
        assertEquals(OptionalLong.of(42), t.peerSchemaDigest("b"));
    }

    @Test
    void shouldBlackholeALinkWithoutClosingItAndHealIt() {
        FakeTransport fake = new FakeTransport("a");
        FaultPlan plan = FaultPlan.seeded(SEED);
        FaultyTransport t = faulty(fake, plan);
        plan.partition("a", List.of("a", "b"));
        assertEquals(LinkFaults.partitioned(), plan.faults("b", "a"), "both directions");
        Await.value(t.send("b", "lost"), WAIT);
        TransportException e = assertInstanceOf(TransportException.class,
                Await.failure(t.request("b", new StringBuilder("vote"), String.class, Duration.ofMillis(50)), WAIT));
        assertEquals(TransportException.Reason.TIMEOUT, e.reason());
        assertEquals("no response from b to StringBuilder within 50 ms (blackholed by the fault plan)",
                e.getMessage());
        assertEquals("b", e.memberId());
        assertTrue(fake.sent.isEmpty());
        assertTrue(t.isReachable("b") && !fake.closed.get(), "the connection stays open");
        plan.healAll();
        Await.value(t.send("b", "after"), WAIT);
        assertEquals(List.of("after"), fake.messagesTo("b"));
        assertEquals(2, plan.counters().blackholed());
    }

    @Test
    void shouldDropTheConfiguredFractionTheSameWayForTheSameSeed() {
        List<Object> first = deliveredWithDrop(SEED, 0.3);
        List<Object> again = deliveredWithDrop(SEED, 0.3);
        List<Object> other = deliveredWithDrop(SEED + 1, 0.3);
        System.out.println("fault drop 30 %: seed " + SEED + " delivered " + first.size() + " of 2000");
        assertEquals(first, again, "same seed, same frames lost");
        assertNotEquals(first, other);
        assertTrue(first.size() > 1200 && first.size() < 1600, "about 70 % of 2000 delivered: " + first.size());
    }

    private List<Object> deliveredWithDrop(long seed, double rate) {
        FakeTransport fake = new FakeTransport("a");
        FaultPlan plan = FaultPlan.seeded(seed);
        plan.set("a", "b", LinkFaults.drop(rate));
        FaultyTransport t = faulty(fake, plan);
        for (int i = 0; i < 2000; i++) {
            Await.value(t.send("b", i), WAIT);
        }
        assertEquals(2000 - fake.sent.size(), plan.counters().dropped());
        return fake.messagesTo("b");
    }

    @Test
    void shouldTimeOutADroppedRequestAtItsDeadlineAndNeverHang() {
        FakeTransport fake = new FakeTransport("a");
        FaultPlan plan = FaultPlan.seeded(SEED);
        plan.set("a", "b", LinkFaults.drop(1));
        FaultyTransport t = faulty(fake, plan);
        List<CompletableFuture<String>> requests = IntStream.range(0, 20)
                .mapToObj(i -> t.request("b", "q" + i, String.class, Duration.ofMillis(30))).toList();
        for (CompletableFuture<String> f : requests) {
            TransportException e = assertInstanceOf(TransportException.class, Await.failure(f, WAIT));
            assertEquals(TransportException.Reason.TIMEOUT, e.reason());
            assertTrue(e.getMessage().endsWith("within 30 ms (dropped by the fault plan)"), e.getMessage());
        }
        assertTrue(fake.sent.isEmpty());
    }

    @Test
    void shouldSendEveryFrameTwiceAndAnswerARequestOnce() {
        FakeTransport fake = new FakeTransport("a");
        FaultPlan plan = FaultPlan.seeded(SEED);
        plan.set("a", "b", LinkFaults.NONE.withDuplicate(1));
        FaultyTransport t = faulty(fake, plan);
        Await.value(t.send("b", "m"), WAIT);
        assertEquals("re:q", Await.value(t.request("b", "q", String.class, Duration.ofSeconds(5)), WAIT));
        assertEquals(List.of("m", "m", "q", "q"), fake.messagesTo("b"));
        assertEquals(2, plan.counters().duplicated());
        Duration passed = fake.sent.get(3).timeout();
        assertTrue(passed.compareTo(Duration.ofSeconds(5)) <= 0 && !passed.isNegative(),
                "the copy carries what is left of the deadline: " + passed);
    }

    @Test
    void shouldDelayFramesAndFailWhatIsStillHeldWhenClosed() {
        FakeTransport fake = new FakeTransport("a");
        FaultPlan plan = FaultPlan.seeded(SEED);
        plan.set("a", "b", LinkFaults.NONE.withDelay(Duration.ofMillis(40), Duration.ofMillis(20)));
        plan.set("a", "c", LinkFaults.NONE.withDelay(Duration.ofHours(1), Duration.ZERO));
        FaultyTransport t = faulty(fake, plan);
        List<CompletableFuture<Void>> sends = IntStream.range(0, 10).mapToObj(i -> t.send("b", i)).toList();
        sends.forEach(f -> Await.value(f, WAIT));
        assertEquals(10, fake.messagesTo("b").size());
        assertEquals(10, plan.counters().delayed());

        CompletableFuture<Void> held = t.send("c", "late");
        CompletableFuture<String> heldRequest = t.request("c", "q", String.class, Duration.ofHours(2));
        assertFalse(held.isDone() || heldRequest.isDone());
        t.close();
        for (CompletableFuture<?> f : List.of(held, heldRequest)) {
            TransportException e = assertInstanceOf(TransportException.class, Await.failure(f, WAIT));
            assertEquals(TransportException.Reason.CLOSED, e.reason());
            assertEquals("transport of a closed with the frame still held by the fault plan", e.getMessage());
        }
        assertTrue(fake.closed.get());
        assertTrue(fake.messagesTo("c").isEmpty());
        TransportException after = assertInstanceOf(TransportException.class,
                Await.failure(t.send("c", "after close"), WAIT));
        assertEquals(TransportException.Reason.CLOSED, after.reason());
    }

    @Test
    void shouldTimeOutARequestDelayedPastItsDeadline() {
        FakeTransport fake = new FakeTransport("a");
        FaultPlan plan = FaultPlan.seeded(SEED);
        plan.set("a", "b", LinkFaults.NONE.withDelay(Duration.ofHours(1), Duration.ZERO));
        FaultyTransport t = faulty(fake, plan);
        TransportException e = assertInstanceOf(TransportException.class,
                Await.failure(t.request("b", "q", String.class, Duration.ofMillis(30)), WAIT));
        assertEquals("no response from b to String within 30 ms (held back by the fault plan)", e.getMessage());
    }

    @Test
    void shouldReorderWithinTheWindowAndLoseNothing() {
        FakeTransport fake = new FakeTransport("a");
        FaultPlan plan = FaultPlan.seeded(SEED);
        plan.set("a", "b", LinkFaults.NONE.withReorder(10));
        FaultyTransport t = faulty(fake, plan);
        List<CompletableFuture<Void>> sends = IntStream.range(0, 200).mapToObj(i -> t.send("b", i)).toList();
        sends.forEach(f -> Await.value(f, WAIT));
        List<Object> got = fake.messagesTo("b");
        assertEquals(200, got.size());
        assertEquals(new HashSet<>(IntStream.range(0, 200).boxed().toList()), new HashSet<>(got));
        assertNotEquals(IntStream.range(0, 200).boxed().toList(), got, "seed " + SEED);
        for (int i = 0; i < got.size(); i++) {
            int displacement = Math.abs((Integer) got.get(i) - i);
            assertTrue(displacement < 200, "moved " + displacement);
        }
        assertEquals(200, plan.counters().reordered());
    }

    @Test
    void shouldRefuseBadFaultsWithTheReason() {
        assertEquals("dropRate = 1.5 (expected: a fraction 0..1)",
                assertThrows(IllegalArgumentException.class, () -> LinkFaults.drop(1.5)).getMessage());
        assertEquals("duplicateRate = NaN (expected: a fraction 0..1)", assertThrows(IllegalArgumentException.class,
                () -> LinkFaults.NONE.withDuplicate(Double.NaN)).getMessage());
        assertEquals("jitter = PT0.1S (expected: 0 .. delay = PT0.05S, so that no delay is negative)",
                assertThrows(IllegalArgumentException.class, () -> LinkFaults.NONE.withDelay(Duration.ofMillis(50),
                        Duration.ofMillis(100))).getMessage());
        assertEquals("reorderWindow = 1025 (expected: 0..1024)",
                assertThrows(IllegalArgumentException.class, () -> LinkFaults.NONE.withReorder(1025)).getMessage());
        FaultyTransport t = faulty(new FakeTransport("a"), FaultPlan.seeded(SEED));
        t.plan().set("a", "b", LinkFaults.drop(0.5));
        assertEquals("timeout = PT0S (expected: positive)", assertThrows(IllegalArgumentException.class,
                () -> t.request("b", "q", String.class, Duration.ZERO)).getMessage());
        assertEquals(0, t.plan().counters().decided(), "a refused request draws nothing");
    }

    @Test
    void shouldTakeTheSeedFromTheSystemProperty() {
        String before = System.getProperty(FaultPlan.SEED_PROPERTY);
        try {
            System.setProperty(FaultPlan.SEED_PROPERTY, "-42");
            assertEquals(-42, FaultPlan.fromSystemProperty().seed());
            System.setProperty(FaultPlan.SEED_PROPERTY, "forty-two");
            assertEquals("raftwire.fault.seed = forty-two (expected: a decimal long, as printed by an earlier run)",
                    assertThrows(IllegalArgumentException.class, FaultPlan::fromSystemProperty).getMessage());
        } finally {
            if (before == null) {
                System.clearProperty(FaultPlan.SEED_PROPERTY);
            } else {
                System.setProperty(FaultPlan.SEED_PROPERTY, before);
            }
        }
    }

    @Test
    void shouldApplyFaultsPerDirectedLink() {
        FakeTransport fakeA = new FakeTransport("a");
        FaultPlan plan = FaultPlan.seeded(SEED);
        plan.set("b", "a", LinkFaults.partitioned());
        FaultyTransport a = faulty(fakeA, plan);
        Await.value(a.send("b", "a to b still flows"), WAIT);
        assertEquals(List.of("a to b still flows"), fakeA.messagesTo("b"));
        assertSame(LinkFaults.NONE, plan.faults("a", "b"));
    }
}
