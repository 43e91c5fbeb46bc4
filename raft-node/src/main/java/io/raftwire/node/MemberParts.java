package io.raftwire.node;

import io.micrometer.core.instrument.MeterRegistry;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.group.RaftThreads;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.server.ClientRouter;
import io.raftwire.node.server.MembershipGuard;
import io.raftwire.node.store.SyncThread;
import io.raftwire.node.transport.RaftMessageRouter;
import io.raftwire.node.transport.RaftTransportCounters;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.Transport;

import java.time.Clock;
import java.time.Duration;

/**
 * What the groups of one member share: its configuration, its two transports and their routers, its Raft threads
 * and its sync threads.
 *
 * @param guard    who may change membership and leadership and take snapshots, in every group (one, so that its
 *                 rate-limited warnings are limited per member)
 * @param sync     the sync threads the groups' stores share (group i uses {@code sync[i % sync.length]}); empty for a
 *                 member of one group (its store keeps a thread of its own, as before groups existed)
 * @param meters   where the groups' meters go; {@code null} for none
 */
record MemberParts(RaftwireConfig config, TypeRegistry registry, NodeEndpoint self, Transport peers, Transport clients,
        RaftMessageRouter router, RaftTransportCounters counters, ClientRouter clientRouter, MembershipGuard guard,
        RaftThreads threads, SyncThread[] sync, Clock clock, Duration queryTimeout, MeterRegistry meters) {

    /** The sync thread of group {@code index}'s store, or {@code null} for a store with a thread of its own. */
    SyncThread syncOf(int index) {
        return sync.length == 0 ? null : sync[index % sync.length];
    }
}
