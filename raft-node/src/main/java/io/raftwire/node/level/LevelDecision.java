package io.raftwire.node.level;

import io.raftwire.serializer.schema.Schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Whether a group's leader may record its own schema as the next feature level, from what the other members announce
 * (the one rule, contract item 4): every other member of the group announces exactly the leader's own schema digest,
 * and that digest differs from the current level's (or no level is recorded). A pure function of its arguments;
 * immutable.
 *
 * @param kind    what holds
 * @param next    for {@link Kind#PROPOSE}: the history with the leader's schema recorded as the next level; otherwise
 *                {@code null}
 * @param lagging for {@link Kind#WAIT}: one sentence per member that does not announce the leader's digest, by member
 *                id; otherwise empty
 */
public record LevelDecision(Kind kind, FeatureLevels next, List<String> lagging) {

    /** What holds. */
    public enum Kind {
        /** Every member announces the leader's schema, which is not the current level's: record it. */
        PROPOSE,
        /** Every member announces the leader's schema, which is the current level's already: nothing to record. */
        CURRENT,
        /** At least one member announces another schema, or none (unreachable, or a 0.1.0 member). */
        WAIT
    }

    /** The answer an administrator's raise gets when {@link Kind#CURRENT} holds. */
    public static final String NOTHING_TO_RAISE = "nothing to raise: every member runs the current level's types";

    /** Checks the combination of the fields. */
    public LevelDecision {
        Objects.requireNonNull(kind, "kind");
        lagging = List.copyOf(lagging);
        if ((kind == Kind.PROPOSE) != (next != null) || (kind == Kind.WAIT) == lagging.isEmpty()) {
            throw new IllegalArgumentException(kind + " with next " + next + " and lagging " + lagging
                    + " (expected: next only with PROPOSE, lagging members only with WAIT)");
        }
    }

    /**
     * The decision of a leader whose own schema is {@code own}.
     *
     * @param own       the leader's own schema ({@code TypeRegistry.schema()})
     * @param levels    the group's recorded levels, as of the latest committed entry
     * @param announced every other member of the group (learners included) with the digest it announced at its
     *                  current connection's handshake, empty if it has no open connection or announced none
     */
    public static LevelDecision of(Schema own, FeatureLevels levels, Map<String, OptionalLong> announced) {
        long digest = own.digest();
        List<String> lagging = new ArrayList<>();
        new TreeMap<>(announced).forEach((member, d) -> {
            if (d.isEmpty()) {
                lagging.add("member " + member + " is unreachable or announced no schema (expected: schema "
                        + hex(digest) + ", this leader's)");
            } else if (d.getAsLong() != digest) {
                lagging.add("member " + member + " announces schema " + hex(d.getAsLong()) + " (expected: schema "
                        + hex(digest) + ", this leader's)");
            }
        });
        if (!lagging.isEmpty()) {
            return new LevelDecision(Kind.WAIT, null, lagging);
        }
        if (levels.current().isPresent() && levels.current().get().digest() == digest) {
            return new LevelDecision(Kind.CURRENT, null, List.of());
        }
        return new LevelDecision(Kind.PROPOSE, levels.raisedTo(new FeatureLevel(levels.currentLevel() + 1, own)),
                List.of());
    }

    /** Why nothing is recorded, for {@link Kind#CURRENT} and {@link Kind#WAIT}; {@code null} for {@link Kind#PROPOSE}. */
    public String refusal() {
        return switch (kind) {
            case PROPOSE -> null;
            case CURRENT -> NOTHING_TO_RAISE;
            case WAIT -> "not every member runs this leader's types: " + String.join("; ", lagging);
        };
    }

    static String hex(long digest) {
        return Long.toHexString(digest);
    }
}
