package io.raftwire.node.shard;

import io.raftwire.message.RaftResponse;
import io.raftwire.message.response.TransferResponse;
import io.raftwire.node.admin.MemberStatus;
import io.raftwire.node.admin.NodeStatus;
import io.raftwire.node.admin.StatusResponse;
import io.raftwire.node.client.ClientException;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.shard.LeaderBalance.Group;
import io.raftwire.node.shard.LeaderBalance.Transfer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Spreads the leaders of a member's groups over the members, from the client side: reads each group's leader and
 * voters from the members' status ({@code StatusRequest}, no log entry), plans with {@link LeaderBalance}, and asks
 * each planned group's leader to hand over ({@code TransferRequest}, which needs an admin certificate, or on
 * plaintext members that set {@code raftwire.security.plaintext-admin}).
 *
 * <p><b>Why from the client side.</b> A balancer on every member would need the members to agree on one plan (each
 * sees only the groups it leads, and two members moving leaders at once can undo each other); one admin reading every
 * member's view and moving one group at a time needs no coordination and runs when an operator (or a scheduler) asks,
 * for example after a member restarted and won no election. Balancing is not permanent: a later leader failure moves
 * leaders again, and the next run spreads them.
 *
 * <p>Blocking; not thread-safe (one run at a time).
 */
public final class LeaderBalancer {

    /** How long {@link #balance(int)} waits before reading the status again while a group elects its leader. */
    static final Duration SETTLE_PAUSE = Duration.ofMillis(100);

    private final List<RaftwireClient> groups;
    private final List<String> members;
    private final Duration timeout;
    private final List<String> skipped = new ArrayList<>();

    /**
     * @param groups  one started client per group, group {@code i} at index {@code i}, each built with
     *                {@code RaftwireClient.Builder.group} for its group and allowed to transfer leadership
     * @param members the member ids the clients can reach
     * @param timeout how long one status or transfer may take
     */
    public LeaderBalancer(List<RaftwireClient> groups, List<String> members, Duration timeout) {
        this.groups = List.copyOf(groups);
        this.members = List.copyOf(members);
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (this.groups.isEmpty() || this.members.isEmpty()) {
            throw new IllegalArgumentException("groups = " + this.groups.size() + ", members = " + this.members.size()
                    + " (expected: at least one of each)");
        }
    }

    /**
     * Each group's leader and voters as the members report them now. A group whose leader is not among the voters
     * that leader reports (its removal committed there but the leader has not stepped down yet, for example) is
     * reported without a leader, so that no plan moves it; {@link #skipped()} says which and why.
     */
    public List<Group> report() {
        skipped.clear();
        List<Group> report = new ArrayList<>(groups.size());
        for (int g = 0; g < groups.size(); g++) {
            report.add(reportOf(g));
        }
        return report;
    }

    /** The groups the last {@link #report()} took as leaderless although a member reported leading them, with why. */
    public List<String> skipped() {
        return List.copyOf(skipped);
    }

    /**
     * The group a member reported leading with these voters: without a leader (and a line in {@code skipped} saying
     * why) if the leader is not among them.
     */
    static Group led(int group, String leader, Set<String> voters, List<String> skipped) {
        if (voters.contains(leader)) {
            return new Group(group, leader, voters);
        }
        skipped.add("group " + group + ": leader " + leader + " is not among its voters " + new TreeSet<>(voters)
                + ", left alone as leaderless");
        return new Group(group, null, voters);
    }

    /**
     * Plans from a fresh report and carries the plan out, one transfer at a time: one pass, without reading where
     * the leaders went ({@link #balance(int)} does).
     *
     * @return the transfers made, in order; empty if the leaders were balanced
     * @throws ClientException if a group refused a transfer (naming the group, the members and the reason) or did
     *                         not answer in time; the transfers before it were made
     */
    public List<Transfer> balance() {
        List<Transfer> plan = LeaderBalance.plan(report());
        carryOut(plan);
        return plan;
    }

    private void carryOut(List<Transfer> plan) {
        for (Transfer t : plan) {
            TransferResponse r = await(groups.get(t.group()).transferLeadership(t.to()), t.toString());
            if (r.status() != RaftResponse.Status.OK) {
                throw new ClientException("leadership transfer of " + t + " refused: " + r.error(), r.error(), null);
            }
        }
    }

    /**
     * What {@link #balance(int)} did.
     *
     * @param passes  the transfers of each pass that planned any, in order
     * @param leaders each group's leader and voters as read after the last pass
     * @param skipped the groups that read took as leaderless although a member reported leading them, with why
     */
    public record Outcome(List<List<Transfer>> passes, List<Group> leaders, List<String> skipped) {
        public Outcome {
            passes = passes.stream().map(List::copyOf).toList();
            leaders = List.copyOf(leaders);
            skipped = List.copyOf(skipped);
        }
    }

    /**
     * Balances in up to {@code passes} passes, each planned from a fresh report and carried out as {@link #balance()}
     * does, stopping at the first pass that plans nothing. MicroRaft 0.7 does not promise that a transfer's target
     * wins the election the transfer starts, so a pass can leave the leaders unbalanced; the next pass sees where
     * they went. Each report is read once every group reports a leader (or is {@linkplain #skipped() skipped}), or
     * as it is when {@code timeout} has passed while some group has none (its election decides; no plan moves it).
     *
     * @param passes at least 1
     * @return the transfers made and the report read after the last pass
     * @throws ClientException as {@link #balance()}; the transfers before it were made
     */
    public Outcome balance(int passes) {
        if (passes < 1) {
            throw new IllegalArgumentException("passes = " + passes + " (expected: at least 1)");
        }
        List<List<Transfer>> made = new ArrayList<>();
        List<Group> report = settledReport();
        for (int p = 0; p < passes; p++) {
            List<Transfer> plan = LeaderBalance.plan(report);
            if (plan.isEmpty()) {
                break;
            }
            carryOut(plan);
            made.add(plan);
            report = settledReport();
        }
        return new Outcome(made, report, skipped());
    }

    /** A report in which every group has a leader or was skipped, or the last one read when the timeout passed. */
    private List<Group> settledReport() {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            List<Group> report = report();
            long leaderless = report.stream().filter(g -> g.leader() == null).count();
            if (leaderless == skipped.size() || System.nanoTime() - deadline > 0) {
                return report;
            }
            try {
                Thread.sleep(SETTLE_PAUSE.toMillis()); // an election in progress: read again shortly
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ClientException("interrupted while waiting for the groups' elections", null, e);
            }
        }
    }

    /** The group's view from the member that reports leading it, else from the first member that answers. */
    private Group reportOf(int group) {
        NodeStatus any = null;
        List<String> unanswered = new ArrayList<>();
        for (String member : members) {
            StatusResponse r;
            try {
                r = await(groups.get(group).status(member), "status of group " + group + " on " + member);
            } catch (ClientException e) {
                unanswered.add(member + " (" + e.getMessage() + ")");
                continue;
            }
            if (r.status() == null) {
                unanswered.add(member + " (" + r.error() + ")");
                continue;
            }
            NodeStatus s = r.status();
            if (MemberStatus.LEADER.equals(s.role())) {
                return led(group, s.member(), voters(s), skipped);
            }
            if (any == null) {
                any = s;
            }
        }
        if (any == null) {
            throw new ClientException("no member answered the status of group " + group + ": " + unanswered, null,
                    null);
        }
        return new Group(group, null, voters(any));
    }

    private static Set<String> voters(NodeStatus s) {
        Set<String> voters = new HashSet<>();
        for (MemberStatus m : s.members()) {
            if (!MemberStatus.LEARNER.equals(m.role())) {
                voters.add(m.id());
            }
        }
        return voters;
    }

    private <T> T await(CompletableFuture<T> future, String what) {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(false);
            throw new ClientException(what + ": no answer within " + timeout.toMillis() + " ms", null, e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            throw new ClientException(what + ": " + c.getMessage(), c instanceof ClientException ce ? ce.error()
                    : null, c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClientException(what + ": interrupted", null, e);
        }
    }
}
