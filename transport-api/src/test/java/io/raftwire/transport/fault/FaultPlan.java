package io.raftwire.transport.fault;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The faults of every directed link of a cluster (sender member id → receiver member id), and the one seeded random
 * source every fault decision of those links is drawn from. Shared by the {@link FaultyTransport}s of the cluster's
 * nodes; rules change at run time ({@link #set}, {@link #partition}, {@link #heal}), effective for the next frame.
 *
 * <p>The seed is logged at INFO when the plan is made. With the same seed, the same rules and the same order of
 * frames, every decision is the same: frames sent from one thread replay exactly; frames from several threads draw
 * in the order they reach the plan.
 *
 * <p>Thread-safe: decisions are drawn under one lock.
 */
public final class FaultPlan {

    /** The system property that fixes the seed of {@link #fromSystemProperty()}. */
    public static final String SEED_PROPERTY = "raftwire.fault.seed";

    private static final Logger LOG = LoggerFactory.getLogger(FaultPlan.class);

    private final long seed;
    private final Random random;
    private final Map<Link, LinkFaults> rules = new ConcurrentHashMap<>();
    private final AtomicLong decided = new AtomicLong();
    private final AtomicLong blackholed = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong duplicated = new AtomicLong();
    private final AtomicLong delayed = new AtomicLong();
    private final AtomicLong reordered = new AtomicLong();

    private record Link(String from, String to) {
        Link {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
        }
    }

    private FaultPlan(long seed) {
        this.seed = seed;
        this.random = new Random(seed);
        LOG.info("fault plan seed {} (replay: -D{}={})", seed, SEED_PROPERTY, seed);
    }

    /** A plan with no faults yet, drawing from {@code seed}. */
    public static FaultPlan seeded(long seed) {
        return new FaultPlan(seed);
    }

    /**
     * A plan with the seed of the system property {@value #SEED_PROPERTY} if set, else a fresh one.
     *
     * @throws IllegalArgumentException if the property is set but not a decimal {@code long}
     */
    public static FaultPlan fromSystemProperty() {
        String text = System.getProperty(SEED_PROPERTY);
        if (text == null) {
            return new FaultPlan(System.nanoTime() ^ Double.doubleToLongBits(Math.random()));
        }
        try {
            return new FaultPlan(Long.parseLong(text.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    SEED_PROPERTY + " = " + text + " (expected: a decimal long, as printed by an earlier run)", e);
        }
    }

    /** The seed every decision is drawn from. */
    public long seed() {
        return seed;
    }

    /** Sets the faults of frames from {@code from} to {@code to}; {@link LinkFaults#NONE} heals the link. */
    public void set(String from, String to, LinkFaults faults) {
        Objects.requireNonNull(faults, "faults");
        Link link = new Link(from, to);
        if (faults.isNone()) {
            rules.remove(link);
        } else {
            rules.put(link, faults);
        }
    }

    /** Sets the same faults on both directions between {@code a} and {@code b}. */
    public void setBothWays(String a, String b, LinkFaults faults) {
        set(a, b, faults);
        set(b, a, faults);
    }

    /** Blackholes both directions between {@code member} and each of {@code others}: a partition. */
    public void partition(String member, Collection<String> others) {
        for (String other : others) {
            if (!other.equals(member)) {
                setBothWays(member, other, LinkFaults.partitioned());
            }
        }
    }

    /** Removes the faults of frames from {@code from} to {@code to}. */
    public void heal(String from, String to) {
        rules.remove(new Link(from, to));
    }

    /** Removes every fault of every link. */
    public void healAll() {
        rules.clear();
    }

    /** The faults of frames from {@code from} to {@code to}; {@link LinkFaults#NONE} if none. */
    public LinkFaults faults(String from, String to) {
        return rules.getOrDefault(new Link(from, to), LinkFaults.NONE);
    }

    /** The counts so far. */
    public FaultCounters counters() {
        return new FaultCounters(decided.get(), blackholed.get(), dropped.get(), duplicated.get(), delayed.get(),
                reordered.get());
    }

    /** Draws the fate of one frame on a link with {@code faults} (not {@link LinkFaults#NONE}). */
    Decision decide(LinkFaults faults) {
        decided.incrementAndGet();
        if (faults.blackhole()) {
            blackholed.incrementAndGet();
            return new Decision("blackholed", new long[0], 0);
        }
        long[] delays;
        synchronized (random) {
            if (faults.dropRate() > 0 && random.nextDouble() < faults.dropRate()) {
                dropped.incrementAndGet();
                return new Decision("dropped", new long[0], 0);
            }
            boolean twice = faults.duplicateRate() > 0 && random.nextDouble() < faults.duplicateRate();
            delays = new long[twice ? 2 : 1];
            for (int i = 0; i < delays.length; i++) {
                delays[i] = delayNanos(faults);
            }
        }
        if (delays.length == 2) {
            duplicated.incrementAndGet();
        }
        for (long d : delays) {
            if (d > 0) {
                delayed.incrementAndGet();
            }
        }
        if (faults.reorderWindow() > 1) {
            reordered.addAndGet(delays.length);
        }
        return new Decision(null, delays, faults.reorderWindow());
    }

    /** A uniform pick in {@code 0..bound-1}, from the plan's random source (for the reorder windows). */
    int pick(int bound) {
        synchronized (random) {
            return random.nextInt(bound);
        }
    }

    private long delayNanos(LinkFaults faults) {
        long fixed = faults.delay().toNanos();
        long jitter = faults.jitter().toNanos();
        if (jitter == 0) {
            return fixed;
        }
        return fixed - jitter + (long) (random.nextDouble() * (2 * jitter + 1));
    }

    @Override
    public String toString() {
        return "FaultPlan[seed=" + seed + ", links with faults=" + rules.size() + "]";
    }
}
