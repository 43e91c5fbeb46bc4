package io.raftwire.serializer.contract.ordinary;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.UUID;

/** Nested collections, Optional components, a transient cache, sorted collections and time types. */
public final class Catalogue {

    private Catalogue() {
    }

    /** Collections in collections. */
    public static final class Inventory {
        private Map<String, List<Integer>> binsBySku;
        private Map<String, Map<String, Set<String>>> tagsByRegion;
        private List<List<Long>> batches;

        /** Holds them. */
        public Inventory(Map<String, List<Integer>> binsBySku, Map<String, Map<String, Set<String>>> tagsByRegion,
                List<List<Long>> batches) {
            this.binsBySku = binsBySku;
            this.tagsByRegion = tagsByRegion;
            this.batches = batches;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Inventory i && binsBySku.equals(i.binsBySku) && tagsByRegion.equals(i.tagsByRegion)
                    && batches.equals(i.batches);
        }

        @Override
        public int hashCode() {
            return binsBySku.hashCode();
        }
    }

    /** A value with a lazily computed, transient cache. */
    public static final class Slug {
        private final String text;
        private transient int hash;

        /** @param text not null */
        public Slug(String text) {
            this.text = Objects.requireNonNull(text, "text");
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Slug s && text.equals(s.text);
        }

        @Override
        public int hashCode() {
            int h = hash;
            if (h == 0) {
                h = text.hashCode();
                hash = h;
            }
            return h;
        }
    }

    /** Optional settings. */
    public record Settings(Optional<Duration> timeout, Optional<Integer> retries, LocalDate since) {
    }

    /** The kinds of {@link Event}. */
    public enum EventKind {
        /** Made. */
        CREATED,
        /** Gone. */
        DELETED
    }

    /** An event with time, id and tags. */
    public record Event(UUID id, LocalDateTime at, EventKind kind, Map<String, String> tags, Slug slug) {
    }

    /** Sorted collections. */
    public record Scores(SortedMap<String, Long> byName, NavigableSet<Integer> levels) {
    }
}
