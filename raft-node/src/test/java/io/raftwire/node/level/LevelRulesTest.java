package io.raftwire.node.level;

import io.raftwire.node.KvNodes;
import io.raftwire.serializer.schema.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a member's client-facing gate answers. */
@Timeout(30)
class LevelRulesTest {

    /** A user type the later client has. */
    record Added(String name) {
    }

    /** A type in the key-value store's range, standing for a raftwire type another release changed. */
    record Foreign(String name) {
    }

    static final Schema OWN = KvNodes.registry().schema();
    static final Schema LATER = KvNodes.registry(b -> b.register(1024, Added.class)).schema();
    static final FeatureLevels L1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, OWN));

    @Test
    void aClientWithOtherApplicationTypesIsAcceptedOnceALevelIsRecorded() {
        assertEquals("the cluster has recorded no feature level yet (expected: equal types until it has; a cluster"
                + " records one as soon as every member runs this release with equal types)",
                LevelRules.clientRefusal(OWN, LATER, FeatureLevels.NONE));
        assertNull(LevelRules.clientRefusal(OWN, LATER, L1));
        FeatureLevels two = L1.raisedTo(new FeatureLevel(2, LATER));
        assertNull(LevelRules.clientRefusal(LATER, OWN, two),
                "a client of level 1 writes at level 1 and reads its results at level 1, after the raise too");
    }

    @Test
    void aClientWhoseRaftwireTypesDifferIsRefusedAtAnyLevel() {
        Schema foreign = KvNodes.registry(b -> b.register(1149, Foreign.class)).schema();
        String refusal = LevelRules.clientRefusal(OWN, foreign, L1);
        assertTrue(refusal.startsWith("raftwire's own types differ (expected: members and clients of one raftwire"
                + " release): raftwire's type 1149 ("), refusal);
    }
}
