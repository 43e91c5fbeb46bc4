package io.raftwire.transport.fault;

import java.time.Duration;
import java.util.Objects;

/**
 * The faults applied to the frames one node sends to one peer (a directed link). Immutable; valid by construction;
 * change a link's faults by giving its {@link FaultPlan} a new value.
 *
 * @param dropRate      fraction of frames lost, 0..1
 * @param delay         fixed delay before a frame is handed to the transport; {@code >= 0}
 * @param jitter        each frame's delay is {@code delay ± jitter}, uniformly; {@code 0 <= jitter <= delay}
 * @param duplicateRate fraction of frames sent twice (each copy with its own delay), 0..1
 * @param reorderWindow 0 or 1 for no reordering; otherwise up to this many frames are held and released in random
 *                      order (a held frame is released at most {@link FaultyTransport#REORDER_HOLD} after it
 *                      arrived); 0..1024
 * @param blackhole     every frame is lost, silently, and the connection stays open (a partition)
 */
public record LinkFaults(double dropRate, Duration delay, Duration jitter, double duplicateRate, int reorderWindow,
                         boolean blackhole) {

    /** No fault: frames go straight to the transport. */
    public static final LinkFaults NONE = new LinkFaults(0, Duration.ZERO, Duration.ZERO, 0, 0, false);

    /** The largest reorder window. */
    public static final int MAX_REORDER_WINDOW = 1024;

    public LinkFaults {
        Objects.requireNonNull(delay, "delay");
        Objects.requireNonNull(jitter, "jitter");
        checkRate("dropRate", dropRate);
        checkRate("duplicateRate", duplicateRate);
        if (delay.isNegative()) {
            throw new IllegalArgumentException("delay = " + delay + " (expected: >= 0)");
        }
        if (jitter.isNegative() || jitter.compareTo(delay) > 0) {
            throw new IllegalArgumentException(
                    "jitter = " + jitter + " (expected: 0 .. delay = " + delay + ", so that no delay is negative)");
        }
        if (reorderWindow < 0 || reorderWindow > MAX_REORDER_WINDOW) {
            throw new IllegalArgumentException(
                    "reorderWindow = " + reorderWindow + " (expected: 0.." + MAX_REORDER_WINDOW + ")");
        }
    }

    /** Loses {@code rate} of the frames. */
    public static LinkFaults drop(double rate) {
        return NONE.withDrop(rate);
    }

    /** Loses every frame without closing the connection. */
    public static LinkFaults partitioned() {
        return NONE.withBlackhole(true);
    }

    /** These faults with another drop rate. */
    public LinkFaults withDrop(double rate) {
        return new LinkFaults(rate, delay, jitter, duplicateRate, reorderWindow, blackhole);
    }

    /** These faults with every frame delayed by {@code fixed ± jitter}. */
    public LinkFaults withDelay(Duration fixed, Duration jitter) {
        return new LinkFaults(dropRate, fixed, jitter, duplicateRate, reorderWindow, blackhole);
    }

    /** These faults with another duplicate rate. */
    public LinkFaults withDuplicate(double rate) {
        return new LinkFaults(dropRate, delay, jitter, rate, reorderWindow, blackhole);
    }

    /** These faults with another reorder window. */
    public LinkFaults withReorder(int window) {
        return new LinkFaults(dropRate, delay, jitter, duplicateRate, window, blackhole);
    }

    /** These faults with the link blackholed or not. */
    public LinkFaults withBlackhole(boolean on) {
        return new LinkFaults(dropRate, delay, jitter, duplicateRate, reorderWindow, on);
    }

    /** Whether frames go straight to the transport: no fault at all. */
    public boolean isNone() {
        return equals(NONE);
    }

    private static void checkRate(String name, double rate) {
        if (!(rate >= 0 && rate <= 1)) {
            throw new IllegalArgumentException(name + " = " + rate + " (expected: a fraction 0..1)");
        }
    }
}
