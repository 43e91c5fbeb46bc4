package io.raftwire.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.embedded.EmbeddedChannel;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.SerializerSet;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.Echo;
import io.raftwire.transport.netty.testkit.FakeSerializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A lane's connection state machine, with a connector that controls when the handshake completes. */
@ExtendWith(LeakDetectionExtension.class)
class LaneTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    private final EmbeddedHarness harness = new EmbeddedHarness(EmbeddedHarness.quietSettings(),
            SerializerSet.of(FakeSerializer.standard()));
    private final EmbeddedChannel channel = new EmbeddedChannel();

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", Lane.class.getName());

    @AfterEach
    void tearDown() {
        channel.finishAndReleaseAll();
        harness.close();
    }

    /**
     * On loopback the event loop can finish the handshake before {@code Connector.connect} has returned to the thread
     * whose send started the connection. That send must still go out once, after the handshake: it used to see the
     * lane already connected in the middle of queueing and fail with a {@code NullPointerException} thrown out of
     * {@code send}, leaking its frame.
     */
    @Test
    void shouldSendAFrameWhoseConnectionIsHandshakenBeforeConnectReturns() {
        Lane.Connector eventLoopWins = new Lane.Connector() {
            @Override
            public ChannelFuture connect(Connection connection, CompletableFuture<Handshake> handshake) {
                connection.channel(channel);
                Thread loop = new Thread(() -> handshake.complete(
                        harness.context.handshake("", Handshake.Lane.BULK)), "pretend-event-loop");
                loop.setDaemon(true);
                loop.start();
                Await.until(WAIT, handshake::isDone, () -> "the pretend event loop completed the handshake");
                return channel.newSucceededFuture();
            }

            @Override
            public Future<?> schedule(Runnable task, long delayMs) {
                return CompletableFuture.completedFuture(null);
            }
        };
        PeerLink link = new PeerLink(new PeerAddress(EmbeddedHarness.REMOTE, new HostPort("127.0.0.1", 9)),
                harness.context, eventLoopWins);
        Lane bulk = link.laneFor(Integer.MAX_VALUE);
        CompletableFuture<Void> written = new CompletableFuture<>();
        ByteBuf frame = harness.request(FrameKind.ONE_WAY, 0, new Echo(3, "chunk"));

        bulk.submit(frame, null, written);

        Await.value(written, WAIT);
        Frame sent = harness.nextOutbound(channel);
        assertEquals(FrameKind.ONE_WAY, sent.kind());
        assertEquals(new Echo(3, "chunk"), harness.decode(sent));
        assertNull(channel.readOutbound(), "sent exactly once");
        assertFalse(link.urgent().isConnected());
    }

    /**
     * A connector that throws (a bug, a bad address) is a failed attempt like any other: counted, logged, retried. An
     * unreachable peer is normal while a cluster starts, so the WARN comes only once the lane has failed
     * {@link Lane#WARN_AFTER_FAILURES} attempts in a row, and says so; a repeat of the same failure is not warned again.
     */
    @Test
    void shouldWarnAboutAnUnreachablePeerOnlyOnceItStaysUnreachable() {
        List<Runnable> retries = new ArrayList<>();
        PeerLink link = new PeerLink(new PeerAddress(EmbeddedHarness.REMOTE, new HostPort("127.0.0.1", 9)),
                harness.context, new Lane.Connector() {
                    @Override
                    public ChannelFuture connect(Connection connection, CompletableFuture<Handshake> handshake) {
                        throw new UnsupportedOperationException("no sockets in embedded tests");
                    }

                    @Override
                    public Future<?> schedule(Runnable task, long delayMs) {
                        retries.add(task);
                        return CompletableFuture.completedFuture(null);
                    }
                });
        link.start();
        for (int attempt = 1; attempt < Lane.WARN_AFTER_FAILURES; attempt++) {
            assertEquals(attempt, harness.context.metrics().connectFailures.sum());
            assertEquals(List.of(), logs.lines(), "no warning after " + attempt + " failed attempts");
            retries.get(retries.size() - 1).run();
        }
        assertEquals(Lane.WARN_AFTER_FAILURES, harness.context.metrics().connectFailures.sum());
        String warning = logs.await("cannot connect to remote: java.lang.UnsupportedOperationException: no sockets in"
                + " embedded tests; urgent lane still unreachable after " + Lane.WARN_AFTER_FAILURES + " attempts in"
                + " a row, retries in ");
        assertEquals(List.of(warning), logs.lines());
        retries.get(retries.size() - 1).run();
        assertEquals(Lane.WARN_AFTER_FAILURES + 1, harness.context.metrics().connectFailures.sum());
        assertEquals(List.of(warning), logs.lines(), "the same failure again is not warned again");

        CompletableFuture<Void> written = new CompletableFuture<>();
        link.urgent().submit(harness.request(FrameKind.ONE_WAY, 0, new Echo(1, "x")), null, written);
        TransportException e = assertInstanceOf(TransportException.class,
                Await.failure(written, WAIT));
        assertEquals(TransportException.Reason.UNREACHABLE, e.reason());
        assertTrue(e.getMessage().contains("cannot connect to remote: java.lang.UnsupportedOperationException: no"
                + " sockets in embedded tests"), e.getMessage());
        link.close(new TransportException(TransportException.Reason.CLOSED, EmbeddedHarness.REMOTE, "test over",
                null));
    }

    /** A peer that answers and refuses is misconfigured, not slow to start: that is a WARN on the first attempt. */
    @Test
    void shouldWarnAboutARefusalOnTheFirstAttempt() {
        List<EmbeddedChannel> channels = new ArrayList<>();
        PeerLink link = new PeerLink(new PeerAddress(EmbeddedHarness.REMOTE, new HostPort("127.0.0.1", 9)),
                harness.context, new Lane.Connector() {
                    @Override
                    public ChannelFuture connect(Connection connection, CompletableFuture<Handshake> handshake) {
                        EmbeddedChannel ch = new EmbeddedChannel();
                        channels.add(ch);
                        connection.channel(ch);
                        handshake.completeExceptionally(new TransportException(
                                TransportException.Reason.HANDSHAKE_REFUSED, EmbeddedHarness.REMOTE, "remote refused"
                                + " the connection (handshake refused): failed checks: cluster id", null));
                        return ch.newSucceededFuture();
                    }

                    @Override
                    public Future<?> schedule(Runnable task, long delayMs) {
                        return CompletableFuture.completedFuture(null);
                    }
                });
        try {
            link.start();
            assertEquals(1, harness.context.metrics().connectFailures.sum());
            logs.await("remote refused the connection (handshake refused): failed checks: cluster id; urgent lane"
                    + " retries in ");
            link.close(new TransportException(TransportException.Reason.CLOSED, EmbeddedHarness.REMOTE, "test over",
                    null));
        } finally {
            channels.forEach(EmbeddedChannel::finishAndReleaseAll);
        }
    }

    /**
     * A peer that completes every handshake and then drops the connection at once (a crashing handler, a middlebox)
     * must be redialled with a growing delay, like a peer that refuses: the backoff used to restart from the initial
     * delay after every successful handshake, so such a peer was redialled every 50 ms forever.
     */
    @Test
    void shouldBackOffFurtherWhenThePeerDropsEachConnectionRightAfterTheHandshake() {
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings().reconnectInitialBackoffMs(50)
                .reconnectMaxBackoffMs(60_000).reconnectBackoffMultiplier(1.6).reconnectJitter(0),
                SerializerSet.of(FakeSerializer.standard()));
        List<EmbeddedChannel> channels = new ArrayList<>();
        List<Long> delays = new ArrayList<>();
        List<Runnable> retries = new ArrayList<>();
        Lane.Connector acceptsThenDrops = new Lane.Connector() {
            @Override
            public ChannelFuture connect(Connection connection, CompletableFuture<Handshake> handshake) {
                EmbeddedChannel ch = new EmbeddedChannel();
                channels.add(ch);
                connection.channel(ch);
                handshake.complete(h.context.handshake("", Handshake.Lane.URGENT));
                return ch.newSucceededFuture();
            }

            @Override
            public Future<?> schedule(Runnable task, long delayMs) {
                delays.add(delayMs);
                retries.add(task);
                return CompletableFuture.completedFuture(null);
            }
        };
        try {
            PeerLink link = new PeerLink(new PeerAddress(EmbeddedHarness.REMOTE, new HostPort("127.0.0.1", 9)),
                    h.context, acceptsThenDrops);
            link.start();
            for (int drop = 0; drop < 4; drop++) {
                assertTrue(link.urgent().isConnected(), "connected before drop " + drop);
                channels.get(channels.size() - 1).close();
                assertFalse(link.urgent().isConnected());
                retries.get(retries.size() - 1).run();
            }
            assertEquals(List.of(50L, 80L, 128L, 205L), delays);
            assertEquals(5, channels.size(), "one connection per attempt");
            link.close(new TransportException(TransportException.Reason.CLOSED, EmbeddedHarness.REMOTE, "test over",
                    null));
        } finally {
            channels.forEach(EmbeddedChannel::finishAndReleaseAll);
            h.close();
        }
    }
}
