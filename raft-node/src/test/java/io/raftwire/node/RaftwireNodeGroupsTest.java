package io.raftwire.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.raftwire.config.RaftwireConfig;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** A {@link RaftwireNode} is a member of one group: a configuration of several is refused, naming the class to use. */
class RaftwireNodeGroupsTest {

    @Test
    void aNodeOfSeveralGroupsIsRefusedPointingToTheMember() {
        RaftwireConfig config = RaftwireConfig.of(Map.of("raftwire.groups", "4", "raftwire.tls.enabled", "false"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KvNodes.nodeBuilder(config).build());
        assertEquals("raftwire.groups = 4 (expected: 1 for a RaftwireNode; a member of several groups is a"
                + " RaftwireMember)", e.getMessage());
    }
}
