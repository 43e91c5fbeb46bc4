package io.raftwire.bench.cluster;

import io.microraft.RaftEndpoint;
import io.microraft.RaftNode;
import io.microraft.impl.local.LocalRaftEndpoint;
import io.microraft.impl.local.LocalTransport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The ideal: the same 3-member MicroRaft group in one JVM on MicroRaft's own in-memory {@link LocalTransport} (from
 * its tests jar), which hands the very message object to the target node: no serialization, no socket. MicroRaft's
 * default executor (one Raft thread per node), {@code NopRaftStore} (its default), raftwire's engine settings
 * ({@link RaftSettings}) and a {@link CommandMap} per node. Puts call the leader's {@code replicate} directly. It
 * answers no client reads.
 */
final class IdealCluster implements ClusterUnderTest {

    private static final String GROUP = "ideal";

    private final List<RaftNode> nodes = new ArrayList<>();
    private final List<CountingTransport> transports = new ArrayList<>();
    private volatile RaftNode leader;

    private IdealCluster() {
    }

    /**
     * Builds, connects and starts the three members and waits for a leader.
     *
     * @throws IllegalStateException if no leader is agreed within {@code timeout}
     */
    static IdealCluster start(Duration timeout) {
        IdealCluster c = new IdealCluster();
        try {
            List<RaftEndpoint> endpoints = List.of(LocalRaftEndpoint.newEndpoint(), LocalRaftEndpoint.newEndpoint(),
                    LocalRaftEndpoint.newEndpoint());
            List<LocalTransport> locals = new ArrayList<>();
            for (RaftEndpoint e : endpoints) {
                LocalTransport local = new LocalTransport(e);
                CountingTransport counting = new CountingTransport(local);
                locals.add(local);
                c.transports.add(counting);
                c.nodes.add(RaftNode.newBuilder().setGroupId(GROUP).setLocalEndpoint(e)
                        .setInitialGroupMembers(endpoints).setConfig(RaftSettings.raftConfig())
                        .setTransport(counting).setStateMachine(new CommandMap()).build());
            }
            for (int i = 0; i < locals.size(); i++) {
                for (int j = 0; j < c.nodes.size(); j++) {
                    if (i != j) {
                        locals.get(i).discoverNode(c.nodes.get(j));
                    }
                }
            }
            for (RaftNode n : c.nodes) {
                n.start();
            }
            c.leader = c.awaitLeader(timeout);
            return c;
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private RaftNode awaitLeader(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() - deadline < 0) {
            RaftEndpoint seen = nodes.get(0).getTerm().getLeaderEndpoint();
            boolean agreed = seen != null;
            for (RaftNode n : nodes) {
                agreed &= seen != null && seen.equals(n.getTerm().getLeaderEndpoint());
            }
            if (agreed) {
                for (RaftNode n : nodes) {
                    if (n.getLocalEndpoint().equals(seen)) {
                        return n;
                    }
                }
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
        }
        throw new IllegalStateException("the ideal cluster agreed on no leader within " + timeout.toMillis() + " ms");
    }

    @Override
    public CompletableFuture<?> putAsync(long seq) {
        return leader.replicate(new BenchPut(PutCommands.put(seq)));
    }

    @Override
    public void write(String key, String tag) throws Exception {
        leader.replicate(new BenchPut(PutCommands.put(key, tag))).get(Workloads.OP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public boolean reads() {
        return false;
    }

    @Override
    public byte[] read(String key) {
        throw new UnsupportedOperationException("the ideal cluster answers no client reads (expected: puts only)");
    }

    /** Messages, AppendEntries requests and entries sent by all members. */
    @Override
    public Counters counters() {
        Map<String, Long> sum = new LinkedHashMap<>();
        for (CountingTransport t : transports) {
            t.counts().forEach((k, v) -> sum.merge(k, v, Long::sum));
        }
        return new Counters(sum);
    }

    @Override
    public void close() {
        for (RaftNode n : nodes) {
            Stopping.await(n.terminate());
        }
    }
}
