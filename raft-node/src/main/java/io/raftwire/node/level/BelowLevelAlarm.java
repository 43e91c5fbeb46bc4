package io.raftwire.node.level;

import io.raftwire.serializer.schema.Schema;

import java.util.Objects;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs at ERROR when a group's levels advance to one this member's build may not run at
 * ({@link LevelRules#startRefusal}): a member restarted with an older build after it announced the newer types, while
 * the leader recorded them, applies that level like every member (the log is the same everywhere), and would only be
 * refused at its next start. The line names the group, the level and what to do; the member goes on.
 *
 * <p>A {@link LevelState#onAdvance} listener: runs on the thread that advanced the state, and never blocks.
 */
public final class BelowLevelAlarm implements Consumer<FeatureLevels> {

    private static final Logger LOG = LoggerFactory.getLogger(BelowLevelAlarm.class);

    private final Schema own;
    private final String name;

    /**
     * @param own  this member's own schema ({@code TypeRegistry.schema()})
     * @param name what the line calls the group: {@code group <id> on <member id>}
     */
    public BelowLevelAlarm(Schema own, String name) {
        this.own = Objects.requireNonNull(own, "own");
        this.name = Objects.requireNonNull(name, "name");
    }

    @Override
    public void accept(FeatureLevels levels) {
        String refusal = LevelRules.startRefusal(own, levels);
        if (refusal != null) {
            LOG.error("{} applied {}, and {}; this member refuses to start at it (expected: restart it with the build"
                    + " of the cluster's level)", name, levels, refusal);
        }
    }
}
