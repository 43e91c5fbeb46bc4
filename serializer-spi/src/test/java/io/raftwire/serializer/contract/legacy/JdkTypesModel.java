package io.raftwire.serializer.contract.legacy;

import io.raftwire.serializer.TypeRegistry;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Classes written the way a code base moving from Kryo writes them, holding the JDK types Kryo users carry every day:
 * reference and nested arrays, enum sets and maps, concurrent collections, atomics, {@code java.util.Date}, fields
 * declared {@code Number} or {@code CharSequence}. Records and field-by-field classes both, so both ways in are
 * covered; each registers exactly as written.
 */
public final class JdkTypesModel {

    /** Id of the first class; they take consecutive ids in {@link #CLASSES} order. */
    public static final int FIRST_ID = 6100;

    /** Every registered class, in id order. Append only: the position is the wire id. */
    public static final List<Class<?>> CLASSES = List.of(Grids.class, EnumCollections.class, ConcurrentState.class,
            Counters.class, Measure.class);

    private JdkTypesModel() {
    }

    /** Registers every class under its id. */
    public static TypeRegistry.Builder register(TypeRegistry.Builder builder) {
        for (int i = 0; i < CLASSES.size(); i++) {
            builder.register(FIRST_ID + i, CLASSES.get(i));
        }
        return builder;
    }

    /** A realistic instance of every class, and one with every field null or empty, by stable name. */
    public static Map<String, Object> named() {
        Map<String, Object> named = new LinkedHashMap<>();
        named.put("jdk-Grids", new Grids(new String[] {"a", "\u00e9\uD83D\uDE00", ""},
                new Object[] {NodeId.of("n1"), new GroupId(1, 2), NodeId.of("n2")},
                new long[][] {{1, -2, Long.MAX_VALUE}, {}, {Long.MIN_VALUE}}, new int[][] {{7}, {-8, 9}},
                new byte[][] {{1, 2}, {}, {-1}}, new boolean[][] {{true, false}}, new short[][] {{-3}},
                new char[][] {{'x', '\uD800'}}, new float[][] {{1.5f, Float.NaN}}, new double[][] {{-0.0, 2.25}},
                new Role[] {Role.LEADER, Role.FOLLOWER}, new NodeId[] {NodeId.of("a"), NodeId.of("b")},
                new String[][] {{"x"}, {}, {"y", "z"}}));
        named.put("jdk-Grids-empty", new Grids(new String[0], null, new long[0][], null, new byte[0][], null, null,
                null, null, null, new Role[0], null, new String[][] {{}}));
        named.put("jdk-EnumCollections", EnumCollections.sample());
        named.put("jdk-EnumCollections-empty", new EnumCollections());
        named.put("jdk-ConcurrentState", ConcurrentState.sample());
        named.put("jdk-ConcurrentState-empty", new ConcurrentState());
        named.put("jdk-Counters", new Counters(41, 7, true, new Date(1_764_000_000_123L)));
        named.put("jdk-Counters-empty", new Counters(0, 0, false, null));
        named.put("jdk-Measure", new Measure(new BigDecimal("12.50"), 3, List.of((byte) 1, (short) 2, 3, 4L, 5f, 6d,
                BigInteger.TEN.pow(30), new BigDecimal("-0.001")), "text", Map.of("k", 2L)));
        named.put("jdk-Measure-null", new Measure(null, -1L, List.of(), null, Map.of()));
        return named;
    }

    /** Reference and nested arrays, as a record (decoded through its canonical constructor). */
    public record Grids(String[] names, Object[] ids, long[][] matrix, int[][] grid, byte[][] chunks,
            boolean[][] flags, short[][] shorts, char[][] chars, float[][] floats, double[][] doubles, Role[] roles,
            NodeId[] nodes, String[][] nested) {

        private Object[] all() {
            return new Object[] {names, ids, matrix, grid, chunks, flags, shorts, chars, floats, doubles, roles, nodes,
                nested};
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Grids a && java.util.Arrays.deepEquals(all(), a.all());
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.deepHashCode(all());
        }

        @Override
        public String toString() {
            return "Grids" + java.util.Arrays.deepToString(all());
        }
    }

    /** Enum sets and maps in a field-by-field class, as a mutable bean would hold them. */
    public static class EnumCollections {
        private EnumSet<Role> roles = EnumSet.noneOf(Role.class);
        private EnumMap<Role, Long> lastSeen = new EnumMap<>(Role.class);
        private EnumMap<Role, List<NodeId>> members = new EnumMap<>(Role.class);

        static EnumCollections sample() {
            EnumCollections c = new EnumCollections();
            c.roles = EnumSet.of(Role.LEADER, Role.FOLLOWER);
            c.lastSeen.put(Role.CANDIDATE, 5L);
            c.lastSeen.put(Role.FOLLOWER, -1L);
            c.members.put(Role.LEARNER, List.of(NodeId.of("l")));
            return c;
        }

        /** The roles. */
        public EnumSet<Role> roles() {
            return roles;
        }

        /** Last seen per role. */
        public EnumMap<Role, Long> lastSeen() {
            return lastSeen;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof EnumCollections e && Objects.equals(roles, e.roles)
                    && Objects.equals(lastSeen, e.lastSeen) && Objects.equals(members, e.members);
        }

        @Override
        public int hashCode() {
            return Objects.hash(roles, lastSeen, members);
        }

        @Override
        public String toString() {
            return "EnumCollections[" + roles + ", " + lastSeen + ", " + members + ']';
        }
    }

    /** Concurrent collections, as a state machine shares them between threads. */
    public static class ConcurrentState {
        private ConcurrentHashMap<String, Long> versions = new ConcurrentHashMap<>();
        private ConcurrentMap<String, NodeId> owners = new ConcurrentHashMap<>();
        private ConcurrentSkipListMap<Long, String> log = new ConcurrentSkipListMap<>();
        private ConcurrentNavigableMap<String, Integer> ranked = new ConcurrentSkipListMap<>();
        private ConcurrentSkipListSet<String> keys = new ConcurrentSkipListSet<>();
        private CopyOnWriteArrayList<NodeId> listeners = new CopyOnWriteArrayList<>();

        static ConcurrentState sample() {
            ConcurrentState s = new ConcurrentState();
            s.versions.put("a", 1L);
            s.versions.put("b", 2L);
            s.owners.put("lock", NodeId.of("n1"));
            s.log.put(3L, "third");
            s.log.put(1L, "first");
            s.ranked.put("z", 26);
            s.keys.addAll(List.of("k2", "k1"));
            s.listeners.addAll(List.of(NodeId.of("x"), NodeId.of("x")));
            return s;
        }

        private List<Object> all() {
            return java.util.Arrays.asList(versions, owners, log, ranked, keys, listeners);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ConcurrentState s && all().equals(s.all());
        }

        @Override
        public int hashCode() {
            return all().hashCode();
        }

        @Override
        public String toString() {
            return "ConcurrentState" + all();
        }
    }

    /** Atomics and a {@code Date}, in a final class with one constructor (so it goes field by field). */
    public static final class Counters {
        private final AtomicLong applied;
        private final AtomicInteger retries;
        private final AtomicBoolean open;
        private final Date created;

        /** Wraps the values. */
        public Counters(long applied, int retries, boolean open, Date created) {
            this.applied = new AtomicLong(applied);
            this.retries = new AtomicInteger(retries);
            this.open = new AtomicBoolean(open);
            this.created = created == null ? null : new Date(created.getTime());
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Counters c && applied.get() == c.applied.get() && retries.get() == c.retries.get()
                    && open.get() == c.open.get() && Objects.equals(created, c.created);
        }

        @Override
        public int hashCode() {
            return Objects.hash(applied.get(), retries.get(), open.get(), created);
        }

        @Override
        public String toString() {
            return "Counters[" + applied + ", " + retries + ", " + open + ", " + created + ']';
        }
    }

    /** Fields declared {@code Number} and {@code CharSequence}, in a record. */
    public record Measure(Number amount, Number count, List<Number> samples, CharSequence label,
            Map<CharSequence, Number> extra) {
    }
}
