package io.raftwire.cli.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.raftwire.cli.Run;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.transport.netty.testkit.Await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class MetricsEndpointTest {

    private static final Map<String, String> PLAIN = Map.of("raftwire.tls.enabled", "false",
            "raftwire.metrics.port", "0");

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<String> send(String url, String method) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theEndpointIsOffByDefault() {
        assertTrue(MetricsEndpoint.start(RaftwireConfig.defaults(), registry, () -> { }).isEmpty());
        NodeMetricsExport export = NodeMetricsExport.of(RaftwireConfig.defaults());
        assertTrue(export.url().isEmpty());
    }

    @Test
    void getMetricsAnswersTheRegistryAfterBringingItUpToDate() throws Exception {
        Counter counter = Counter.builder("raftwire.test.things").register(registry);
        AtomicInteger refreshed = new AtomicInteger();
        try (MetricsEndpoint endpoint = MetricsEndpoint.start(RaftwireConfig.of(PLAIN), registry, () -> {
            refreshed.incrementAndGet();
            counter.increment();
        }).orElseThrow()) {
            assertEquals(InetAddress.getLoopbackAddress(), endpoint.address().getAddress(), "127.0.0.1 by default");
            HttpResponse<String> r = send(endpoint.url(), "GET");

            assertEquals(200, r.statusCode());
            assertEquals("text/plain; version=0.0.4; charset=utf-8", r.headers().firstValue("Content-Type")
                    .orElseThrow());
            assertTrue(r.body().contains("raftwire_test_things_total 1.0"), r.body());
            assertEquals(1, refreshed.get());
        }
    }

    @Test
    void anotherPathIs404AndAnotherMethod405() throws Exception {
        try (MetricsEndpoint endpoint = MetricsEndpoint.start(RaftwireConfig.of(PLAIN), registry, () -> { })
                .orElseThrow()) {
            String base = "http://127.0.0.1:" + endpoint.address().getPort();
            HttpResponse<String> notFound = send(base + "/status", "GET");
            assertEquals(404, notFound.statusCode());
            assertEquals("not found: /status (expected: /metrics)\n", notFound.body());

            HttpResponse<String> post = send(base + "/metrics", "POST");
            assertEquals(405, post.statusCode());
            assertEquals("GET", post.headers().firstValue("Allow").orElseThrow());
            assertEquals("method not allowed (expected: GET)\n", post.body());
        }
    }

    /** Two requests at work and 16 waiting: the connection of one more is closed at once, the others are answered. */
    @Test
    void aRequestBeyondTheQueueHasItsConnectionClosedAndTheOthersAreAnswered() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService readers = Executors.newCachedThreadPool();
        try (MetricsEndpoint endpoint = MetricsEndpoint.start(RaftwireConfig.of(PLAIN), registry, () -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }).orElseThrow()) {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < 19; i++) {
                answers.add(readers.submit(() -> firstLine(endpoint.address().getPort())));
            }
            Await.until(Duration.ofSeconds(10), () -> answers.stream().anyMatch(Future::isDone),
                    () -> "a refused connection");
            release.countDown();
            List<String> lines = new ArrayList<>();
            for (Future<String> a : answers) {
                lines.add(a.get(20, TimeUnit.SECONDS));
            }
            assertEquals(18, lines.stream().filter("HTTP/1.1 200 OK"::equals).count(), lines.toString());
            assertEquals(1, lines.stream().filter("closed"::equals).count(), lines.toString());
        } finally {
            release.countDown();
            readers.shutdownNow();
        }
    }

    /** Sends GET /metrics on a new connection; the status line of the answer, or "closed" if none came. */
    private static String firstLine(int port) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write("GET /metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.US_ASCII));
            try {
                String line = in.readLine();
                return line == null ? "closed" : line;
            } catch (SocketException e) {
                return "closed"; // reset rather than closed
            }
        }
    }

    @Test
    void aPortInUseIsRefusedNamingTheKeys() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            RaftwireConfig config = RaftwireConfig.of(Map.of("raftwire.tls.enabled", "false",
                    "raftwire.metrics.port", String.valueOf(taken.getLocalPort())));
            UncheckedIOException e = assertThrows(UncheckedIOException.class,
                    () -> MetricsEndpoint.start(config, registry, () -> { }));
            assertTrue(e.getMessage().startsWith("cannot listen for scrapes on 127.0.0.1:" + taken.getLocalPort()
                    + " (raftwire.metrics.bind, raftwire.metrics.port): "), e.getMessage());
        }
    }

    @Test
    void theNodeCommandRefusesAPortOutOfRangeNamingTheKey(@TempDir Path dir) throws IOException {
        Path config = dir.resolve("node.properties");
        Files.writeString(config, "raftwire.tls.enabled = false\nraftwire.metrics.port = 70000\n");

        Run run = Run.of("node", "--config", config.toString());

        assertEquals(io.raftwire.cli.ExitCodes.CONFIG, run.status(), run.err());
        assertTrue(run.err().contains("raftwire.metrics.port = 70000 (expected: -1..65535)"), run.err());
    }
}
