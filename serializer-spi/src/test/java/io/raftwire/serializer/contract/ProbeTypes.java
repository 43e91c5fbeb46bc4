package io.raftwire.serializer.contract;

import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.TypeRegistry;

import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * User types that each probe one provider property, registered only by the contract tests that need them (never in
 * {@link Fixtures#registry()}, so fixtures and golden files do not depend on them).
 */
public final class ProbeTypes {

    /** Wire id of {@link Keeper}. */
    public static final int KEEPER_ID = 2001;
    /** Wire id of {@link Reentry}. */
    public static final int REENTRY_ID = 2002;
    /** Wire id of {@link Probe}. */
    public static final int PROBE_ID = 2003;

    /**
     * What {@link Probe}'s constructor runs, if anything, on the calling thread; set by a test around one decode. A
     * thread-local, so a test can only ever trigger it on its own thread.
     */
    static final ThreadLocal<Consumer<Serializer>> ON_CONSTRUCT = new ThreadLocal<>();
    /** The serializer {@link #ON_CONSTRUCT} is handed. */
    static final ThreadLocal<Serializer> SERIALIZER = new ThreadLocal<>();

    private ProbeTypes() {
    }

    /** The catalog, the {@link UserTypes} and the probe types. */
    public static TypeRegistry registry() {
        return TypeRegistry.builder()
                .register(UserTypes.TREE_NODE_ID, UserTypes.TreeNode.class)
                .register(KEEPER_ID, Keeper.class)
                .register(REENTRY_ID, Reentry.class)
                .register(PROBE_ID, Probe.class)
                .build();
    }

    /**
     * A record that keeps the collections it is given, as a careless application type would: whatever the decoder
     * hands its constructor is what the decoded value exposes.
     */
    public record Keeper(List<String> names, Set<String> tags) {
    }

    /** A value whose nested {@link Probe} is read between two strings: what comes after it shows a disturbed read. */
    public record Reentry(String before, Probe probe, String after) {
    }

    /** A value whose constructor runs {@link #ON_CONSTRUCT}, which may serialize on the same thread. */
    public record Probe(String label) {
        /** Runs the hook of the calling thread, if one is set. */
        public Probe {
            Consumer<Serializer> hook = ON_CONSTRUCT.get();
            if (hook != null) {
                hook.accept(SERIALIZER.get());
            }
        }
    }
}
