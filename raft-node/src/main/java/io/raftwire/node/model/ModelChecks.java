package io.raftwire.node.model;

import io.microraft.RaftEndpoint;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The invariants of the engine model, in one place. Every model constructor calls these, so a decoded message is
 * refused for the same reasons a locally built one would be.
 */
final class ModelChecks {

    /** Longest member or group id, in characters. */
    static final int MAX_ID_LENGTH = 255;

    private ModelChecks() {
    }

    static String memberId(String id, String name) {
        Objects.requireNonNull(id, name);
        if (id.isEmpty() || id.length() > MAX_ID_LENGTH) {
            throw new IllegalArgumentException(name + " has " + id.length() + " characters (expected: 1.."
                    + MAX_ID_LENGTH + ")");
        }
        for (int i = 0; i < id.length(); i++) {
            if (Character.isISOControl(id.charAt(i))) {
                throw new IllegalArgumentException(name + " contains control character U+"
                        + String.format("%04X", (int) id.charAt(i)) + " at " + i + " (expected: printable)");
            }
        }
        return id;
    }

    static String groupId(Object groupId) {
        if (!(groupId instanceof String s)) {
            throw new IllegalArgumentException("group id " + groupId + " of type "
                    + (groupId == null ? "null" : groupId.getClass().getName()) + " (expected: a String)");
        }
        return memberId(s, "groupId");
    }

    static int notNegative(int value, String name) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " = " + value + " (expected: >= 0)");
        }
        return value;
    }

    static long notNegative(long value, String name) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " = " + value + " (expected: >= 0)");
        }
        return value;
    }

    static <T> T notNull(T value, String name) {
        return Objects.requireNonNull(value, name);
    }

    /** An immutable copy of distinct endpoints in their given order. */
    static List<NodeEndpoint> endpoints(Collection<? extends RaftEndpoint> members, String name) {
        Objects.requireNonNull(members, name);
        List<NodeEndpoint> copy = new ArrayList<>(members.size());
        Set<NodeEndpoint> seen = new HashSet<>();
        for (RaftEndpoint e : members) {
            NodeEndpoint n = NodeEndpoint.of(e);
            if (!seen.add(n)) {
                throw new IllegalArgumentException(name + " lists " + n + " twice (expected: distinct members)");
            }
            copy.add(n);
        }
        return List.copyOf(copy);
    }

    /** Checks that every voting member is a member. */
    static void votingSubset(List<NodeEndpoint> members, List<NodeEndpoint> voting) {
        for (NodeEndpoint v : voting) {
            if (!members.contains(v)) {
                throw new IllegalArgumentException("voting member " + v + " is not among members " + members
                        + " (expected: votingMembers a subset of members)");
            }
        }
    }
}
