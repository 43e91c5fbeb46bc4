package io.raftwire.node.client;

import io.raftwire.testkit.Seeds;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.node.client.EventSequencer.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The client's ordering of pushed event batches: in order, repeats dropped, gaps noticed and repaired by a resend. */
@Timeout(10)
class EventSequencerTest {

    private static PublishRequest batch(long index, long previous) {
        return new PublishRequest(1, index, previous, List.of());
    }

    @Test
    void takesTheChainInOrderDropsRepeatsAndNoticesAGap() {
        EventSequencer s = new EventSequencer();
        assertEquals(Verdict.DELIVER, s.offer(batch(5, 0)));
        assertEquals(Verdict.REPEAT, s.offer(batch(5, 0)), "pushed again after a leader change");
        assertEquals(Verdict.GAP, s.offer(batch(12, 9)), "batch 9 was missed");
        assertEquals(5, s.taken(), "a gap takes nothing");
        assertEquals(Verdict.DELIVER, s.offer(batch(9, 5)), "the resend starts after the last batch taken");
        assertEquals(Verdict.DELIVER, s.offer(batch(12, 9)));
        assertEquals(Verdict.REPEAT, s.offer(batch(9, 5)));
        assertEquals(12, s.taken());
    }

    /**
     * Pushes that are lost, repeated and resent (as after leader changes and keep-alives) deliver every batch of the
     * chain once, in order.
     */
    @Test
    void lostAndRepeatedPushesDeliverEveryBatchOnceInOrder() {
        long seed = Seeds.seed("EventSequencerTest");
        Random random = new Random(seed);
        List<PublishRequest> chain = new ArrayList<>();
        long index = 0;
        for (int i = 0; i < 500; i++) {
            long next = index + 1 + random.nextInt(5);
            chain.add(batch(next, index));
            index = next;
        }
        EventSequencer s = new EventSequencer();
        List<Long> delivered = new ArrayList<>();
        int published = 0;
        while (delivered.size() < chain.size()) {
            if (published < chain.size() && random.nextBoolean()) {
                PublishRequest p = chain.get(published++);
                if (random.nextInt(4) > 0) { // a quarter of first pushes are lost
                    offer(s, p, delivered);
                }
            } else {
                // a keep-alive: the leader pushes every batch above the last one delivered, some of them lost again
                for (PublishRequest p : chain.subList(0, published)) {
                    if (p.eventIndex() > (delivered.isEmpty() ? 0 : delivered.get(delivered.size() - 1))
                            && random.nextInt(5) > 0) {
                        offer(s, p, delivered);
                    }
                }
            }
        }
        assertEquals(chain.stream().map(PublishRequest::eventIndex).toList(), delivered, "seed " + seed);
    }

    private static void offer(EventSequencer s, PublishRequest p, List<Long> delivered) {
        if (s.offer(p) == Verdict.DELIVER) {
            delivered.add(p.eventIndex());
        }
    }
}
