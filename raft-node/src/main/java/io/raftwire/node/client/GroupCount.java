package io.raftwire.node.client;

import io.raftwire.config.ConfigKeys;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.group.GroupIds;
import io.raftwire.node.group.SessionIds;
import io.raftwire.transport.Transport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Checks how many groups the members host against the count a client was configured with, by leader probes
 * ({@link SessionIds#probe}: answered by the member, no log entry). A member answers the probe of a group index it
 * hosts (running or not) and refuses one of an index at or above its {@code raftwire.groups} with
 * {@link RaftError.Type#PROTOCOL_ERROR}; the indexes it hosts are {@code 0..groups-1}, so probing {@code count-1} and
 * {@code count} settles a match, and on a mismatch a binary search over the indexes finds the members' count.
 * Blocking; thread-safe.
 */
final class GroupCount {

    private final Transport transport;
    private final List<String> members;
    private final Duration timeout;
    /** The member that answered the first probe: asked the rest (one member's count, not a mix). */
    private String answering;

    GroupCount(Transport transport, List<String> members, Duration timeout) {
        this.transport = transport;
        this.members = List.copyOf(members);
        this.timeout = timeout;
    }

    /**
     * @param count the group count of the client's configuration, 1..{@link GroupIds#MAX_GROUPS}
     * @throws ClientException naming both counts and {@code raftwire.groups} if the members host another count, or
     *                         naming each member's failure if none answered
     */
    synchronized void require(int count) {
        if (count < 1 || count > GroupIds.MAX_GROUPS) {
            throw new IllegalArgumentException("group count = " + count + " (expected: 1.." + GroupIds.MAX_GROUPS
                    + ")");
        }
        boolean last = hosts(count - 1);
        boolean next = count < GroupIds.MAX_GROUPS && hosts(count);
        if (last && !next) {
            return;
        }
        int hosted = last ? firstRefused(count + 1, GroupIds.MAX_GROUPS) : firstRefused(1, count - 1);
        throw new ClientException("member " + answering + " hosts " + hosted + " group(s), but "
                + ConfigKeys.GROUPS.name() + " = " + count + " here (expected: the members' " + ConfigKeys.GROUPS.name()
                + ", " + hosted + ", in the client's configuration: with another count keys would be read and written"
                + " in the wrong groups)", null, null);
    }

    /**
     * The member's group count, known to lie in {@code lo..hi}: the smallest index in {@code lo..hi-1} it refuses,
     * or {@code hi} if it hosts all of them (every index below {@code lo} is hosted).
     */
    private int firstRefused(int lo, int hi) {
        int low = lo;
        int high = hi;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (hosts(mid)) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    private boolean hosts(int index) {
        KeepAliveRequest probe = new KeepAliveRequest(new long[] {SessionIds.probe(index)}, new long[] {0},
                new long[] {0});
        List<String> failures = new ArrayList<>();
        for (String member : answering != null ? List.of(answering) : members) {
            try {
                KeepAliveResponse r = transport.request(member, probe, KeepAliveResponse.class, timeout)
                        .get(timeout.toMillis() + 1_000, TimeUnit.MILLISECONDS);
                answering = member;
                return !(r.status() == RaftResponse.Status.ERROR && r.error() != null
                        && r.error().type() == RaftError.Type.PROTOCOL_ERROR);
            } catch (ExecutionException e) {
                failures.add(member + ": " + e.getCause().getMessage());
            } catch (TimeoutException e) {
                failures.add(member + ": no answer within " + timeout.toMillis() + " ms");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ClientException("interrupted while checking the members' group count", null, e);
            }
        }
        throw new ClientException("no member answered the probe of group index " + index + " (checking that the members"
                + " host " + ConfigKeys.GROUPS.name() + " groups): " + String.join("; ", failures), null, null);
    }
}
