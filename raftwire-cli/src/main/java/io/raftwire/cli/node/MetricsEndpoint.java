package io.raftwire.cli.node;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * {@code raftwire node}'s Prometheus scrape endpoint: {@code GET /metrics} on {@code raftwire.metrics.bind}:{@code
 * raftwire.metrics.port} answers the registry's text exposition; any other path is 404, any other method on it 405.
 * With {@code raftwire.tls.enabled} it is HTTPS with the node's certificate and requires of every scraper a client
 * certificate issued by a CA of {@code raftwire.tls.trust-file}, like the node's other ports. Requests are served by
 * two daemon threads with a queue of 16; while 16 wait, the connection of a further request is closed at once. The
 * JDK's {@code HttpServer} does the rest. Thread-safe.
 */
public final class MetricsEndpoint implements AutoCloseable {

    private static final int THREADS = 2;
    private static final int QUEUE = 16;

    private final HttpServer server;
    private final ThreadPoolExecutor executor;
    private final boolean tls;

    private MetricsEndpoint(HttpServer server, ThreadPoolExecutor executor, boolean tls) {
        this.server = server;
        this.executor = executor;
        this.tls = tls;
    }

    /**
     * Opens the endpoint if {@code raftwire.metrics.port} is not -1.
     *
     * @param config       the node's configuration
     * @param registry     what a scrape returns
     * @param beforeScrape brings the meters up to date before each scrape (called on a server thread)
     * @return the endpoint, listening; empty when the port is -1
     * @throws UncheckedIOException     naming the address if it cannot be bound
     * @throws IllegalArgumentException if TLS is on and its files cannot be read
     */
    public static Optional<MetricsEndpoint> start(RaftwireConfig config, PrometheusMeterRegistry registry,
            Runnable beforeScrape) {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(beforeScrape, "beforeScrape");
        int port = config.get(ConfigKeys.METRICS_PORT);
        if (port < 0) {
            return Optional.empty();
        }
        boolean tls = config.get(ConfigKeys.TLS_ENABLED);
        SSLContext context = tls ? MetricsTls.context(config) : null;
        String bind = config.get(ConfigKeys.METRICS_BIND);
        InetSocketAddress address = new InetSocketAddress(bind, port);
        HttpServer server;
        try {
            if (tls) {
                HttpsServer https = HttpsServer.create(address, QUEUE);
                https.setHttpsConfigurator(new HttpsConfigurator(context) {
                    @Override
                    public void configure(HttpsParameters params) {
                        SSLParameters p = context.getDefaultSSLParameters();
                        p.setNeedClientAuth(true);
                        params.setSSLParameters(p);
                    }
                });
                server = https;
            } else {
                server = HttpServer.create(address, QUEUE);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen for scrapes on " + bind + ":" + port + " ("
                    + ConfigKeys.METRICS_BIND.name() + ", " + ConfigKeys.METRICS_PORT.name() + "): " + e.getMessage()
                    + " (expected: a free port on a local address)", e);
        }
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor executor = new ThreadPoolExecutor(THREADS, THREADS, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(QUEUE), r -> {
                    Thread t = new Thread(r, "raftwire-metrics-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                }, new ThreadPoolExecutor.AbortPolicy()); // the JDK's dispatcher closes a refused connection
        server.setExecutor(executor);
        server.createContext("/", exchange -> answer(exchange, registry, beforeScrape));
        server.start();
        return Optional.of(new MetricsEndpoint(server, executor, tls));
    }

    private static void answer(HttpExchange exchange, PrometheusMeterRegistry registry, Runnable beforeScrape)
            throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            if (!"/metrics".equals(exchange.getRequestURI().getPath())) {
                send(exchange, 404, "not found: " + exchange.getRequestURI().getPath() + " (expected: /metrics)\n");
            } else if (!"GET".equals(exchange.getRequestMethod())) {
                exchange.getResponseHeaders().set("Allow", "GET");
                send(exchange, 405, "method not allowed (expected: GET)\n");
            } else {
                beforeScrape.run();
                exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
                send(exchange, 200, registry.scrape());
            }
        }
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** The address the endpoint listens on, with the actual port. */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** The scrape URL, {@code http://} or {@code https://}. */
    public String url() {
        InetSocketAddress a = address();
        return (tls ? "https" : "http") + "://" + a.getHostString() + ":" + a.getPort() + "/metrics";
    }

    /** Stops listening at once and stops the server threads. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
