package io.raftwire.node.level;

import io.raftwire.node.KvNodes;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A member restarted with an older build after it announced the newer types applies the level its leader recorded
 * from them, as every member does; before the alarm nothing told its operator until the member's next start failed.
 */
@Timeout(30)
class BelowLevelAlarmTest {

    /** A user type the later build has. */
    record Added(String name) {
    }

    static final Schema OLD = KvNodes.registry().schema();
    static final Schema NEW = KvNodes.registry(b -> b.register(1024, Added.class)).schema();
    static final FeatureLevels L1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, OLD));
    static final FeatureLevels L2 = L1.raisedTo(new FeatureLevel(2, NEW));

    @RegisterExtension
    final LogCapture errors = LogCapture.of("ERROR", BelowLevelAlarm.class.getName());

    @Test
    void anOlderBuildApplyingALevelAboveItsTypesIsToldWhatToDo() {
        LevelState state = new LevelState(FeatureLevels.NONE);
        state.onAdvance(new BelowLevelAlarm(OLD, "group g-0 on m1"));
        state.advance(L1); // its own types: nothing to say
        assertEquals(0, errors.lines().size());
        state.advance(L2);
        errors.await("group g-0 on m1 applied " + L2 + ", and this build has the types of feature level 1 (schema "
                + Long.toHexString(OLD.digest()) + "), below the cluster's level 2 (expected: the types of level 2 or"
                + " a later build; a downgrade below the cluster's level is refused); this member refuses to start at"
                + " it (expected: restart it with the build of the cluster's level)");
        assertEquals(1, errors.lines().size());
    }

    @Test
    void theBuildOfTheLevelSaysNothing() {
        LevelState state = new LevelState(L1);
        state.onAdvance(new BelowLevelAlarm(NEW, "group g-0 on m1"));
        state.advance(L2);
        assertEquals(L2, state.get());
        assertEquals(0, errors.lines().size());
    }
}
