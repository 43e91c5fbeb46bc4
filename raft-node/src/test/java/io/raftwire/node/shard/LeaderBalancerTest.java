package io.raftwire.node.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.raftwire.node.shard.LeaderBalance.Group;
import io.raftwire.node.shard.LeaderBalance.Transfer;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How the balancer takes what a member reports: a leader that is not among the voters it reports (its own removal
 * committed, its step-down not yet) makes the group leaderless for the plan, with a line saying why, instead of a
 * refusal that would stop the whole run.
 */
@Timeout(10)
class LeaderBalancerTest {

    @Test
    void aLeaderOutsideItsReportedVotersIsTakenAsNoLeaderAndSaidSo() {
        List<String> skipped = new ArrayList<>();

        Group g = LeaderBalancer.led(3, "m-4", Set.of("m-1", "m-2", "m-3"), skipped);

        assertNull(g.leader());
        assertEquals(List.of("group 3: leader m-4 is not among its voters [m-1, m-2, m-3], left alone as leaderless"),
                skipped);
        List<Transfer> plan = LeaderBalance.plan(List.of(g, new Group(0, "m-1", Set.of("m-1", "m-2", "m-3")),
                new Group(1, "m-1", Set.of("m-1", "m-2", "m-3"))));
        assertEquals(List.of(new Transfer(0, "m-1", "m-2")), plan, "the other groups are still balanced");
    }

    @Test
    void aLeaderAmongItsVotersIsTaken() {
        List<String> skipped = new ArrayList<>();

        Group g = LeaderBalancer.led(0, "m-2", Set.of("m-1", "m-2", "m-3"), skipped);

        assertEquals("m-2", g.leader());
        assertEquals(List.of(), skipped);
    }
}
