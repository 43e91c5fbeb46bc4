package io.raftwire.node.group;

/**
 * Session ids on a member that hosts several groups: the group's index in bits 48..62, the id its state machine gave
 * the session (the log index of its open entry) in bits 0..47. Group 0's ids are its state machine's own, so a
 * one-group member's ids are unchanged. A session id whose low part is 0 names a group but no session: a keep-alive
 * listing only such an id is a probe of that group (which member leads it), as an empty keep-alive is of group 0.
 * Stateless.
 */
public final class SessionIds {

    /** Where the group index starts. */
    public static final int GROUP_SHIFT = 48;

    /** The largest id a group's state machine may give a session. */
    public static final long MAX_LOCAL = (1L << GROUP_SHIFT) - 1;

    private SessionIds() {
    }

    /**
     * The id a client sees for session {@code local} of group {@code group}.
     *
     * @throws IllegalArgumentException if either is out of range
     */
    public static long global(int group, long local) {
        if (group < 0 || group >= GroupIds.MAX_GROUPS) {
            throw new IllegalArgumentException("group index " + group + " (expected: 0.." + (GroupIds.MAX_GROUPS - 1)
                    + ")");
        }
        if (local < 0 || local > MAX_LOCAL) {
            throw new IllegalArgumentException("session id " + local + " of group " + group + " (expected: 0.."
                    + MAX_LOCAL + ")");
        }
        return ((long) group << GROUP_SHIFT) | local;
    }

    /** The index of the group a client's session id belongs to (may be beyond the member's groups). */
    public static int group(long global) {
        return (int) (global >>> GROUP_SHIFT);
    }

    /** The id the group's state machine knows the session by. */
    public static long local(long global) {
        return global & MAX_LOCAL;
    }

    /** The keep-alive session id that probes group {@code group}: its leader and members, no session kept alive. */
    public static long probe(int group) {
        return global(group, 0);
    }
}
