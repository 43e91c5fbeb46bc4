package io.raftwire.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.raftwire.cli.node.MetricsEndpoint;
import io.raftwire.cli.node.NodeMetricsExport;
import io.raftwire.config.ConfigException;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.it.TestPki;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 3-member cluster whose members export their meters as {@code raftwire node} does (a Prometheus registry and the
 * scrape endpoint on {@code raftwire.metrics.port}), scraped over HTTP: the values that must move do.
 */
class MetricsIT {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final Pattern LINE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})? (\\S+)");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private static final Map<String, String> BASE = Map.of("raftwire.serializer", "kryo",
            "raftwire.cluster.id", "it-metrics", "raftwire.tls.enabled", "false",
            "raftwire.raft.election-timeout-ms", "300", "raftwire.raft.heartbeat-timeout-secs", "2",
            "raftwire.transport.reconnect-initial-backoff-ms", "20", "raftwire.metrics.port", "0");

    @TempDir
    Path data;

    /** The survivors' lanes warn while they cannot reach the leader this test stops. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane");

    private final Map<String, NodeMetricsExport> exports = new ConcurrentHashMap<>();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @AfterEach
    void closeEndpoints() {
        exports.values().forEach(NodeMetricsExport::close);
    }

    /** Builds a member the way {@code raftwire node} does, its scrape endpoint open. */
    private RaftwireNode node(RaftwireConfig config) {
        NodeMetricsExport export = NodeMetricsExport.of(config);
        RaftwireNode node = export.configure(KvNodes.nodeBuilder(config)).build();
        try {
            export.start(node);
        } catch (RuntimeException e) {
            node.close();
            throw e;
        }
        NodeMetricsExport before = exports.put(node.memberId(), export);
        if (before != null) {
            before.close();
        }
        return node;
    }

    /** One sample: a name, its labels, its value. */
    private record Sample(String name, Map<String, String> labels, double value) {
    }

    private List<Sample> scrape(String member) {
        String url = exports.get(member).url().orElseThrow();
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                    .build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            assertEquals(200, r.statusCode(), url);
            List<Sample> samples = new ArrayList<>();
            for (String line : r.body().split("\n")) {
                Matcher m = LINE.matcher(line);
                if (!line.startsWith("#") && m.matches()) {
                    Map<String, String> labels = new HashMap<>();
                    Matcher l = LABEL.matcher(m.group(3) == null ? "" : m.group(3));
                    while (l.find()) {
                        labels.put(l.group(1), l.group(2));
                    }
                    samples.add(new Sample(m.group(1), labels, Double.parseDouble(m.group(4))));
                }
            }
            return samples;
        } catch (IOException e) {
            throw new UncheckedIOException(url, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The one sample named {@code name} whose labels include {@code labels}; NaN if there is none. */
    private static double value(List<Sample> samples, String name, String... labels) {
        Map<String, String> want = new LinkedHashMap<>();
        for (int i = 0; i < labels.length; i += 2) {
            want.put(labels[i], labels[i + 1]);
        }
        List<Sample> found = samples.stream().filter(s -> s.name().equals(name)
                && s.labels().entrySet().containsAll(want.entrySet())).toList();
        assertTrue(found.size() <= 1, name + " " + want + " matches " + found);
        return found.isEmpty() ? Double.NaN : found.get(0).value();
    }

    private double value(String member, String name, String... labels) {
        return value(scrape(member), name, labels);
    }

    @Test
    @Timeout(90)
    void theScrapedValuesMoveWithWritesAndALeaderChange() throws Exception {
        try (LocalCluster cluster = LocalCluster.start(3, BASE, data, this::node)) {
            int leader = cluster.awaitLeader(WAIT);
            String leaderId = LocalCluster.id(leader);
            double commitBefore = value(leaderId, "raftwire_raft_commit_index");
            try (KvClient kv = KvNodes.client(RaftwireClient.builder(cluster.config(0), KvNodes.registry(),
                    cluster.clientAddresses()).operationTimeout(WAIT))) {
                kv.session().connect();
                List<CompletableFuture<?>> puts = new ArrayList<>();
                for (int i = 0; i < 20; i++) {
                    puts.add(kv.put("k" + i, new byte[] {(byte) i}));
                }
                CompletableFuture.allOf(puts.toArray(CompletableFuture[]::new)).get();
            }
            double commitAfter = value(leaderId, "raftwire_raft_commit_index");
            assertTrue(commitAfter >= commitBefore + 20, "commit index " + commitBefore + " -> " + commitAfter);
            Map<String, Double> applied = new LinkedHashMap<>();
            Await.until(WAIT, () -> {
                applied.clear();
                for (int i = 0; i < 3; i++) {
                    applied.put(LocalCluster.id(i), value(LocalCluster.id(i), "raftwire_raft_last_applied_index"));
                }
                return applied.values().stream().distinct().count() == 1 && applied.get(leaderId) >= commitAfter;
            }, () -> "last applied index per member " + applied + ", the leader's commit index " + commitAfter);

            List<Sample> onLeader = scrape(leaderId);
            assertEquals(1, value(onLeader, "raftwire_raft_role", "role", "LEADER"));
            for (int i = 0; i < 3; i++) {
                String id = LocalCluster.id(i);
                List<Sample> s = scrape(id);
                assertTrue(value(s, "raftwire_store_fsync_seconds_count") > 0, id + " fsyncs");
                assertTrue(value(s, "raftwire_store_appended_bytes_total") > 0, id + " appended bytes");
                assertTrue(value(s, "raftwire_store_segments") >= 1, id + " segments");
                assertTrue(value(s, "raftwire_transport_connections_open", "transport", "members") >= 2,
                        id + " accepted its two peers' connections");
                assertEquals(0, value(s, "raftwire_transport_tls_failures_total", "transport", "members"), id);
                if (i != leader) {
                    Await.until(WAIT, () -> value(leaderId, "raftwire_raft_follower_lag_entries", "follower", id) == 0,
                            () -> id + " caught up, as its leader sees it");
                    assertTrue(value(leaderId, "raftwire_raft_follower_match_index", "follower", id) >= commitAfter,
                            id + "'s match index");
                    assertTrue(value(s, "raftwire_transport_frames_received_total", "transport", "members",
                            "type", "AppendEntriesRequestModel") > 0, id + " received AppendEntries");
                }
            }
            assertTrue(value(onLeader, "raftwire_transport_frames_sent_total", "transport", "members", "type",
                    "AppendEntriesRequestModel") > 0, "the leader sent AppendEntries");
            assertTrue(value(onLeader, "raftwire_transport_sent_bytes_total", "transport", "members", "type",
                    "AppendEntriesRequestModel") > 0, "the leader sent AppendEntries bytes");
            double commands = 0;
            for (int i = 0; i < 3; i++) {
                commands += value(LocalCluster.id(i), "raftwire_sessions_commands_total");
            }
            assertTrue(commands >= 20, "command requests received by the members: " + commands);

            int survivor = (leader + 1) % 3;
            String survivorId = LocalCluster.id(survivor);
            double term = value(survivorId, "raftwire_raft_term");
            double changes = value(survivorId, "raftwire_raft_leader_changes_total");
            cluster.stop(leader);
            int next = cluster.awaitLeader(WAIT);
            String nextId = LocalCluster.id(next);
            Await.until(WAIT, () -> value(nextId, "raftwire_raft_role", "role", "LEADER") == 1
                    && value(survivorId, "raftwire_raft_leader_changes_total") > changes,
                    () -> "a new leader in the scrapes of " + nextId + " and " + survivorId);
            assertTrue(value(nextId, "raftwire_raft_term") > term, "a new term after " + term);
            assertTrue(logs.lines().stream().allMatch(l -> l.contains("cannot connect to " + leaderId + " at ")),
                    "only the stopped leader is unreachable: " + logs.lines());
        }
    }

    @Test
    @Timeout(60)
    void theEndpointIsOffUnlessConfigured() {
        Map<String, String> off = new HashMap<>(BASE);
        off.remove("raftwire.metrics.port");
        try (LocalCluster cluster = LocalCluster.start(1, off, null, this::node)) {
            assertTrue(exports.get(LocalCluster.id(0)).address().isEmpty(), "no scrape port bound");
            assertTrue(cluster.node(0).metrics().isEmpty(), "no meters bound");
        }
    }

    /**
     * With TLS on, the endpoint is HTTPS with the member's certificate and answers only a scraper that shows a client
     * certificate issued by the cluster's CA.
     */
    @Test
    @Timeout(60)
    void withTlsTheEndpointWantsAClientCertificateOfTheClusterCa(@TempDir Path pkiDir) throws Exception {
        TestPki pki = new TestPki(pkiDir, "metrics-ca");
        TestPki.MemberFiles member = pki.member("it-metrics", "node-1");
        TestPki.MemberFiles scraper = pki.named("raftwire://it-metrics/client/prometheus", "scraper");
        RaftwireConfig config = RaftwireConfig.of(Map.of("raftwire.cluster.id", "it-metrics",
                "raftwire.node.id", "node-1", "raftwire.metrics.port", "0",
                "raftwire.tls.certificate-file", member.certificate().toString(),
                "raftwire.tls.private-key-file", member.privateKey().toString(),
                "raftwire.tls.trust-file", member.trust().toString()));
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Counter.builder("raftwire.test.scrapes").register(registry).increment();
        try (MetricsEndpoint endpoint = MetricsEndpoint.start(config, registry, () -> { }).orElseThrow()) {
            assertTrue(endpoint.url().startsWith("https://127.0.0.1:"), endpoint.url());

            HttpsURLConnection withCertificate = https(endpoint.url(), tls(scraper, true));
            assertEquals(200, withCertificate.getResponseCode());
            String body = new String(withCertificate.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(body.contains("raftwire_test_scrapes_total 1.0"), body);

            HttpsURLConnection without = https(endpoint.url(), tls(scraper, false));
            assertThrows(IOException.class, without::getResponseCode, "a scraper without a client certificate");
        }
    }

    /** A connection that trusts the CA in {@code files}, without checking the host name (the member's certificate
     * names its raftwire id, not 127.0.0.1). */
    private static HttpsURLConnection https(String url, SSLContext context) throws IOException {
        HttpsURLConnection c = (HttpsURLConnection) URI.create(url).toURL().openConnection();
        c.setSSLSocketFactory(context.getSocketFactory());
        c.setHostnameVerifier((host, session) -> true);
        c.setConnectTimeout(5000);
        c.setReadTimeout(10_000);
        return c;
    }

    /** A client TLS context trusting the CA of {@code files}, showing their certificate if {@code present}. */
    private static SSLContext tls(TestPki.MemberFiles files, boolean present) throws Exception {
        CertificateFactory x509 = CertificateFactory.getInstance("X.509");
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(files.trust())) {
            trust.setCertificateEntry("ca", x509.generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        KeyStore own = KeyStore.getInstance("PKCS12");
        own.load(null, null);
        if (present) {
            String pem = Files.readString(files.privateKey(), StandardCharsets.US_ASCII)
                    .replaceAll("-----[A-Z ]+-----", "");
            PrivateKey key = KeyFactory.getInstance("EC").generatePrivate(
                    new PKCS8EncodedKeySpec(Base64.getMimeDecoder().decode(pem)));
            try (InputStream in = Files.newInputStream(files.certificate())) {
                own.setKeyEntry("me", key, new char[0], x509.generateCertificates(in).toArray(Certificate[]::new));
            }
        }
        kmf.init(own, new char[0]);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return context;
    }

    @Test
    void aPortOutOfRangeIsRefusedNamingTheKey() {
        Map<String, String> bad = new HashMap<>(BASE);
        bad.put("raftwire.metrics.port", "65536");
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.of(bad));
        assertTrue(e.getMessage().contains("raftwire.metrics.port = 65536 (expected: -1..65535)"), e.getMessage());
    }
}
