package io.raftwire.chaos;

import io.microraft.statemachine.StateMachine;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.log.QueryEntry;
import io.raftwire.node.KvNodes;
import io.raftwire.node.kv.KvPut;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.kv.OperationCodec;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A deliberately broken KV state machine (test code only), to prove the chaos checks catch what a broken store does.
 * It wraps the real {@link KvStateMachine} and misbehaves deterministically, on content and log order only, so that
 * every member misbehaves alike (the Raft group stays healthy; only clients can tell):
 * <ul>
 *   <li>{@link Bug#STALE_READ}: every other read is answered from a copy of the store that lags
 *       {@value #LAG} entries behind, as a follower serving reads from its own older state would;</li>
 *   <li>{@link Bug#LOST_WRITE}: one put in eight (by its value) is acknowledged but written to another key;</li>
 *   <li>{@link Bug#DUPLICATE_APPLY}: each command on the key {@value #FILLER} is replaced by a second application of
 *       an earlier put (the put before the last put of the key last put), as a store that applied a retried command
 *       twice would.</li>
 * </ul>
 * Raft thread only, like any state machine.
 */
final class PlantedBugStateMachine implements StateMachine, ChaosCluster.Unwrappable {

    enum Bug { STALE_READ, LOST_WRITE, DUPLICATE_APPLY }

    static final int LAG = 30;
    static final String FILLER = "filler";

    private final Bug bug;
    private final KvStateMachine real;
    private final KvStateMachine lagging;
    private final Deque<Object[]> behind = new ArrayDeque<>();
    private final Map<String, OperationCodec> codecs = new HashMap<>();
    private final Map<String, byte[][]> lastTwoPuts = new HashMap<>();
    private String lastPutKey;
    private long queries;

    PlantedBugStateMachine(Bug bug, KvStateMachine real) {
        this.bug = bug;
        this.real = real;
        List<OperationCodec> all = KvNodes.codecs(RaftwireConfig.of(Map.of()), KvNodes.registry());
        all.forEach(c -> codecs.put(c.serializerName(), c));
        this.lagging = new KvStateMachine(all, System::currentTimeMillis);
    }

    @Override
    public KvStateMachine unwrap() {
        return real;
    }

    @Override
    public Object runOperation(long commitIndex, Object operation) {
        if (operation instanceof QueryEntry q) {
            if (bug == Bug.STALE_READ && queries++ % 2 == 0) {
                Object stale = lagging.runOperation(commitIndex, q);
                if (stale instanceof RaftResponse r && r.status() == RaftResponse.Status.OK) {
                    return stale;
                }
            }
            return real.runOperation(commitIndex, operation);
        }
        Object applied = operation instanceof CommandEntry c ? rewrite(c) : operation;
        Object result = real.runOperation(commitIndex, applied);
        if (bug == Bug.STALE_READ && !(operation instanceof io.raftwire.message.log.MetadataEntry)) {
            behind.addLast(new Object[] {commitIndex, operation});
            while (behind.size() > LAG) {
                Object[] e = behind.removeFirst();
                lagging.runOperation((Long) e[0], e[1]);
            }
        }
        return result;
    }

    private Object rewrite(CommandEntry c) {
        if (bug == Bug.STALE_READ) {
            return c;
        }
        OperationCodec codec = codecs.get(OperationCodec.serializerOf(c.operation().id()));
        Object op;
        try {
            op = codec.decode(c.operation());
        } catch (RuntimeException e) {
            return c;
        }
        if (!(op instanceof KvPut put)) {
            return c;
        }
        KvPut replacement = put;
        if (bug == Bug.LOST_WRITE && !put.key().equals("probe")
                && (new String(put.value(), java.nio.charset.StandardCharsets.UTF_8).hashCode() & 7) == 0) {
            replacement = new KvPut("lost-" + put.key(), put.value());
        } else if (bug == Bug.DUPLICATE_APPLY && put.key().equals(FILLER)) {
            byte[][] two = lastPutKey == null ? null : lastTwoPuts.get(lastPutKey);
            if (two != null && two[0] != null) {
                replacement = new KvPut(lastPutKey, two[0]);
            }
        }
        if (!replacement.key().equals(FILLER) && !replacement.key().startsWith("lost-")) {
            byte[][] two = lastTwoPuts.computeIfAbsent(replacement.key(), k -> new byte[2][]);
            two[0] = two[1];
            two[1] = replacement.value();
            lastPutKey = replacement.key();
        }
        return replacement == put ? c : new CommandEntry(c.term(), c.timestamp(), c.session(), c.sequence(),
                codec.command(replacement));
    }

    @Override
    public void takeSnapshot(long commitIndex, Consumer<Object> consumer) {
        real.takeSnapshot(commitIndex, consumer);
    }

    @Override
    public void installSnapshot(long commitIndex, List<Object> chunks) {
        real.installSnapshot(commitIndex, chunks);
        if (bug == Bug.STALE_READ) {
            lagging.installSnapshot(commitIndex, chunks);
            behind.clear();
        }
    }

    @Override
    public Object getNewTermOperation() {
        return real.getNewTermOperation();
    }
}
