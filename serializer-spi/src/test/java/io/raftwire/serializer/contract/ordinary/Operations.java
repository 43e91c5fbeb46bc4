package io.raftwire.serializer.contract.ordinary;

import java.util.Arrays;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Operational state as services keep it: counters in atomics, per-status tallies in an {@code EnumMap}, caches in
 * concurrent maps, listeners in a copy-on-write list, arrays where the code came from arrays, {@code Date} where it
 * predates {@code java.time}, {@code Number} and {@code CharSequence} where an API was written loosely.
 */
public final class Operations {

    private Operations() {
    }

    /** The states a job passes through. */
    public enum Status {
        /** Waiting. */
        QUEUED,
        /** Being done. */
        RUNNING,
        /** Finished. */
        DONE,
        /** Given up. */
        FAILED
    }

    /** A metrics bean: atomics bumped from many threads, tallies per status, the statuses ever seen. */
    public static class JobStats {
        private final AtomicLong processed = new AtomicLong();
        private final AtomicInteger inFlight = new AtomicInteger();
        private final AtomicBoolean paused = new AtomicBoolean();
        private EnumMap<Status, Long> byStatus = new EnumMap<>(Status.class);
        private EnumSet<Status> seen = EnumSet.noneOf(Status.class);

        /** Counts one job ending in {@code status}. */
        public JobStats record(Status status) {
            processed.incrementAndGet();
            byStatus.merge(status, 1L, Long::sum);
            seen.add(status);
            return this;
        }

        /** Counts one job started. */
        public JobStats start() {
            inFlight.incrementAndGet();
            return this;
        }

        /** Pauses intake. */
        public JobStats pause() {
            paused.set(true);
            return this;
        }
    }

    /** A report row: names in an array, the time as a legacy {@code Date}, a matrix of samples. */
    public record Report(String title, String[] columns, Date generatedAt, long[][] samples, int[][] histogram) {

        /** Arrays by content, as a record holding arrays has to say itself. */
        @Override
        public boolean equals(Object o) {
            return o instanceof Report r && title.equals(r.title) && Arrays.equals(columns, r.columns)
                    && Objects.equals(generatedAt, r.generatedAt) && Arrays.deepEquals(samples, r.samples)
                    && Arrays.deepEquals(histogram, r.histogram);
        }

        @Override
        public int hashCode() {
            return Objects.hash(title, Arrays.hashCode(columns), generatedAt);
        }

        @Override
        public String toString() {
            return "Report[" + title + ", " + Arrays.toString(columns) + ", " + generatedAt + ", "
                    + Arrays.deepToString(samples) + ", " + Arrays.deepToString(histogram) + "]";
        }
    }

    /** An event from a loosely typed API: the amount any {@code Number}, the text any {@code CharSequence}. */
    public static final class MetricEvent {
        private String name;
        private Number amount;
        private CharSequence note;
        private byte[][] chunks;

        /** For frameworks. */
        public MetricEvent() {
        }

        /** Fills every field. */
        public MetricEvent(String name, Number amount, CharSequence note, byte[][] chunks) {
            this.name = name;
            this.amount = amount;
            this.note = note;
            this.chunks = chunks;
        }
    }

    /** A snapshot of a cache: entries by key, listener names, an index sorted by key, attachments of any value. */
    public static final class CacheSnapshot {
        private final ConcurrentHashMap<String, Long> entries = new ConcurrentHashMap<>();
        private final CopyOnWriteArrayList<String> listeners = new CopyOnWriteArrayList<>();
        private final ConcurrentSkipListMap<String, Integer> index = new ConcurrentSkipListMap<>();
        private Object[] attachments = new Object[0];

        /** Adds an entry and indexes its key. */
        public CacheSnapshot put(String key, long value) {
            entries.put(key, value);
            index.put(key, key.length());
            return this;
        }

        /** Registers a listener by name. */
        public CacheSnapshot listen(String name) {
            listeners.add(name);
            return this;
        }

        /** Replaces the attachments. */
        public CacheSnapshot attach(Object... values) {
            attachments = values.clone();
            return this;
        }

        /** @return the entries, live */
        public Map<String, Long> entries() {
            return entries;
        }
    }
}
