package io.raftwire.node.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class GroupIdsTest {

    @Test
    void groupZeroIsTheClusterAndItsDataDirectoryAsOnAOneGroupMember() {
        assertEquals("raftwire", GroupIds.id("raftwire", 0));
        assertEquals(Path.of("/data"), GroupIds.dataDir(Path.of("/data"), 0));
        assertEquals(0, GroupIds.indexOf("raftwire", 1, "raftwire"));
    }

    @Test
    void otherGroupsAreNumberedAfterTheClusterIdInTheirOwnSubdirectory() {
        assertEquals("raftwire-7", GroupIds.id("raftwire", 7));
        assertEquals(Path.of("/data/group-7"), GroupIds.dataDir(Path.of("/data"), 7));
        for (int i = 0; i < 64; i++) {
            assertEquals(i, GroupIds.indexOf("raftwire", 64, GroupIds.id("raftwire", i)));
        }
    }

    @Test
    void anIdOfNoHostedGroupHasNoIndex() {
        assertEquals(-1, GroupIds.indexOf("raftwire", 8, "raftwire-8"));
        assertEquals(-1, GroupIds.indexOf("raftwire", 8, "raftwire-0"));
        assertEquals(-1, GroupIds.indexOf("raftwire", 8, "raftwire-01"));
        assertEquals(-1, GroupIds.indexOf("raftwire", 8, "raftwire-"));
        assertEquals(-1, GroupIds.indexOf("raftwire", 8, "raftwire-x"));
        assertEquals(-1, GroupIds.indexOf("raftwire", 8, "other-1"));
        assertEquals(-1, GroupIds.indexOf("raftwire", 8, "raftwire-99999"));
    }

    @Test
    void anIndexOutsideTheRangeIsRefusedNamingTheRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GroupIds.id("r", 1024));
        assertEquals("group index 1024 (expected: 0..1023)", e.getMessage());
    }

    @Test
    void sessionIdsOfGroupZeroAreTheStateMachinesOwn() {
        assertEquals(42, SessionIds.global(0, 42));
        assertEquals(0, SessionIds.group(42));
        assertEquals(42, SessionIds.local(42));
    }

    @Test
    void sessionIdsCarryTheirGroupInTheHighBits() {
        long id = SessionIds.global(1023, SessionIds.MAX_LOCAL);
        assertEquals(1023, SessionIds.group(id));
        assertEquals(SessionIds.MAX_LOCAL, SessionIds.local(id));
        assertEquals((5L << 48) | 9, SessionIds.global(5, 9));
        assertEquals(5, SessionIds.group(SessionIds.probe(5)));
        assertEquals(0, SessionIds.local(SessionIds.probe(5)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SessionIds.global(2, 1L << 48));
        assertEquals("session id 281474976710656 of group 2 (expected: 0..281474976710655)", e.getMessage());
    }

    @Test
    void aGroupIsNamedBySuffixAfterTheLastAt() {
        assertEquals(new GroupAddress("kv", "raftwire-3"), GroupAddress.parse("kv@raftwire-3"));
        assertEquals(new GroupAddress("a@b", "raftwire"), GroupAddress.parse("a@b@raftwire"));
        assertNull(GroupAddress.parse("node-1").group());
        assertEquals("node-1@raftwire-2", GroupAddress.of("node-1", "raftwire-2"));
        assertEquals("node-1", GroupAddress.of("node-1", null));
    }
}
