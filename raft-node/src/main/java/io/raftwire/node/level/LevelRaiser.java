package io.raftwire.node.level;

import io.raftwire.serializer.schema.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Who records a group's feature levels, and when (contract item 4): the group's leader, when {@link LevelDecision}
 * says every other member announces the leader's own schema and it is not the current level's. It then replicates
 * {@link LevelOperations#record} with the history raised by one level:
 * <ul>
 *   <li>by itself, at every {@link #check} ({@code raftwire.upgrade.check-interval-ms}), if
 *       {@code raftwire.upgrade.auto-raise} is on, and for level 1 always (it records the types every member already
 *       has, so it changes nothing for anyone);</li>
 *   <li>when an administrator asks ({@link #raise}, the {@link LevelOperations#RAISE} command), whatever
 *       auto-raise says; refused naming each member that does not announce the leader's schema, or with
 *       {@link LevelDecision#NOTHING_TO_RAISE}.</li>
 * </ul>
 * One proposal at a time: while one is in flight, checks propose nothing and a raise waits for it. A proposal that
 * fails records nothing; the next check proposes it again if it is due by itself (auto-raise on, or level 1), and
 * otherwise the administrator raises again. Logs at INFO when a level is proposed and when it is applied, at DEBUG
 * why a check proposed nothing (only member ids from the group's membership and digests: no text a peer sent).
 *
 * <p>Thread-safe; {@link #check} and {@link #raise} never block (each returns or completes a future later, on
 * whatever thread completes the group's futures).
 */
public final class LevelRaiser implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LevelRaiser.class);

    /** What the raiser needs of its group: the group wires it to its engine, transport and {@link LevelState}. */
    public interface Group {

        /** The group's id, for logs. */
        String id();

        /** Whether this member believes it leads the group now. */
        boolean isLeader();

        /** The ids of the group's other members (the latest membership, learners included; not this member). */
        Collection<String> otherMembers();

        /**
         * The schema digest {@code member} announced at the handshake of its current connection with this member;
         * empty if none is open or it announced none.
         */
        OptionalLong announcedDigest(String member);

        /** The group's feature levels as this member has applied them so far (a local read, never blocks). */
        FeatureLevels appliedLevels();

        /**
         * The group's feature levels with every entry committed before the call applied (on the leader, a
         * linearizable read); fails as the engine fails a query on a member that does not lead.
         */
        CompletableFuture<FeatureLevels> levels();

        /**
         * Replicates {@code record} ({@link LevelOperations#record}) as a log entry of its own.
         *
         * @return completes with the group's feature levels once this member applied it, or fails as the engine
         *         fails a replication (not the leader, leadership lost, ...)
         */
        CompletableFuture<FeatureLevels> replicate(io.raftwire.message.value.PrimitiveOperation record);
    }

    /** An administrator's raise refused: its message is the reason, naming each member that holds it back. */
    public static final class RaiseRefusedException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        RaiseRefusedException(String reason) {
            super(reason);
        }
    }

    private final Group group;
    private final Schema own;
    private final boolean autoRaise;
    private final Duration timeout;
    private final String off;
    private final AtomicReference<CompletableFuture<FeatureLevels>> proposal = new AtomicReference<>();
    private final AtomicBoolean checking = new AtomicBoolean();
    private volatile ScheduledFuture<?> schedule;
    private volatile boolean closed;

    /**
     * @param group     the group whose levels it records
     * @param own       this member's own schema ({@code TypeRegistry.schema()})
     * @param autoRaise {@code raftwire.upgrade.auto-raise}
     * @param timeout   how long a read of the levels and a proposal may take before they count as failed (and are
     *                  tried again at the next check)
     */
    public LevelRaiser(Group group, Schema own, boolean autoRaise, Duration timeout) {
        this(group, own, autoRaise, timeout, null);
    }

    private LevelRaiser(Group group, Schema own, boolean autoRaise, Duration timeout, String off) {
        this.group = Objects.requireNonNull(group, "group");
        this.own = Objects.requireNonNull(own, "own");
        this.autoRaise = autoRaise;
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.off = off;
    }

    /**
     * A raiser that never proposes a level: for a group whose state machine does not read feature levels (it is not
     * {@link LevelAware}), which must never record one, since it would read operations tagged with a level with its
     * own types. Its checks do nothing and an administrator's raise is refused with {@code reason}.
     */
    public static LevelRaiser off(Group group, Schema own, Duration timeout, String reason) {
        return new LevelRaiser(group, own, false, timeout, Objects.requireNonNull(reason, "reason"));
    }

    /**
     * Runs {@link #check} every {@code interval} on {@code pool} from now until {@link #close}.
     *
     * @throws IllegalStateException if started already
     */
    public synchronized void start(ScheduledExecutorService pool, Duration interval) {
        if (schedule != null) {
            throw new IllegalStateException("level raiser of group " + group.id() + " started already (expected:"
                    + " one start)");
        }
        long ms = interval.toMillis();
        if (off != null) {
            return;
        }
        schedule = pool.scheduleWithFixedDelay(this::checkQuietly, ms, ms, TimeUnit.MILLISECONDS);
    }

    /**
     * One check: on the leader, with no proposal in flight and no check still reading the levels, proposes the next
     * level if {@link LevelDecision} says so and auto-raise is on (or it is level 1). The decision is taken on the
     * levels this member has applied first, and only if that finds a level due, again on a linearizable read of them
     * (so a group at its current level costs its leader no round trip per check).
     *
     * @return completes when the check is done (with the levels after it), at once if it did nothing; never fails
     */
    public CompletableFuture<FeatureLevels> check() {
        if (off != null || closed || !group.isLeader()) {
            return CompletableFuture.completedFuture(null);
        }
        if (proposal.get() != null || !checking.compareAndSet(false, true)) {
            LOG.debug("group {}: feature level check skipped: a proposal or check is in flight", group.id());
            return CompletableFuture.completedFuture(null);
        }
        FeatureLevels applied = group.appliedLevels();
        if (!due(decide(applied), applied)) {
            checking.set(false);
            return CompletableFuture.completedFuture(applied);
        }
        return levels()
                .thenCompose(levels -> {
                    LevelDecision d = decide(levels);
                    return due(d, levels) ? propose(d.next()) : CompletableFuture.completedFuture(levels);
                })
                .handle((levels, failure) -> {
                    checking.set(false);
                    if (failure != null) {
                        LOG.debug("group {}: feature level check failed, tried again at the next: {}", group.id(),
                                unwrap(failure).toString());
                        return null;
                    }
                    return levels;
                });
    }

    /**
     * An administrator's raise ({@link LevelOperations#RAISE}): proposes the next level if {@link LevelDecision}
     * says so, whatever auto-raise says, or joins the proposal in flight.
     *
     * @return completes with the group's levels once the new level is applied; fails with a
     *         {@link RaiseRefusedException} naming why nothing is to be raised, or as {@link Group#levels} and
     *         {@link Group#replicate} fail (a member that does not lead: the engine's not-leader failure)
     */
    public CompletableFuture<FeatureLevels> raise() {
        if (off != null) {
            return CompletableFuture.failedFuture(new RaiseRefusedException(off));
        }
        CompletableFuture<FeatureLevels> running = proposal.get();
        if (running != null) {
            return running;
        }
        return levels().thenCompose(levels -> {
            LevelDecision d = decide(levels);
            if (d.kind() != LevelDecision.Kind.PROPOSE) {
                throw new RaiseRefusedException(d.refusal());
            }
            return propose(d.next());
        });
    }

    /** Whether a check proposes {@code d.next()}; logs at DEBUG why not. */
    private boolean due(LevelDecision d, FeatureLevels levels) {
        if (d.kind() == LevelDecision.Kind.PROPOSE && (autoRaise || levels.currentLevel() == 0)) {
            return true;
        }
        if (d.kind() == LevelDecision.Kind.PROPOSE) {
            LOG.debug("group {}: feature level {} not proposed: every member announces schema {}, but"
                    + " raftwire.upgrade.auto-raise is off (expected: raftwire admin feature-level --raise)",
                    group.id(), d.next().currentLevel(), LevelDecision.hex(own.digest()));
        } else {
            LOG.debug("group {}: no feature level to propose at {}: {}", group.id(), levels, d.refusal());
        }
        return false;
    }

    private CompletableFuture<FeatureLevels> levels() {
        try {
            return group.levels().orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private LevelDecision decide(FeatureLevels levels) {
        Map<String, OptionalLong> announced = new LinkedHashMap<>();
        for (String member : group.otherMembers()) {
            announced.put(member, group.announcedDigest(member));
        }
        return LevelDecision.of(own, levels, announced);
    }

    /** Replicates {@code next} unless a proposal is in flight (then answers that one). */
    private CompletableFuture<FeatureLevels> propose(FeatureLevels next) {
        CompletableFuture<FeatureLevels> mine = new CompletableFuture<>();
        CompletableFuture<FeatureLevels> running = proposal.compareAndExchange(null, mine);
        if (running != null) {
            return running;
        }
        int level = next.currentLevel();
        String digest = LevelDecision.hex(own.digest());
        LOG.info("group {}: proposing feature level {} (schema {}): every member announces it", group.id(), level,
                digest);
        CompletableFuture<FeatureLevels> replicated;
        try {
            replicated = group.replicate(LevelOperations.record(next));
        } catch (RuntimeException e) {
            replicated = CompletableFuture.failedFuture(e);
        }
        replicated.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).whenComplete((applied, failure) -> {
            proposal.compareAndSet(mine, null);
            if (failure == null && (applied == null || !next.current().equals(applied.level(level)))) {
                failure = new IllegalStateException("feature level " + level + " (schema " + digest + ") was"
                        + " replicated but the group's levels are " + applied + " (expected: level " + level
                        + " recorded as proposed)");
            }
            if (failure != null) {
                LOG.info("group {}: feature level {} (schema {}) not recorded: {}", group.id(), level, digest,
                        unwrap(failure).toString());
                mine.completeExceptionally(unwrap(failure));
            } else {
                LOG.info("group {}: feature level {} (schema {}) applied", group.id(), level, digest);
                mine.complete(applied);
            }
        });
        return mine;
    }

    private void checkQuietly() {
        try {
            check();
        } catch (RuntimeException e) { // a scheduled task that throws is never run again
            checking.set(false);
            LOG.warn("group {}: feature level check failed: {}", group.id(), e.toString());
        }
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }

    /** Stops the checks; a proposal in flight completes as the group completes it. Idempotent. */
    @Override
    public void close() {
        closed = true;
        ScheduledFuture<?> s = schedule;
        if (s != null) {
            s.cancel(false);
        }
    }
}
