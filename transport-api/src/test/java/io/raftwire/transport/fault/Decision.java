package io.raftwire.transport.fault;

/**
 * What happens to one frame on a link with faults: lost (and why), or delivered as one or two copies, each after its
 * own delay and possibly through the reorder window.
 *
 * @param lostBy       {@code null} if delivered, else why it is lost ("blackholed" or "dropped")
 * @param delaysNanos  one delay per copy; empty if lost
 * @param reorderWindow the link's window; {@code > 1} means each copy goes through it
 */
record Decision(String lostBy, long[] delaysNanos, int reorderWindow) {

    boolean lost() {
        return lostBy != null;
    }
}
