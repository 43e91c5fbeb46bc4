package io.raftwire.chaos;

import io.microraft.report.RaftGroupMembers;
import io.raftwire.it.FaultProxy;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.value.RaftMember;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.model.EngineType;
import io.raftwire.transport.MessageStats;
import io.raftwire.transport.fault.LinkFaults;
import io.raftwire.transport.netty.testkit.Await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * The chaos scenarios (T1–T6, membership and serializer switch; RELIABILITY.md lists them), each a cluster shape, a
 * serializer and a fault schedule that runs while the workload runs. Every schedule ends with every fault healed and records the recovery time.
 */
enum Scenario {

    T1_LEADER_PARTITION("T1", 3, "kryo", "leader partitioned (blackhole both ways) from the majority") {
        @Override
        void faults(RunContext c) throws Exception {
            int old = c.leader();
            long start = System.nanoTime();
            c.plan.partition(c.cluster.id(old), c.othersThan(old));
            c.cluster.awaitLeaderOtherThan(old, RunContext.majority(c.cluster.cluster.size()));
            c.figure("new leader ms", RunContext.since(start));
            c.hold(c.faultTime.minusMillis(Math.min(c.faultTime.toMillis(), RunContext.since(start))));
            c.plan.healAll();
            long healed = System.nanoTime();
            c.cluster.awaitLeader();
            c.figure("old leader converged ms", RunContext.since(healed));
            c.recovery(healed);
        }
    },
    T2_DROP_10("T2-drop10", 3, "protostuff", "10 % of frames dropped on every link") {
        @Override
        void faults(RunContext c) throws Exception {
            linkFaults(c, LinkFaults.drop(0.10));
        }
    },
    T2_DROP_30("T2-drop30", 5, "jdk", "30 % of frames dropped on every link") {
        @Override
        void faults(RunContext c) throws Exception {
            linkFaults(c, LinkFaults.drop(0.30));
        }
    },
    T2_DROP_50("T2-drop50", 3, "fory", "50 % of frames dropped on every link (etcd dropPeerNetwork)") {
        @Override
        void faults(RunContext c) throws Exception {
            linkFaults(c, LinkFaults.drop(0.50));
        }
    },
    T2_DUPLICATE("T2-duplicate", 3, "fory", "5 % of frames duplicated on every link") {
        @Override
        void faults(RunContext c) throws Exception {
            linkFaults(c, LinkFaults.NONE.withDuplicate(0.05));
        }
    },
    T2_REORDER("T2-reorder", 3, "jdk", "frames reordered within a window of 10 on every link") {
        @Override
        void faults(RunContext c) throws Exception {
            linkFaults(c, LinkFaults.NONE.withReorder(10));
        }
    },
    T3_SLOW_FOLLOWER("T3-slow", 5, "kryo", "one follower's links delayed 75 ± 50 ms both ways (etcd delayPeerNetwork)") {
        @Override
        void faults(RunContext c) throws Exception {
            int f = c.follower();
            int term = c.term();
            LinkFaults slow = LinkFaults.NONE.withDelay(Duration.ofMillis(75), Duration.ofMillis(50));
            for (String o : c.othersThan(f)) {
                c.plan.setBothWays(c.cluster.id(f), o, slow);
            }
            c.hold(c.faultTime);
            c.plan.healAll();
            long healed = System.nanoTime();
            c.figure("leader changes", c.term() - term);
            c.recovery(healed);
        }
    },
    T3_STOPPED_READER("T3-stopped", 3, "protostuff", "one follower stops reading its sockets (real sockets)") {
        @Override
        void faults(RunContext c) throws Exception {
            int f = c.follower();
            String fid = c.cluster.id(f);
            for (String o : c.othersThan(f)) {
                c.cluster.proxy(o, fid).stopReading(FaultProxy.Direction.CLIENT_TO_SERVER);
                c.cluster.proxy(fid, o).stopReading(FaultProxy.Direction.SERVER_TO_CLIENT);
            }
            c.hold(c.faultTime);
            healProxies(c);
            c.recovery(System.nanoTime());
        }

        @Override
        boolean proxies() {
            return true;
        }
    },
    T4_RESTARTS("T4", 3, "jdk", "random restarts of leader and followers from their data directories") {
        @Override
        void faults(RunContext c) throws Exception {
            long end = System.nanoTime() + 2 * c.faultTime.toNanos();
            while (System.nanoTime() - end < 0) {
                int leader = c.leader();
                int victim = c.random.nextBoolean() ? leader : c.follower();
                c.cluster.cluster.stop(victim);
                long stopped = System.nanoTime();
                if (victim == leader) {
                    c.cluster.awaitLeaderOtherThan(victim, RunContext.majority(c.cluster.cluster.size()));
                    c.figure("new leader ms", RunContext.since(stopped));
                }
                c.hold(c.between(200, 800));
                c.cluster.cluster.restart(victim);
                long restarted = System.nanoTime();
                c.recovery(restarted);
                c.figure("restarts", 1);
            }
        }

        @Override
        boolean durable() {
            return true;
        }
    },
    T5_RESET_MID_APPEND("T5-append", 3, "kryo", "leader-to-follower connections reset (RST) mid-frame while appending") {
        @Override
        void faults(RunContext c) throws Exception {
            long end = System.nanoTime() + c.faultTime.toNanos();
            while (System.nanoTime() - end < 0) {
                int leader = c.leader();
                int f = c.follower();
                c.cluster.proxy(c.cluster.id(leader), c.cluster.id(f))
                        .resetAfter(FaultProxy.Direction.CLIENT_TO_SERVER, 1 + c.random.nextInt(4000));
                c.hold(c.between(100, 400));
            }
            healProxies(c);
            c.figure("connections reset", resets(c));
            c.recovery(System.nanoTime());
        }

        @Override
        boolean proxies() {
            return true;
        }
    },
    T5_RESET_MID_SNAPSHOT("T5-snapshot", 3, "protostuff",
            "a follower falls behind the leader's snapshot; its connections are reset (RST) in the middle of "
                    + "InstallSnapshot frames sent to it") {
        @Override
        void faults(RunContext c) throws Exception {
            int f = c.follower();
            String fid = c.cluster.id(f);
            // the cut points' own source: how often the schedule re-arms depends on timing, the run's choices must not
            SplittableRandom cutPoints = c.random.split();
            long before = c.probeWrite();
            c.plan.partition(fid, c.othersThan(f));
            long deadline = System.nanoTime() + ChaosCluster.WAIT.toNanos();
            // far enough behind that the leader has compacted past it (snapshot every 200 entries)
            long behind = before + 450;
            while (c.probeWrite() < behind && System.nanoTime() - deadline < 0) {
                c.hold(Duration.ofMillis(50));
            }
            // MicroRaft fetches snapshot chunks from the leader and the followers: arm every link into the follower
            List<FrameLink> links = linksInto(c, f);
            long snapshots = snapshotFrames(c, f);
            links.forEach(l -> l.arm(cutPoints));
            c.plan.healAll();
            long healed = System.nanoTime();
            CompletableFuture<Object> caughtUp = c.node(f).read(behind, ChaosCluster.WAIT, sm -> null);
            int cut = awaitSnapshotCuts(links, cutPoints, caughtUp, healed + ChaosCluster.WAIT.toNanos());
            links.forEach(l -> l.proxy().heal());
            c.recovery(healed);
            long received = snapshotFrames(c, f) - snapshots;
            c.figure("connections reset", resets(c));
            c.figure("snapshot frames cut", cut);
            c.figure("snapshot frames received by the follower", received);
            if (cut == 0) {
                throw new AssertionError("no InstallSnapshot frame into follower " + fid + " was cut (armed on "
                        + links.size() + " links from the heal until it caught up to index " + behind + " or "
                        + ChaosCluster.WAIT.toMillis() + " ms; snapshot frames it received: " + received + "): the "
                        + "snapshot was never interrupted, so this run did not test a reset mid-snapshot");
            }
        }

        @Override
        boolean proxies() {
            return true;
        }

        @Override
        int padding() {
            return 1500;
        }
    },
    T6_HALF_OPEN("T6", 3, "jdk", "the leader's connection to a follower goes half-open (no FIN, no RST)") {
        @Override
        void faults(RunContext c) throws Exception {
            int leader = c.leader();
            int f = c.follower();
            FaultProxy link = c.cluster.proxy(c.cluster.id(leader), c.cluster.id(f));
            int accepted = link.accepted();
            long idleCloses = c.node(f).transportStats().connections().idleCloses();
            link.halfOpen(FaultProxy.Direction.CLIENT_TO_SERVER);
            c.hold(c.faultTime);
            // held until the follower, which hears nothing, has closed the connection by its idle timeout (3 s: after
            // the CI profile's 2 s fault time, before the long profile's 5 s); a fixed hold of the fault time + 1.5 s
            // could heal the link first on a loaded machine whose idle check ran late
            Await.until(ChaosCluster.WAIT, () -> c.node(f).transportStats().connections().idleCloses() > idleCloses,
                    () -> "the follower closed no connection as idle while its leader's half went silent");
            link.heal();
            long healed = System.nanoTime();
            c.figure("reconnects during half-open", link.accepted() - accepted);
            c.recovery(healed);
        }

        @Override
        boolean proxies() {
            return true;
        }
    },
    MEMBERSHIP("membership", 5, "kryo", "two members join (learner, caught up, promoted) and one leaves while 10 % "
            + "of frames drop") {
        @Override
        void faults(RunContext c) throws Exception {
            for (String a : c.cluster.runningIds()) {
                for (int i = 0; i < c.cluster.cluster.size(); i++) {
                    if (!a.equals(c.cluster.id(i))) {
                        c.plan.set(a, c.cluster.id(i), LinkFaults.drop(0.10));
                        c.plan.set(c.cluster.id(i), a, LinkFaults.drop(0.10));
                    }
                }
            }
            try (KvClient admin = c.cluster.client("admin", Duration.ofSeconds(20), "kryo")) {
                for (int joining = 3; joining < 5; joining++) {
                    // the procedure MicroRaft documents: a new member joins as a learner (outside every quorum), catches
                    // up, and only then becomes a voter; see RELIABILITY.md for what a voter that joins empty costs
                    String id = c.cluster.id(joining);
                    long start = System.nanoTime();
                    changeMembership(c, admin, id, Change.ADD_LEARNER);
                    c.cluster.cluster.restart(joining);
                    c.cluster.awaitApplied(c.probeWrite());
                    c.figure("learner caught up ms", RunContext.since(start));
                    changeMembership(c, admin, id, Change.PROMOTE);
                    c.figure("join ms", RunContext.since(start));
                }
                int leader = c.leader();
                int leaving = leader == 1 ? 2 : 1;
                long start = System.nanoTime();
                changeMembership(c, admin, c.cluster.id(leaving), Change.REMOVE);
                // a removed follower never learns it was removed (the leader stops replicating to it at once): stop it
                c.cluster.cluster.stop(leaving);
                c.figure("leave ms", RunContext.since(start));
            }
            c.plan.healAll();
            c.recovery(System.nanoTime());
        }

        @Override
        int initialMembers() {
            return 3;
        }
    },
    SERIALIZER_SWITCH("switch", 3, "kryo", "kryo to protostuff node by node (accept list, then sender), each a "
            + "restart from the data directory, while 10 % of frames drop") {
        @Override
        void faults(RunContext c) throws Exception {
            for (String a : c.cluster.runningIds()) {
                for (String b : c.cluster.runningIds()) {
                    if (!a.equals(b)) {
                        c.plan.set(a, b, LinkFaults.drop(0.10));
                    }
                }
            }
            String[][] steps = {{"kryo", "kryo,protostuff"}, {"protostuff", "protostuff,kryo"}};
            for (String[] step : steps) {
                for (int i = 0; i < c.cluster.cluster.size(); i++) {
                    String id = c.cluster.id(i);
                    c.cluster.override(id, "raftwire.serializer", step[0]);
                    c.cluster.override(id, "raftwire.serializer.accept", step[1]);
                    boolean wasLeader = c.node(i).isLeader();
                    c.cluster.cluster.stop(i);
                    long stopped = System.nanoTime();
                    if (wasLeader) {
                        c.cluster.awaitLeaderOtherThan(i, RunContext.majority(c.cluster.cluster.size()));
                        c.figure("new leader ms", RunContext.since(stopped));
                    }
                    c.cluster.cluster.restart(i);
                    c.recovery(System.nanoTime());
                }
            }
            c.plan.healAll();
            c.recovery(System.nanoTime());
        }

        @Override
        boolean durable() {
            return true;
        }
    };

    final String id;
    final int nodes;
    final String serializer;
    final String description;

    Scenario(String id, int nodes, String serializer, String description) {
        this.id = id;
        this.nodes = nodes;
        this.serializer = serializer;
        this.description = description;
    }

    /** Runs the faults while the workload runs; returns with every fault healed. */
    abstract void faults(RunContext c) throws Exception;

    /** Whether members dial each other through {@link FaultProxy}s. */
    boolean proxies() {
        return false;
    }

    /** Whether members keep their Raft state on disk (restart scenarios). */
    boolean durable() {
        return false;
    }

    /** Members of the initial group ({@link #nodes} by default). */
    int initialMembers() {
        return nodes;
    }

    /** Bytes of padding per value written (bigger snapshots). */
    int padding() {
        return 0;
    }

    static Scenario byId(String id) {
        for (Scenario s : values()) {
            if (s.id.equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("chaos.scenario " + id + " (expected one of: "
                + java.util.Arrays.stream(values()).map(s -> s.id).toList() + ")");
    }

    /** The same faults on every directed link between running members for the fault time, then healed. */
    private static void linkFaults(RunContext c, LinkFaults faults) throws Exception {
        int term = c.term();
        List<String> ids = c.cluster.runningIds();
        for (String a : ids) {
            for (String b : ids) {
                if (!a.equals(b)) {
                    c.plan.set(a, b, faults);
                }
            }
        }
        c.hold(c.faultTime);
        c.plan.healAll();
        long healed = System.nanoTime();
        c.figure("leader changes", c.term() - term);
        c.recovery(healed);
    }

    private static void healProxies(RunContext c) {
        for (String a : c.cluster.runningIds()) {
            for (String b : c.cluster.runningIds()) {
                if (!a.equals(b)) {
                    c.cluster.proxy(a, b).heal();
                }
            }
        }
    }

    private static long resets(RunContext c) {
        long n = 0;
        for (String a : c.cluster.runningIds()) {
            for (String b : c.cluster.runningIds()) {
                if (!a.equals(b)) {
                    n += c.cluster.proxy(a, b).resets();
                }
            }
        }
        return n;
    }

    /** Cuts of InstallSnapshot frames T5-snapshot aims for: the first transfer, then three retries. */
    private static final int SNAPSHOT_CUTS = 4;

    /** One direction of one proxy, armed to cut InstallSnapshot frames that travel in it. */
    private record FrameLink(FaultProxy proxy, FaultProxy.Direction direction) {

        void arm(SplittableRandom cutPoints) {
            proxy.resetInFrame(direction, EngineType.INSTALL_SNAPSHOT_REQUEST.id(), cutPoints);
        }
    }

    /**
     * Every way frames travel into {@code member}: on the connections the others dial to it (client to server) and on
     * those it dials to them (server to client).
     */
    private static List<FrameLink> linksInto(RunContext c, int member) {
        String id = c.cluster.id(member);
        List<FrameLink> links = new ArrayList<>();
        for (String o : c.othersThan(member)) {
            links.add(new FrameLink(c.cluster.proxy(o, id), FaultProxy.Direction.CLIENT_TO_SERVER));
            links.add(new FrameLink(c.cluster.proxy(id, o), FaultProxy.Direction.SERVER_TO_CLIENT));
        }
        return links;
    }

    /**
     * Waits (until {@code deadlineNanos}) for {@value #SNAPSHOT_CUTS} InstallSnapshot frames cut on {@code links},
     * re-arming each link whose arm was used, and stops early once {@code caughtUp} completes (the transfer is over);
     * returns the frames cut.
     */
    private static int awaitSnapshotCuts(List<FrameLink> links, SplittableRandom cutPoints,
                                         CompletableFuture<?> caughtUp, long deadlineNanos) {
        int cut = 0;
        while (cut < SNAPSHOT_CUTS && !caughtUp.isDone() && System.nanoTime() - deadlineNanos < 0) {
            int now = links.stream().mapToInt(l -> l.proxy().framesCut()).sum();
            if (now > cut) {
                cut = now;
                if (cut < SNAPSHOT_CUTS) {
                    links.stream().filter(l -> !l.proxy().frameCutArmed()).forEach(l -> l.arm(cutPoints));
                }
            } else {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
            }
        }
        return Math.max(cut, links.stream().mapToInt(l -> l.proxy().framesCut()).sum());
    }

    /** InstallSnapshot frames a member has received (decoded), over its lifetime. */
    private static long snapshotFrames(RunContext c, int member) {
        MessageStats m = c.node(member).transportStats().message(EngineType.INSTALL_SNAPSHOT_REQUEST.id());
        return m == null ? 0 : m.received();
    }

    /** A membership change, and what the committed members show once it is done. */
    private enum Change {
        ADD_LEARNER, PROMOTE, REMOVE;

        boolean shown(RaftGroupMembers committed, String member) {
            boolean present = committed.getMembers().stream().anyMatch(e -> member.equals(e.getId()));
            boolean voting = committed.getVotingMembers().stream().anyMatch(e -> member.equals(e.getId()));
            return switch (this) {
                case ADD_LEARNER -> present;
                case PROMOTE -> voting;
                case REMOVE -> !present;
            };
        }
    }

    /**
     * Asks the leader for {@code change} of {@code member} until its committed members show it, as an operator would.
     * A join or leave is not a session command: when an attempt is not committed within the request deadline the
     * client sends it again, and the retry is refused ("... already exists" / "... is already a voting member" /
     * "... does not exist") because the first attempt is in the leader's log. Such a refusal does not mean that the
     * change will commit: a leader elected without that entry truncates it. So after a refusal or a failed attempt this
     * waits a while for the committed members to show the change and, if they do not, asks again. Counted as figures:
     * attempts refused or failed ("membership attempts not ok"), and those whose change committed anyway.
     */
    private static void changeMembership(RunContext c, KvClient admin, String member, Change change)
            throws InterruptedException {
        long deadline = System.nanoTime() + 3 * ChaosCluster.WAIT.toNanos();
        String last = "no attempt";
        while (System.nanoTime() - deadline < 0) {
            RaftResponse.Status status;
            Object error;
            try {
                if (change == Change.REMOVE) {
                    var r = admin.session().leave(member).get(30, TimeUnit.SECONDS);
                    status = r.status();
                    error = r.error();
                } else {
                    var r = admin.session().join(member, change == Change.PROMOTE ? RaftMember.Type.ACTIVE
                            : RaftMember.Type.PASSIVE).get(30, TimeUnit.SECONDS);
                    status = r.status();
                    error = r.error();
                }
            } catch (ExecutionException | TimeoutException e) {
                status = RaftResponse.Status.ERROR;
                error = e;
            }
            if (status == RaftResponse.Status.OK) {
                return;
            }
            last = String.valueOf(error);
            c.figure("membership attempts not ok", 1);
            long settle = System.nanoTime() + ChaosCluster.WAIT.toNanos() / 6;
            while (System.nanoTime() - settle < 0) {
                if (change.shown(c.node(c.leader()).raftNode().getCommittedMembers(), member)) {
                    c.figure("membership attempts not ok, committed anyway", 1);
                    return;
                }
                c.hold(Duration.ofMillis(20));
            }
        }
        throw new IllegalStateException(change + " " + member + " not committed within "
                + 3 * ChaosCluster.WAIT.toMillis() + " ms; last answer: " + last);
    }
}
