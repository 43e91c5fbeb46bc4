package io.raftwire.node.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.microraft.Ordered;
import io.microraft.report.RaftNodeReport;
import io.raftwire.node.store.StoreListener;
import io.raftwire.node.transport.RaftTransportStats;
import io.raftwire.transport.Transport;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Every meter of one member, bound to the registry the application gave {@code RaftwireNode.Builder.metrics}: one
 * binder per area ({@link RaftGroupMetrics}, {@link StoreMetrics}, {@link RaftPathMetrics}, {@link TransportMetrics}
 * per transport, {@link SessionMetrics}). Counters read from the transports take effect at {@link #refresh()}, which
 * an exporter calls before it reads the registry (the program's scrape endpoint does). Thread-safe.
 */
public final class NodeMetrics implements AutoCloseable {

    /** How long {@link #refresh()} waits for the engine's report. */
    private static final long REPORT_WAIT_MS = 2000;

    private final MeterRegistry registry;
    private final String groupId;
    private final String memberId;
    private final Tags tags;
    private final RaftGroupMetrics group;
    private StoreMetrics store; // guarded by this
    private Bound bound; // guarded by this
    private Supplier<CompletableFuture<Ordered<RaftNodeReport>>> groupReport; // guarded by this

    private record Bound(RaftPathMetrics raft, TransportMetrics peers, TransportMetrics clients,
            SessionMetrics sessions, Supplier<CompletableFuture<Ordered<RaftNodeReport>>> report) {
    }

    /**
     * Registers the group's meters.
     *
     * @param registry where every meter of this member goes
     * @param group    the Raft group id (tag {@code group})
     * @param member   this member's id (tag {@code member})
     */
    public NodeMetrics(MeterRegistry registry, String group, String member) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.groupId = group;
        this.memberId = member;
        this.tags = Tags.of("group", group, "member", member);
        this.group = new RaftGroupMetrics(registry, group, member);
    }

    /** The group's binder: the engine's report listener. */
    public RaftGroupMetrics group() {
        return group;
    }

    /** The listener of this member's durable store; its meters are registered on the first call. */
    public synchronized StoreListener store() {
        if (store == null) {
            store = new StoreMetrics(registry, groupId, memberId);
        }
        return store;
    }

    /**
     * Registers the meters of the transports, the Raft message path and the sessions.
     *
     * @param peers    the member-to-member transport
     * @param clients  the client transport
     * @param raft     the Raft message path's counters
     * @param open     client sessions open, as this member knows them
     * @param expired  sessions closed without a close request
     * @param report   asks the engine for a report (completes on the Raft thread)
     */
    public synchronized void bind(Transport peers, Transport clients, Supplier<RaftTransportStats> raft,
            IntSupplier open, LongSupplier expired, Supplier<CompletableFuture<Ordered<RaftNodeReport>>> report) {
        if (bound != null) {
            throw new IllegalStateException("the transports of " + tags + " are bound already");
        }
        TransportMetrics clientMetrics = new TransportMetrics(registry, clients, tags, "clients");
        bound = new Bound(new RaftPathMetrics(registry, raft, tags), new TransportMetrics(registry, peers, tags,
                "members"), clientMetrics, new SessionMetrics(registry, tags, open, expired, clientMetrics::stats),
                report);
    }

    /**
     * Reads the engine's report at {@link #refresh()} for a group whose transports and sessions are metered by another
     * group's {@code NodeMetrics} (the groups of one member share them): only the group's engine and store meters are
     * this one's.
     *
     * @param report asks the engine for a report (completes on the Raft thread)
     */
    public synchronized void bindReport(Supplier<CompletableFuture<Ordered<RaftNodeReport>>> report) {
        this.groupReport = report;
    }

    /**
     * Brings the meters up to date: takes a snapshot of the transports' and the message path's counters, and asks the
     * engine for a report (waiting up to two seconds for it; a node that has stopped keeps its last values). Call it
     * from an exporter's thread, never from the Raft thread.
     */
    public void refresh() {
        Bound b;
        Supplier<CompletableFuture<Ordered<RaftNodeReport>>> report;
        synchronized (this) {
            b = bound;
            report = b != null ? b.report() : groupReport;
        }
        if (report == null) {
            return;
        }
        if (b != null) {
            b.raft().refresh();
            b.peers().refresh();
            b.clients().refresh();
        }
        try {
            // applied where the future completes, on the Raft thread, so no report published after it is overtaken
            report.get().thenAccept(r -> group.accept(r.getResult())).get(REPORT_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            // a node that is not running (yet or any more) has no report: its meters keep their last values
        }
    }

    /** Removes every meter of this member from the registry. */
    @Override
    public synchronized void close() {
        group.close();
        if (store != null) {
            store.close();
        }
        if (bound != null) {
            bound.raft().close();
            bound.peers().close();
            bound.clients().close();
            bound.sessions().close();
        }
    }
}
