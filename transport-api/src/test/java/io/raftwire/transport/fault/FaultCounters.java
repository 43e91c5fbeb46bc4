package io.raftwire.transport.fault;

/**
 * What a {@link FaultPlan} has done so far, over all its links: counts of frames (a request or a one-way message).
 *
 * @param decided    frames that met a link with faults
 * @param blackholed frames lost to a blackholed link
 * @param dropped    frames lost to the drop rate
 * @param duplicated frames sent twice
 * @param delayed    frame copies held back by a delay
 * @param reordered  frame copies passed through a reorder window
 */
public record FaultCounters(long decided, long blackholed, long dropped, long duplicated, long delayed,
                            long reordered) {
}
