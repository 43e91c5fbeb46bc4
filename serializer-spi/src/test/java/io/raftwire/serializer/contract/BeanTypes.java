package io.raftwire.serializer.contract;

import io.raftwire.serializer.MutableCollections;
import io.raftwire.serializer.TypeRegistry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/** Bean-style classes whose getters hand out their collections, with and without {@link MutableCollections}. */
public final class BeanTypes {

    /** Wire id of {@link Basket}. */
    public static final int BASKET_ID = 5200;
    /** Wire id of {@link Profile}. */
    public static final int PROFILE_ID = 5201;

    private BeanTypes() {
    }

    /** The catalog and these classes. */
    public static TypeRegistry registry() {
        return TypeRegistry.builder().register(BASKET_ID, Basket.class).register(PROFILE_ID, Profile.class).build();
    }

    /** Every collection field mutable after decode. */
    @MutableCollections
    public static class Basket {
        private List<String> items = new ArrayList<>();
        private Set<String> tags = new LinkedHashSet<>();
        private SortedSet<String> sorted = new TreeSet<>();
        private Map<String, List<Integer>> counts = new LinkedHashMap<>();

        /** @return the items, the list itself */
        public List<String> getItems() {
            return items;
        }

        /** @return the tags, the set itself */
        public Set<String> getTags() {
            return tags;
        }

        /** @return the sorted names, the set itself */
        public SortedSet<String> getSorted() {
            return sorted;
        }

        /** @return counts per name, the map itself */
        public Map<String, List<Integer>> getCounts() {
            return counts;
        }
    }

    /** Only one field mutable after decode. */
    public static class Profile {
        @MutableCollections
        private List<String> nicknames = new ArrayList<>();
        private List<String> fixed = new ArrayList<>();

        /** @return the nicknames, the list itself */
        public List<String> getNicknames() {
            return nicknames;
        }

        /** @return the fixed names, the list itself */
        public List<String> getFixed() {
            return fixed;
        }
    }
}
