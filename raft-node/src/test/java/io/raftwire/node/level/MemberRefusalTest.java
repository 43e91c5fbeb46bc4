package io.raftwire.node.level;

import io.raftwire.node.kv.TwoVersions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.schema.Schema;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The client's gate: a member with other application types is accepted, one with other raftwire types refused. */
class MemberRefusalTest {

    @Test
    void aClientAcceptsAMemberWhoseApplicationTypesDifferEitherWay() {
        assertNull(LevelRules.memberRefusal(TwoVersions.V1.schema(), TwoVersions.V2.schema()));
        assertNull(LevelRules.memberRefusal(TwoVersions.V2.schema(), TwoVersions.V1.schema()));
        assertNull(LevelRules.memberRefusal(TwoVersions.V1.schema(), TwoVersions.V1.schema()));
    }

    @Test
    void aClientRefusesAMemberWhoseRaftwireTypesDifferNamingThem() {
        Schema catalogOnly = TypeRegistry.catalog().schema();
        String refusal = LevelRules.memberRefusal(TwoVersions.V1.schema(), catalogOnly);
        assertTrue(refusal != null && refusal.startsWith("raftwire's own types differ (expected: members and clients"
                + " of one raftwire release): "), String.valueOf(refusal));
    }
}
