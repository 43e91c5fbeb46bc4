package io.raftwire.bench.cluster;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One run of the cluster benchmark: a cluster kind, the serializer and the durability. Each run gets a JVM of its own
 * (or runs in the caller's, for the smoke test).
 *
 * @param kind       what runs
 * @param serializer {@code kryo}, {@code protostuff} or {@code jdk} (the ideal ignores it: {@code none})
 * @param durable    whether the KV members keep a durable log (only {@link Kind#KV})
 * @param sessionMillis the KV client's session timeout in ms (keep-alives go at a third of it), or 0 for the client's
 *                   default (10 s); only {@link Kind#KV}
 */
record RunSpec(Kind kind, String serializer, boolean durable, long sessionMillis) {

    /** Serializers a run may name. */
    static final Set<String> SERIALIZERS = Set.of("kryo", "protostuff", "jdk");

    /** What a run measures. */
    enum Kind {
        /** MicroRaft on its in-memory LocalTransport ({@link IdealCluster}): (a) and (b). */
        IDEAL,
        /** The raw Netty loopback echo's round trip ({@code RawRoundTrip}). */
        RAW,
        /** raftwire, durability off, direct {@code replicate} on the leader ({@link DirectCluster}): (a) and (b). */
        DIRECT,
        /** The shipped KV node through client sessions ({@link KvEndToEnd}): (a), (b) and (c). */
        KV;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Checks the combination. */
    RunSpec {
        if (kind == Kind.IDEAL) {
            if (!serializer.equals("none") || durable) {
                throw new IllegalArgumentException("ideal run with serializer " + serializer + ", durable " + durable
                        + " (expected: serializer none, memory)");
            }
        } else if (!SERIALIZERS.contains(serializer)) {
            throw new IllegalArgumentException("serializer = " + serializer + " (expected: one of kryo, protostuff,"
                    + " jdk)");
        }
        if (durable && kind != Kind.KV) {
            throw new IllegalArgumentException(kind.label() + " run with durable = true (expected: only kv runs are"
                    + " durable)");
        }
        if (sessionMillis < 0 || sessionMillis > 0 && (kind != Kind.KV || sessionMillis < 150)) {
            throw new IllegalArgumentException(kind.label() + " run with session timeout " + sessionMillis
                    + " ms (expected: 0 for the default, or >= 150 ms on kv runs only)");
        }
    }

    /** A run with the client's default session timeout. */
    RunSpec(Kind kind, String serializer, boolean durable) {
        this(kind, serializer, durable, 0);
    }

    /** The ideal run. */
    static RunSpec ideal() {
        return new RunSpec(Kind.IDEAL, "none", false, 0);
    }

    /**
     * The row label of the report: {@code ideal}, {@code raw-echo/kryo}, {@code direct/kryo}, {@code kv/kryo/memory},
     * {@code kv/kryo/durable}, {@code kv/kryo/memory/session-300ms}.
     */
    String label() {
        return switch (kind) {
            case IDEAL -> "ideal";
            case RAW -> "raw-echo/" + serializer;
            case DIRECT -> "direct/" + serializer;
            case KV -> "kv/" + serializer + "/" + (durable ? "durable" : "memory")
                    + (sessionMillis == 0 ? "" : "/session-" + sessionMillis + "ms");
        };
    }

    /** The command-line form: {@code <kind> <serializer> memory|durable <session ms, 0: default>}. */
    List<String> args() {
        return List.of(kind.label(), serializer, durable ? "durable" : "memory", Long.toString(sessionMillis));
    }

    /**
     * Parses {@link #args()}.
     *
     * @throws IllegalArgumentException naming the wrong argument and what was expected
     */
    static RunSpec parse(List<String> args) {
        if (args.size() != 4) {
            throw new IllegalArgumentException("run = " + args + " (expected: ideal|raw|direct|kv <serializer>"
                    + " memory|durable <session ms>)");
        }
        Kind kind;
        try {
            kind = Kind.valueOf(args.get(0).toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("kind = " + args.get(0) + " (expected: ideal, raw, direct or kv)", e);
        }
        String durability = args.get(2);
        if (!durability.equals("memory") && !durability.equals("durable")) {
            throw new IllegalArgumentException("durability = " + durability + " (expected: memory or durable)");
        }
        long session;
        try {
            session = Long.parseLong(args.get(3));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("session ms = " + args.get(3) + " (expected: an integer, 0 for the"
                    + " default)", e);
        }
        return new RunSpec(kind, args.get(1), durability.equals("durable"), session);
    }
}
