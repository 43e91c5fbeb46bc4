package io.raftwire.node.transport;

import io.microraft.RaftNode;
import io.microraft.model.message.RaftMessage;
import io.raftwire.node.engine.EngineInbound;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.store.GroupCommit;
import io.raftwire.transport.MessageHandler;
import io.raftwire.transport.RateLimitedLog;
import io.raftwire.transport.PeerText;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands each Raft message that arrives on the transport to the local Raft node of its group, after checking that the
 * sender it claims is the member id of the connection it came on.
 *
 * <p>MicroRaft trusts {@code getSender()} blindly (any message claiming to be from the leader is treated as such) and
 * does not look at the group id, so both checks live here, before {@link RaftNode#handle}. The connection's member id
 * is what the peer declared at handshake; it is only as trustworthy as the transport's authentication (mutual TLS
 * binds it to a certificate).
 *
 * <p>MicroRaft 0.7's engine gets its AppendEntries requests through {@link EngineInbound}'s liveness workaround.
 *
 * <p>Runs on a transport I/O thread; {@link RaftNode#handle} only enqueues the message on the node's Raft thread.
 * Thread-safe.
 */
public final class RaftMessageRouter implements MessageHandler<RaftMessage> {

    private static final Logger LOG = LoggerFactory.getLogger(RaftMessageRouter.class);

    private final Map<String, EngineInbound> nodes = new ConcurrentHashMap<>();
    private final RaftTransportCounters counters;
    /** A peer can forge a sender on every frame: a few lines per window, the rest counted. */
    private final RateLimitedLog peerWarnings = new RateLimitedLog(LOG);

    /** @param counters where received and refused messages are counted */
    public RaftMessageRouter(RaftTransportCounters counters) {
        this.counters = counters;
    }

    /**
     * Routes messages of {@code groupId} to {@code node} from now on.
     *
     * @throws IllegalStateException if another node already serves the group
     */
    public void register(String groupId, RaftNode node) {
        register(groupId, node, GroupCommit.IMMEDIATE);
    }

    /**
     * Routes messages of {@code groupId} to {@code node} from now on; the node's store makes the follower's flushes
     * asynchronous (see {@link EngineInbound}).
     *
     * @throws IllegalStateException if another node already serves the group
     */
    public void register(String groupId, RaftNode node, GroupCommit store) {
        register(groupId, new EngineInbound(node, store));
    }

    /**
     * Routes messages of {@code groupId} to {@code inbound} from now on.
     *
     * @throws IllegalStateException if another node already serves the group
     */
    public void register(String groupId, EngineInbound inbound) {
        if (nodes.putIfAbsent(groupId, inbound) != null) {
            throw new IllegalStateException("group " + groupId + " already has a local Raft node (expected: one per"
                    + " group)");
        }
    }

    /** Stops routing messages of {@code groupId}. */
    public void unregister(String groupId) {
        nodes.remove(groupId);
    }

    @Override
    public void handle(String from, RaftMessage message) {
        NodeEndpoint sender = (NodeEndpoint) message.getSender();
        if (!sender.id().equals(from)) {
            counters.refusedSender();
            peerWarnings.warn("forged-sender " + from, "refused {} from connection of member {}: it claims sender {}"
                    + " (expected: {})",
                    message.getClass().getSimpleName(), PeerText.escape(from), PeerText.escape(sender.id()),
                    PeerText.escape(from));
            return;
        }
        EngineInbound node = nodes.get((String) message.getGroupId());
        if (node == null) {
            counters.unknownGroup();
            LOG.debug("no local node for group {} of {} from {}", PeerText.escape((String) message.getGroupId()),
                    message.getClass().getSimpleName(), PeerText.escape(from));
            return;
        }
        try {
            node.deliver(message);
            counters.received();
        } catch (RuntimeException e) {
            counters.handleFailed();
            LOG.debug("node of group {} refused {}", PeerText.escape((String) message.getGroupId()), message, e);
        }
    }
}
