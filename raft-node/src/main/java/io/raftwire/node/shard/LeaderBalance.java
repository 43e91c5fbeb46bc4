package io.raftwire.node.shard;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Plans leadership transfers that spread the groups' leaders over the members: after the plan, no member leads more
 * than one group more than any other member that could lead one of its groups. A pure function of what the members
 * reported; {@code raftwire admin balance-leaders} carries the plan out with each group's leadership transfer.
 *
 * <p>The plan moves one group at a time from a member leading the most groups to the member leading the fewest
 * among that group's voters, until the most and the fewest differ by at most one. Ties are broken by member id and
 * group index, so the same report always gives the same plan. A group without a leader is left alone (its election
 * decides) and counts for nobody; a learner is never made a leader.
 */
public final class LeaderBalance {

    /**
     * What one group reported.
     *
     * @param group  the group's index
     * @param leader the member leading it, or {@code null} if none is known
     * @param voters the group's voting members (a leader can only be one of them)
     */
    public record Group(int group, String leader, Set<String> voters) {
        public Group {
            Objects.requireNonNull(voters, "voters");
            voters = Set.copyOf(voters);
            if (leader != null && !voters.contains(leader)) {
                throw new IllegalArgumentException("group " + group + ": leader " + leader + " is not among its voters "
                        + new TreeSet<>(voters));
            }
        }
    }

    /** Hand the leadership of {@code group} from {@code from} to {@code to}. */
    public record Transfer(int group, String from, String to) {
        @Override
        public String toString() {
            return "group " + group + ": " + from + " -> " + to;
        }
    }

    private LeaderBalance() {
    }

    /**
     * The transfers that balance the leaders of {@code groups}, in the order to run them; empty if they are balanced.
     *
     * @throws IllegalArgumentException if two entries name the same group
     */
    public static List<Transfer> plan(List<Group> groups) {
        Map<Integer, Group> byIndex = new TreeMap<>();
        Map<String, Integer> leads = new TreeMap<>();
        for (Group g : groups) {
            if (byIndex.put(g.group(), g) != null) {
                throw new IllegalArgumentException("group " + g.group() + " is reported twice");
            }
            g.voters().forEach(v -> leads.putIfAbsent(v, 0));
        }
        Map<Integer, String> leaderOf = new TreeMap<>();
        for (Group g : byIndex.values()) {
            if (g.leader() != null) {
                leaderOf.put(g.group(), g.leader());
                leads.merge(g.leader(), 1, Integer::sum);
            }
        }
        List<Transfer> plan = new ArrayList<>();
        Transfer next;
        while ((next = nextMove(byIndex, leaderOf, leads)) != null) {
            plan.add(next);
            leaderOf.put(next.group(), next.to());
            leads.merge(next.from(), -1, Integer::sum);
            leads.merge(next.to(), 1, Integer::sum);
        }
        return plan;
    }

    /** The move from the busiest member that lowers the spread most, or {@code null} if none lowers it. */
    private static Transfer nextMove(Map<Integer, Group> groups, Map<Integer, String> leaderOf,
            Map<String, Integer> leads) {
        List<String> busiestFirst = leads.keySet().stream()
                .sorted(Comparator.comparing((String m) -> -leads.get(m)).thenComparing(m -> m)).toList();
        for (String from : busiestFirst) {
            Transfer best = null;
            int bestTarget = Integer.MAX_VALUE;
            for (Map.Entry<Integer, String> e : leaderOf.entrySet()) {
                if (!e.getValue().equals(from)) {
                    continue;
                }
                for (String to : new TreeSet<>(groups.get(e.getKey()).voters())) {
                    int count = leads.get(to);
                    if (count + 1 < leads.get(from) && count < bestTarget) {
                        best = new Transfer(e.getKey(), from, to);
                        bestTarget = count;
                    }
                }
            }
            if (best != null) {
                return best;
            }
        }
        return null;
    }
}
