package io.raftwire.node.level;

import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.SchemaCompatibility;
import io.raftwire.serializer.schema.TypeSchema;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The rules of a rolling upgrade, in one place (docs/upgrades.md §2.6): which types may differ between two members,
 * when a peer is accepted, when a member may start on a data directory. Stateless.
 *
 * <p>Only the application's types may differ: raftwire's own (the catalog and engine types, ids below 1024, and the
 * key-value store's and session types, ids {@value #KV_FIRST}..{@value #KV_LAST}) travel directly in frames and store
 * records, which every member reads with its own codec, so they must be equal. The application's types travel as
 * nested bytes (operations, results, events, a {@code ReplicatedStateMachine}'s state), tagged with the feature level
 * they were written at, and are read with that level's schema.
 */
public final class LevelRules {

    /** Lowest id of raftwire's key-value and session types. */
    public static final int KV_FIRST = 1100;
    /** Highest id of raftwire's key-value and session types. */
    public static final int KV_LAST = 1149;
    /** Lowest id an application's type may have. */
    public static final int FIRST_USER_ID = 1024;

    private LevelRules() {
    }

    /** Whether type {@code id} is one of raftwire's own (must be equal on every member) rather than the application's. */
    public static boolean ownType(int id) {
        return id < FIRST_USER_ID || (id >= KV_FIRST && id <= KV_LAST);
    }

    /**
     * The differences between two schemas in raftwire's own types, one sentence each; empty if they are equal.
     */
    public static List<String> ownTypeDifferences(Schema a, Schema b) {
        TreeSet<Integer> ids = new TreeSet<>();
        a.types().forEach(t -> ids.add(t.id()));
        b.types().forEach(t -> ids.add(t.id()));
        List<String> out = new ArrayList<>();
        for (int id : ids) {
            if (!ownType(id)) {
                continue;
            }
            TypeSchema x = a.type(id);
            TypeSchema y = b.type(id);
            if (!Objects.equals(x, y)) {
                out.add("raftwire's type " + id + " (" + name(x, y) + ") differs");
            }
        }
        return out;
    }

    /**
     * Why a peer must be refused, or {@code null} if it may connect: what a member's {@code SchemaGate} answers.
     *
     * @param own    this member's schema
     * @param peer   the peer's
     * @param levels this member's feature levels
     */
    public static String peerRefusal(Schema own, Schema peer, FeatureLevels levels) {
        List<String> own0 = ownTypeDifferences(own, peer);
        if (!own0.isEmpty()) {
            return "raftwire's own types differ (expected: members and clients of one raftwire release): "
                    + String.join("; ", own0);
        }
        if (levels.current().isEmpty()) {
            return "the cluster has recorded no feature level yet (expected: equal types until it has; a cluster"
                    + " records one as soon as every member runs this release with equal types)";
        }
        FeatureLevel current = levels.current().get();
        return refusalAt(peer, levels, current, "the peer");
    }

    /**
     * Why a member must refuse a client, or {@code null} if it may connect: what the {@code SchemaGate} of a member's
     * client-facing transport answers. A client tags every value it writes with the feature level it wrote at and
     * reads a result at its operation's level, so once a level is recorded its application types may differ from
     * the member's in any way; raftwire's own types may not, and before a level is recorded no type may.
     *
     * @param own    this member's schema
     * @param client the client's
     * @param levels this member's feature levels
     */
    public static String clientRefusal(Schema own, Schema client, FeatureLevels levels) {
        List<String> own0 = ownTypeDifferences(own, client);
        if (!own0.isEmpty()) {
            return "raftwire's own types differ (expected: members and clients of one raftwire release): "
                    + String.join("; ", own0);
        }
        if (levels.current().isEmpty()) {
            return "the cluster has recorded no feature level yet (expected: equal types until it has; a cluster"
                    + " records one as soon as every member runs this release with equal types)";
        }
        return null;
    }

    /**
     * Why a client must refuse a member, or {@code null} if it may connect: what the {@code SchemaGate} of a client's
     * transport answers. Only raftwire's own types must be equal: the client learns the group's feature levels with
     * the read query once connected and writes at them, and the member refuses the client itself while no level is
     * recorded ({@link #clientRefusal}).
     *
     * @param own    the client's schema
     * @param member the member's
     */
    public static String memberRefusal(Schema own, Schema member) {
        List<String> own0 = ownTypeDifferences(own, member);
        return own0.isEmpty() ? null : "raftwire's own types differ (expected: members and clients of one raftwire"
                + " release): " + String.join("; ", own0);
    }

    /**
     * Why a member with schema {@code own} must not start on a data directory whose recorded levels are
     * {@code levels}, or {@code null} if it may.
     */
    public static String startRefusal(Schema own, FeatureLevels levels) {
        if (levels.current().isEmpty()) {
            return null;
        }
        return refusalAt(own, levels, levels.current().get(), "this build");
    }

    private static String refusalAt(Schema schema, FeatureLevels levels, FeatureLevel current, String who) {
        if (schema.digest() != current.digest()) {
            int older = levels.levelOf(schema.digest()).orElse(0);
            if (older > 0 && older < current.level()) {
                return who + " has the types of feature level " + older + " (schema "
                        + Long.toHexString(schema.digest()) + "), below the cluster's level " + current.level()
                        + " (expected: the types of level " + current.level() + " or a later build; a downgrade"
                        + " below the cluster's level is refused)";
            }
        }
        SchemaCompatibility.Result read = SchemaCompatibility.compare(current.schema(), schema);
        if (!read.compatible()) {
            return who + " cannot read the cluster's feature level " + current.level() + " (schema "
                    + Long.toHexString(current.digest()) + "): " + read.problems().size() + " problem(s): "
                    + String.join("; ", read.problems());
        }
        return null;
    }

    private static String name(TypeSchema x, TypeSchema y) {
        if (x == null) {
            return y.className() + ", only in the second";
        }
        if (y == null) {
            return x.className() + ", only in the first";
        }
        return x.className();
    }
}
