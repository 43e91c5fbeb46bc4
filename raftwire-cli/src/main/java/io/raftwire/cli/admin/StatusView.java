package io.raftwire.cli.admin;

import io.raftwire.node.admin.MemberStatus;
import io.raftwire.node.admin.NodeStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What {@code raftwire status} shows: the status of the member asked and, for the members' match index and lag, the
 * leader's status (the member asked, if it leads) or why there is none. Immutable.
 *
 * @param asked        the status of the member asked
 * @param leader       the leader's status, where the lag comes from; {@code null} if it is unknown
 * @param lagUnknownBecause why the lag is unknown; empty when {@code leader} is given
 */
record StatusView(NodeStatus asked, NodeStatus leader, String lagUnknownBecause) {

    StatusView {
        Objects.requireNonNull(asked, "asked");
        Objects.requireNonNull(lagUnknownBecause, "lagUnknownBecause");
    }

    /** A view whose lag comes from {@code leader}. */
    static StatusView withLeader(NodeStatus asked, NodeStatus leader) {
        return new StatusView(asked, leader, "");
    }

    /** A view without lag, saying why. */
    static StatusView withoutLag(NodeStatus asked, String because) {
        return new StatusView(asked, null, because);
    }

    /**
     * The members as the member asked sees them, each with its match index and lag from the leader's status where the
     * leader knows them ({@code -1} otherwise).
     */
    List<MemberStatus> members() {
        List<MemberStatus> list = new ArrayList<>();
        for (MemberStatus m : asked.members()) {
            MemberStatus known = leader == null ? null : leader.memberOf(m.id());
            list.add(known == null ? new MemberStatus(m.id(), m.address(), m.role(), -1, -1)
                    : new MemberStatus(m.id(), m.address(), m.role(), known.matchIndex(), known.lag()));
        }
        return list;
    }
}
