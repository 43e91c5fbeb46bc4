/**
 * Fault injection for tests, off unless a test turns it on: {@link io.raftwire.transport.fault.FaultyTransport}
 * wraps a node's {@link io.raftwire.transport.Transport} and applies a seeded
 * {@link io.raftwire.transport.fault.FaultPlan} to the frames it sends, per directed link
 * ({@link io.raftwire.transport.fault.LinkFaults}: drop a fraction, delay by a fixed time ± jitter, duplicate,
 * reorder within a window, blackhole without closing the connection). Rules change at run time; every random
 * decision comes from the plan's one seeded source, and the seed is logged so that a run can be replayed.
 *
 * <p>Faults that need real sockets (a reset in the middle of a frame, a half-open connection) are made by a TCP proxy
 * in the integration tests instead.
 */
package io.raftwire.transport.fault;
