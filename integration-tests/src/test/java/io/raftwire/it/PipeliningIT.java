package io.raftwire.it;

import io.raftwire.message.MessageType;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.transport.TransportStats;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Many requests in flight from several threads at once, answered on a handler executor: every one completes with its
 * own response (correlation ids never mix), nothing stays pending, and the counters add up. Each sender keeps at most
 * {@value #WINDOW} requests in flight, as a well-behaved pipelining client does: the transport refuses sends beyond
 * the connection's high water mark instead of queueing them (see {@code SlowReaderIT}).
 */
@ExtendWith(LeakDetectionExtension.class)
class PipeliningIT {

    private static final int THREADS = 4;
    private static final int PER_THREAD = 1000;
    private static final int WINDOW = 64;

    @ParameterizedTest
    @MethodSource("providers")
    void shouldMatchEveryResponseToItsRequest(String serializer) {
        ExecutorService handlers = Executors.newFixedThreadPool(2);
        ExecutorService senders = Executors.newFixedThreadPool(THREADS);
        CommandRequest template = (CommandRequest) ItSupport.FIXTURES.realistic(MessageType.COMMAND_REQUEST);
        CommandResponse answer = (CommandResponse) ItSupport.FIXTURES.realistic(MessageType.COMMAND_RESPONSE);
        try (LoopbackCluster c = new LoopbackCluster(List.of("client", "server"), id -> ItSupport.settings(),
                id -> ItSupport.serializers(serializer), t -> t.onRequest(CommandRequest.class, handlers,
                        (from, r) -> CompletableFuture.completedFuture(new CommandResponse(answer.status(),
                                answer.error(), r.sequence(), answer.eventIndex(), answer.result(),
                                answer.lastSequence()))))) {
            c.awaitConnected(ItSupport.WAIT);
            NettyTransport client = c.node("client");
            List<CompletableFuture<Void>> all = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                all.add(CompletableFuture.runAsync(() -> {
                    List<CompletableFuture<Void>> mine = new ArrayList<>();
                    Semaphore window = new Semaphore(WINDOW);
                    for (int i = 0; i < PER_THREAD; i++) {
                        long sequence = thread * 1_000_000L + i;
                        CommandRequest r = new CommandRequest(template.session(), sequence, template.operation());
                        window.acquireUninterruptibly();
                        mine.add(client.request("server", r, CommandResponse.class)
                                .whenComplete((resp, failure) -> window.release())
                                .thenAccept(resp -> assertEquals(sequence, resp.index())));
                    }
                    CompletableFuture.allOf(mine.toArray(new CompletableFuture<?>[0])).join();
                }, senders));
            }
            Await.value(CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0])), ItSupport.WAIT);
            TransportStats stats = client.stats();
            assertEquals(0, stats.requests().pending());
            assertEquals(THREADS * PER_THREAD, stats.message(MessageType.COMMAND_RESPONSE.id()).received());
            assertEquals(THREADS * PER_THREAD, stats.message(MessageType.COMMAND_REQUEST.id()).sent());
        } finally {
            handlers.shutdownNow();
            senders.shutdownNow();
        }
    }

    /**
     * The provider only encodes the payloads; the correlation of responses to requests tested is the transport's. One
     * provider in the default test command (kryo), all three in the long profile ({@link ItProviders}); the codec
     * contract and {@code CatalogRoundTripIT} check every provider's payloads.
     */
    static List<String> providers() {
        return ItProviders.of("kryo", "kryo", "protostuff", "jdk");
    }
}
