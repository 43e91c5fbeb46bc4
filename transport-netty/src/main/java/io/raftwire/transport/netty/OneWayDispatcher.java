package io.raftwire.transport.netty;

import io.netty.channel.Channel;
import io.raftwire.transport.MessageHandler;
import io.raftwire.transport.RateLimitedLog;
import io.raftwire.transport.netty.HandlerRegistry.Registration;
import io.raftwire.transport.PeerText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs the registered {@link MessageHandler} of a decoded one-way message, on the I/O thread or the handler's
 * executor. Shared by both sides of a connection: one-way messages arrive on accepted connections (a peer's
 * {@code send}) and on outbound ones (a peer's {@code push} over the connection this node opened). A message without a
 * handler, or that failed to decode, is logged (rate-limited, escaped) and dropped: nothing is answered.
 *
 * <p>Thread-safe; one instance per transport.
 */
final class OneWayDispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(OneWayDispatcher.class);

    private final TransportContext context;
    private final Set<Integer> warnedTypes = ConcurrentHashMap.newKeySet();
    private final RateLimitedLog warnings = new RateLimitedLog(LOG);

    OneWayDispatcher(TransportContext context) {
        this.context = context;
    }

    /**
     * Dispatches one one-way message.
     *
     * @param channel the channel it came on (for its peer's name)
     * @param e       the decoded (or failed) envelope; holds no buffer
     */
    void dispatch(Channel channel, Envelope e) {
        String from = ChannelAttributes.peerName(channel);
        if (e.failure() != null) {
            warnings.warn("one-way-decode", "{} cannot decode one-way {} from {}: {}", channel, typeName(e), from,
                    PeerText.escape(e.failure().getMessage()));
            return;
        }
        Registration<MessageHandler<Object>> r = context.handlers().messageHandler(e.message().getClass());
        if (r == null) {
            if (warnedTypes.add(e.typeId())) {
                LOG.warn("no message handler for one-way {} from {} (expected: one registered with "
                        + "Transport.onMessage); dropping this type", typeName(e), from);
            }
            return;
        }
        Runnable task = () -> {
            try {
                r.handler().handle(from, e.message());
            } catch (RuntimeException | LinkageError | AssertionError t) {
                LOG.warn("message handler for {} from {} failed", typeName(e), from, t);
            }
        };
        if (r.executor() == null) {
            task.run();
        } else {
            try {
                r.executor().execute(task);
            } catch (RejectedExecutionException x) {
                LOG.warn("the executor of the message handler for {} rejected it: {}", typeName(e), x.toString());
            }
        }
    }

    private String typeName(Envelope e) {
        return context.serializers().registry().describe(e.typeId()) + " (type " + e.typeId() + ")";
    }
}
