package io.raftwire.cli.codecs;

import java.util.Arrays;

/**
 * The median and range of repeated measurements of one quantity, and the rule that says when they disagree too much
 * to be trusted: {@code max / min > }{@value #NOISY_RATIO}. On an idle machine repetitions of a warmed loop agree
 * within a few percent; a ratio of 1.5 means that something else (another process, frequency scaling, a GC storm)
 * took a large share of the CPU during some of them, and then differences between codecs of that order say nothing.
 *
 * @param median the median (the mean of the two middle values for an even count)
 * @param min    the smallest value
 * @param max    the largest value
 * @param count  the number of measurements
 */
public record Spread(double median, double min, double max, int count) {

    /** Repetitions whose max/min exceeds this are reported as noisy. */
    public static final double NOISY_RATIO = 1.5;

    /**
     * Summarises measurements.
     *
     * @param values at least one positive value; not modified
     * @throws IllegalArgumentException if there is none or one is not positive
     */
    public static Spread of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no measurements (expected: at least one)");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        if (!(sorted[0] > 0)) {
            throw new IllegalArgumentException("measurement = " + sorted[0] + " (expected: > 0)");
        }
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Spread(median, sorted[0], sorted[n - 1], n);
    }

    /** {@code max / min}: 1.0 when every repetition agreed exactly. */
    public double ratio() {
        return max / min;
    }

    /** Whether {@link #ratio()} exceeds {@link #NOISY_RATIO}. */
    public boolean noisy() {
        return ratio() > NOISY_RATIO;
    }
}
