package io.raftwire.node.shard;

import io.raftwire.node.shard.LeaderBalance.Group;
import io.raftwire.node.shard.LeaderBalance.Transfer;
import io.raftwire.testkit.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The leader balance plan: every transfer goes from the group's current leader to one of its voters, no group is
 * left unbalanced (a member leads at most one group more than any voter of the groups it leads), a balanced report
 * gives no transfer, and the plan is the same for the same report.
 */
@Timeout(10)
class LeaderBalanceTest {

    private static final Set<String> THREE = Set.of("node-1", "node-2", "node-3");

    @Test
    void eightGroupsAllLedByOneMemberEndThreeThreeTwo() {
        List<Group> groups = IntStream.range(0, 8).mapToObj(g -> new Group(g, "node-1", THREE)).toList();

        List<Transfer> plan = LeaderBalance.plan(groups);

        assertEquals(List.of(new Transfer(0, "node-1", "node-2"), new Transfer(1, "node-1", "node-3"),
                new Transfer(2, "node-1", "node-2"), new Transfer(3, "node-1", "node-3"),
                new Transfer(4, "node-1", "node-2")), plan);
        assertEquals(Map.of("node-1", 3, "node-2", 3, "node-3", 2), leadsAfter(groups, plan));
    }

    @Test
    void aBalancedReportGivesNoTransfer() {
        List<Group> groups = List.of(new Group(0, "node-1", THREE), new Group(1, "node-2", THREE),
                new Group(2, "node-3", THREE), new Group(3, "node-1", THREE));

        assertEquals(List.of(), LeaderBalance.plan(groups));
    }

    @Test
    void aGroupWithoutLeaderIsLeftAloneAndALearnerNeverLeads() {
        List<Group> groups = List.of(new Group(0, "node-1", Set.of("node-1", "node-2")),
                new Group(1, "node-1", Set.of("node-1", "node-2")), new Group(2, null, THREE));

        assertEquals(List.of(new Transfer(0, "node-1", "node-2")), LeaderBalance.plan(groups),
                "node-3 votes in group 2 only, which has no leader to move");
    }

    @Test
    void aReportNamingALeaderOutsideTheVotersOrAGroupTwiceIsRefused() {
        IllegalArgumentException outside = assertThrows(IllegalArgumentException.class,
                () -> new Group(3, "node-4", THREE));
        assertEquals("group 3: leader node-4 is not among its voters [node-1, node-2, node-3]", outside.getMessage());

        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> LeaderBalance.plan(List.of(new Group(1, null, THREE), new Group(1, "node-1", THREE))));
        assertEquals("group 1 is reported twice", twice.getMessage());
    }

    @Test
    void randomReportsEndBalancedWithTransfersToVotersOnly() {
        long seed = Seeds.seed("LeaderBalanceTest.randomReports");
        Random random = new Random(seed);
        for (int round = 0; round < 500; round++) {
            int memberCount = 1 + random.nextInt(6);
            List<String> members = IntStream.rangeClosed(1, memberCount).mapToObj(i -> "m" + i).toList();
            List<Group> groups = new ArrayList<>();
            for (int g = 0, n = 1 + random.nextInt(130); g < n; g++) {
                Set<String> voters = new HashSet<>();
                members.stream().filter(m -> random.nextInt(4) > 0).forEach(voters::add);
                voters.add(members.get(random.nextInt(memberCount)));
                List<String> list = new ArrayList<>(voters);
                String leader = random.nextInt(10) == 0 ? null : list.get(random.nextInt(list.size()));
                groups.add(new Group(g, leader, voters));
            }
            String where = "seed " + seed + ", round " + round;

            List<Transfer> plan = LeaderBalance.plan(groups);

            Map<Integer, String> leaderOf = new HashMap<>();
            groups.forEach(g -> leaderOf.put(g.group(), g.leader()));
            for (Transfer t : plan) {
                assertEquals(leaderOf.get(t.group()), t.from(), where + ": " + t + " from its current leader");
                assertTrue(groups.get(t.group()).voters().contains(t.to()), where + ": " + t + " to a voter");
                leaderOf.put(t.group(), t.to());
            }
            Map<String, Integer> leads = leadsAfter(groups, plan);
            for (Group g : groups) {
                String leader = leaderOf.get(g.group());
                for (String voter : g.voters()) {
                    assertTrue(leader == null || leads.getOrDefault(voter, 0) + 1 >= leads.get(leader),
                            where + ": " + leader + " leads " + leads.get(leader) + " groups, voter " + voter
                                    + " of its group " + g.group() + " only " + leads.getOrDefault(voter, 0));
                }
            }
            assertEquals(plan, LeaderBalance.plan(groups), where + ": the same report gives the same plan");
        }
    }

    private static Map<String, Integer> leadsAfter(List<Group> groups, List<Transfer> plan) {
        Map<Integer, String> leaderOf = new HashMap<>();
        groups.forEach(g -> leaderOf.put(g.group(), g.leader()));
        plan.forEach(t -> leaderOf.put(t.group(), t.to()));
        Map<String, Integer> leads = new HashMap<>();
        leaderOf.values().stream().filter(l -> l != null).forEach(l -> leads.merge(l, 1, Integer::sum));
        groups.forEach(g -> g.voters().forEach(v -> leads.putIfAbsent(v, 0)));
        return leads;
    }
}
