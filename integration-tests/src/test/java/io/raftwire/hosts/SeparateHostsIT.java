package io.raftwire.hosts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.KvNodes;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.kv.KvResult;
import io.raftwire.program.NodeProcess;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three members on three "hosts": each {@code raftwire node} JVM runs in a network namespace of its own with its own
 * address in {@code 10.77.<n>.0/24} (never 127.0.0.1), the namespaces joined by a bridge, mutual TLS with one CA.
 * The members reach each other by host name ({@code raftwire.peers = node-2=host-2.raftwire.test:7101,...}, names
 * only the member namespaces resolve), the client by address; node-1 and node-2 bind their namespace's address,
 * node-3 binds the wildcard {@code 0.0.0.0}, so what a member binds and what the others use to reach it differ. This JVM is the client, from the root namespace through the bridge. Each test runs a
 * workload, cuts one member off (nftables dropping its traffic, or its link down), checks that the other two keep
 * committing, restores the member, and checks that it catches up and that every member's state machine holds what the
 * client was acknowledged: leadership is handed to each member in turn, and each, while it leads, serves every key
 * with the value and version (log index) of the last acknowledged put.
 *
 * <p>Needs root on Linux with iproute2 (and nftables for the first test); elsewhere the tests are skipped with the
 * reason printed. {@code .ci/run} installs both on CI.
 */
@Tag("long") // starts three JVMs of its own: runs in the long profile (mvn -B -ntp verify -Plong)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SeparateHostsIT {

    private static final String CLUSTER = "hosts";
    private static final int MEMBERS = 3;
    private static final int RAFT_PORT = 7101;
    private static final int CLIENT_PORT = 7201;
    private static final Duration WAIT = Duration.ofSeconds(60);
    /** Puts the cluster must acknowledge while a member is cut off, and after it is back. */
    private static final int PUTS = 30;

    /**
     * Members cut off on purpose: the clients' transports report them unreachable, and close a connection to a member
     * whose packets are dropped once nothing has come from it for the idle timeout.
     */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane",
            "io.raftwire.transport.netty.KeepAliveHandler");

    @TempDir
    static Path dir;

    private static NetnsLab lab;
    private static Certificates certificates;
    private static final NodeProcess[] nodes = new NodeProcess[MEMBERS];
    private static KvClient admin;

    @BeforeAll
    static void startCluster() throws Exception {
        Optional<String> why = NetnsLab.unavailable();
        why.ifPresent(reason -> System.out.println("SeparateHostsIT skipped: " + reason));
        assumeTrue(why.isEmpty(), () -> "SeparateHostsIT skipped: " + why.orElseThrow());
        assertTrue(Files.isRegularFile(NodeProcess.JAR), NodeProcess.JAR + " is missing (expected: built by 'mvn"
                + " package' of raftwire-cli, which the reactor runs before integration-tests)");
        lab = NetnsLab.create(MEMBERS);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < MEMBERS; i++) {
            ids.add(id(i));
        }
        certificates = Certificates.make(Files.createDirectories(dir.resolve("certs")), CLUSTER, ids);
        for (int i = 0; i < MEMBERS; i++) {
            start(i);
        }
        for (int i = 0; i < MEMBERS; i++) {
            String line = nodes[i].awaitFirstLine(WAIT);
            System.out.println("separate hosts: " + lab.namespace(i) + ": " + line);
            assertTrue(line.startsWith(id(i) + " of cluster " + CLUSTER + " running: members on " + bind(i) + ":"
                    + RAFT_PORT + ", clients on " + bind(i) + ":" + CLIENT_PORT), line);
        }
        admin = client("admin", Certificates.ADMIN);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        try {
            if (admin != null) {
                admin.close();
            }
            for (int i = 0; i < MEMBERS; i++) {
                if (nodes[i] != null && !nodes[i].stop(Duration.ofSeconds(20))) {
                    nodes[i].kill(Duration.ofSeconds(10));
                }
            }
        } finally {
            if (lab != null) {
                lab.close();
            }
        }
    }

    @Test
    @Order(1)
    @Timeout(300)
    void theLeaderCutOffByNftablesIsReplacedAndCatchesUpOnceItsTrafficFlowsAgain() throws Exception {
        Optional<String> noNft = NetnsLab.nftUnavailable();
        noNft.ifPresent(reason -> System.out.println("SeparateHostsIT: nftables variant skipped: " + reason));
        assumeTrue(noNft.isEmpty(), () -> "nftables variant skipped: " + noNft.orElseThrow());
        try (KvClient kv = client("client", Certificates.CLIENT); Workload load = new Workload(kv, WAIT)) {
            load.awaitMore(PUTS, WAIT);
            int cut = index(kv.session().leader());
            System.out.println("separate hosts: cutting off the leader " + id(cut) + " (nftables drops every packet"
                    + " on its eth0)");
            lab.dropTraffic(cut);
            try {
                load.awaitMore(PUTS, WAIT);
                assertNotEquals(id(cut), kv.session().leader(), "the cut-off leader still answers the client");
                // the clients' connections to it are silent, not closed: they are closed after the idle timeout
                logs.await("nothing received from " + id(cut) + " for 3000 ms (expected: a frame or ping within"
                        + " idle-timeout-ms); closing it as half-open");
                System.out.println("separate hosts: " + PUTS + " puts committed by " + kv.session().leader()
                        + " and the other member while " + id(cut) + " was cut off");
            } finally {
                lab.allowTraffic(cut);
            }
            load.awaitMore(PUTS, WAIT);
            checkStates(cut, load.stop());
        }
    }

    @Test
    @Order(2)
    @Timeout(300)
    void aFollowerWhoseLinkGoesDownCatchesUpWhenItComesBack() throws Exception {
        try (KvClient kv = client("client", Certificates.CLIENT); Workload load = new Workload(kv, WAIT)) {
            load.awaitMore(PUTS, WAIT);
            int cut = (index(kv.session().leader()) + 1) % MEMBERS;
            System.out.println("separate hosts: cutting off the follower " + id(cut) + " (ip link set eth0 down)");
            lab.link(cut, false);
            try {
                load.awaitMore(PUTS, WAIT);
                System.out.println("separate hosts: " + PUTS + " puts committed by " + kv.session().leader()
                        + " and the other member while " + id(cut) + " was cut off");
            } finally {
                lab.link(cut, true);
            }
            load.awaitMore(PUTS, WAIT);
            checkStates(cut, load.stop());
        }
    }

    @Test
    @Order(3)
    @Timeout(300)
    void aLeaderWhoseAddressIsRemovedAndAddedBackCatchesUp() throws Exception {
        try (KvClient kv = client("client", Certificates.CLIENT); Workload load = new Workload(kv, WAIT)) {
            load.awaitMore(PUTS, WAIT);
            int cut = index(kv.session().leader());
            System.out.println("separate hosts: removing the leader " + id(cut) + "'s address (ip addr del)");
            lab.addressPresent(cut, false);
            try {
                load.awaitMore(PUTS, WAIT);
                assertNotEquals(id(cut), kv.session().leader(), "the leader without an address still answers");
                System.out.println("separate hosts: " + PUTS + " puts committed by " + kv.session().leader()
                        + " and the other member while " + id(cut) + " had no address");
            } finally {
                lab.addressPresent(cut, true);
            }
            load.awaitMore(PUTS, WAIT);
            checkStates(cut, load.stop());
        }
    }

    /**
     * Hands leadership to the member that was cut off first, then to each other member, and reads every key from
     * each while it leads: each must serve exactly the values and versions the workload was acknowledged. The member
     * that was cut off becomes leader only once it holds the leader's whole log, and answers with the last
     * acknowledged version only once it has applied up to it.
     */
    private static void checkStates(int cut, Map<String, KvResult> acknowledged) throws Exception {
        long highest = acknowledged.values().stream().mapToLong(KvResult::version).max().orElseThrow();
        List<Integer> order = new ArrayList<>(List.of(cut));
        for (int i = 0; i < MEMBERS; i++) {
            if (i != cut) {
                order.add(i);
            }
        }
        for (int member : order) {
            Map<String, KvResult> served = readWhileLeading(member, acknowledged.keySet().stream().toList());
            for (Map.Entry<String, KvResult> e : acknowledged.entrySet()) {
                KvResult got = served.get(e.getKey());
                assertEquals(e.getValue().version(), got.version(), id(member) + " serves " + e.getKey()
                        + " at another version");
                assertArrayEquals(e.getValue().value(), got.value(), id(member) + " serves another value of "
                        + e.getKey());
            }
            System.out.println("separate hosts: " + id(member) + " leads and serves all " + acknowledged.size()
                    + " keys as acknowledged (highest version " + highest + ")"
                    + (member == cut ? ": caught up after the cut" : ""));
        }
        System.out.println("separate hosts: state machines EQUAL on all " + MEMBERS + " members: "
                + acknowledged.size() + " keys at log index " + highest);
    }

    /** Transfers leadership to {@code member} (retrying while the engine refuses, within {@link #WAIT}). */
    private static void lead(int member) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        String last = "none";
        while (System.nanoTime() - deadline < 0) {
            admin.get("key-0").get(WAIT.toMillis(), TimeUnit.MILLISECONDS); // who leads now
            if (id(member).equals(admin.session().leader())) {
                return;
            }
            try {
                var r = admin.session().transferLeadership(id(member)).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                last = r.toString();
            } catch (Exception e) {
                last = e.toString();
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200)); // a refused transfer: ask again shortly
        }
        throw new AssertionError(id(member) + " did not become leader within " + WAIT.toSeconds()
                + " s; last transfer answer: " + last);
    }

    /**
     * Every key of {@code keys} as {@code member} serves it while it leads: leadership is handed to it, the keys are
     * read, and it must still lead afterwards; if an election moved leadership meanwhile (a loaded machine), both are
     * done again, within {@link #WAIT}.
     */
    private static Map<String, KvResult> readWhileLeading(int member, List<String> keys) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        String after;
        do {
            lead(member);
            List<CompletableFuture<KvResult>> reads = new ArrayList<>();
            for (String key : keys) {
                reads.add(admin.get(key));
            }
            Map<String, KvResult> served = new TreeMap<>();
            for (int k = 0; k < keys.size(); k++) {
                served.put(keys.get(k), reads.get(k).get(WAIT.toMillis(), TimeUnit.MILLISECONDS));
            }
            after = admin.session().leader();
            if (id(member).equals(after)) {
                return served;
            }
            System.out.println("separate hosts: leadership moved to " + after + " while reading " + id(member)
                    + "'s state; reading again");
        } while (System.nanoTime() - deadline < 0);
        throw new AssertionError("leadership kept moving away from " + id(member) + " while reading its state (last"
                + " leader: " + after + ")");
    }

    private static KvClient client(String role, String id) {
        List<PeerAddress> members = new ArrayList<>();
        for (int i = 0; i < MEMBERS; i++) {
            members.add(new PeerAddress(id(i), new HostPort(lab.address(i), CLIENT_PORT)));
        }
        RaftwireConfig config = RaftwireConfig.of(Map.of(ConfigKeys.CLUSTER_ID.name(), CLUSTER,
                ConfigKeys.SERIALIZER.name(), "kryo"));
        KvClient kv = KvNodes.client(RaftwireClient.builder(config, KvNodes.registry(), members)
                .tls(certificates.certificate(role, id), certificates.key(role, id), certificates.trust())
                .operationTimeout(WAIT));
        kv.session().connect();
        return kv;
    }

    /** Starts member {@code i} in its namespace from the example file of its id, with this network's settings. */
    private static void start(int i) throws IOException {
        String id = id(i);
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(NodeProcess.ROOT.resolve("examples/config/cluster/" + id
                + ".properties"), StandardCharsets.UTF_8)) {
            p.load(r);
        }
        List<String> peers = new ArrayList<>();
        for (int j = 0; j < MEMBERS; j++) {
            if (j != i) {
                peers.add(id(j) + "=" + lab.hostName(j) + ":" + RAFT_PORT);
            }
        }
        p.setProperty(ConfigKeys.CLUSTER_ID.name(), CLUSTER);
        p.setProperty(ConfigKeys.NODE_ADDRESS.name(), bind(i) + ":" + RAFT_PORT);
        p.setProperty(ConfigKeys.NODE_CLIENT_ADDRESS.name(), bind(i) + ":" + CLIENT_PORT);
        p.setProperty(ConfigKeys.PEERS.name(), String.join(",", peers));
        p.setProperty(ConfigKeys.NODE_DATA_DIR.name(), dir.resolve("data-" + id).toString());
        p.setProperty(ConfigKeys.TLS_ENABLED.name(), "true");
        p.setProperty(ConfigKeys.TLS_CERTIFICATE_FILE.name(), certificates.memberCertificate(id).toString());
        p.setProperty(ConfigKeys.TLS_PRIVATE_KEY_FILE.name(), certificates.memberKey(id).toString());
        p.setProperty(ConfigKeys.TLS_TRUST_FILE.name(), certificates.trust().toString());
        // a cut-off leader is noticed after 3 s instead of the default 5 s
        p.setProperty("raftwire.raft.heartbeat-timeout-secs", "3");
        Path config = dir.resolve(id + ".properties");
        try (Writer w = Files.newBufferedWriter(config, StandardCharsets.UTF_8)) {
            p.store(w, id + " in network namespace " + lab.namespace(i) + " (SeparateHostsIT)");
        }
        nodes[i] = NodeProcess.start(id, lab.inNamespace(i), List.of("-Xmx256m", "-XX:TieredStopAtLevel=1"),
                List.of("--config", config.toString()), dir.resolve(id + ".err"));
    }

    /** What member {@code i} binds: its namespace's address, or for the last member every address. */
    private static String bind(int i) {
        return i == MEMBERS - 1 ? "0.0.0.0" : lab.address(i);
    }

    private static String id(int i) {
        return "node-" + (i + 1);
    }

    private static int index(String memberId) {
        for (int i = 0; i < MEMBERS; i++) {
            if (id(i).equals(memberId)) {
                return i;
            }
        }
        throw new AssertionError("no member " + memberId + " (expected: node-1..node-" + MEMBERS + ")");
    }
}
