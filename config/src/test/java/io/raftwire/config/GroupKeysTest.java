package io.raftwire.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The keys of a member of several groups: a group count or a thread count out of range is refused, naming both. */
class GroupKeysTest {

    @Test
    void aGroupOrRaftThreadCountOutOfRangeIsRefusedWithTheRange() {
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.of(Map.of(
                "raftwire.groups", "0", "raftwire.node.raft-threads", "-1", "raftwire.node.sync-threads", "0")));
        assertEquals(List.of("raftwire.groups = 0 (expected: 1..1024)",
                "raftwire.node.raft-threads = -1 (expected: 0..1024)",
                "raftwire.node.sync-threads = 0 (expected: 1..1024)"), e.violations().stream()
                .map(v -> new ConfigViolation(v.key(), v.value(), v.problem(), "").toString()).toList());
        assertEquals(8, RaftwireConfig.of(Map.of("raftwire.groups", "8")).get(ConfigKeys.GROUPS));
    }
}
