package io.raftwire.node;

import io.micrometer.core.instrument.MeterRegistry;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.group.RaftThreads;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.server.ClientRouter;
import io.raftwire.node.server.MembershipGuard;
import io.raftwire.node.store.SharedLog;
import io.raftwire.node.transport.RaftMessageRouter;
import io.raftwire.node.transport.RaftTransportCounters;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.Transport;

import java.time.Clock;
import java.time.Duration;

/**
 * What the groups of one member share: its configuration, its two transports and their routers, its Raft threads
 * and its shared log.
 *
 * @param guard    who may change membership and leadership and take snapshots, in every group (one, so that its
 *                 rate-limited warnings are limited per member)
 * @param sharedLog the log every group's store writes its entries to ({@link SharedLog}, with one sync thread);
 *                 {@code null} for a member of one group (its store keeps a log and a sync thread of its own, as
 *                 before groups existed) or without a data directory
 * @param meters   where the groups' meters go; {@code null} for none
 */
record MemberParts(RaftwireConfig config, TypeRegistry registry, NodeEndpoint self, Transport peers, Transport clients,
        RaftMessageRouter router, RaftTransportCounters counters, ClientRouter clientRouter, MembershipGuard guard,
        RaftThreads threads, SharedLog sharedLog, Clock clock, Duration queryTimeout, MeterRegistry meters) {
}
