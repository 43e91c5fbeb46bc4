package io.raftwire.bench.transport;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * Median, minimum and maximum of a few repetitions.
 *
 * @param median the median (the mean of the middle two for an even count); NaN if there are no values
 * @param min    the smallest value
 * @param max    the largest value
 * @param count  how many values
 */
public record Spread(double median, double min, double max, int count) {

    public static Spread of(List<Double> values) {
        if (values.isEmpty()) {
            return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        return new Spread(median, sorted.get(0), sorted.get(n - 1), n);
    }

    /** {@code median [min..max]}, just the value for one repetition, {@code n/a} for none. */
    public String format(DoubleFunction<String> number) {
        if (count == 0) {
            return "n/a";
        }
        if (count == 1) {
            return number.apply(median);
        }
        return number.apply(median) + " [" + number.apply(min) + ".." + number.apply(max) + "]";
    }
}
