package io.raftwire.cluster;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.it.ItProviders;
import io.raftwire.it.TestPki;
import io.raftwire.it.TestPki.MemberFiles;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.LeaveRequest;
import io.raftwire.message.request.TransferRequest;
import io.raftwire.message.response.JoinResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.LeaveResponse;
import io.raftwire.message.response.TransferResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.RaftMember;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.StateCheck;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.netty.NettyTransportFactory;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A 3-member KV cluster over mutual TLS, its members, clients and admins each holding a certificate of their role:
 * the CLI and the client library work with a client certificate, through a leader kill and a member
 * restart; a client certificate cannot change membership or leadership (refused with its reason, and the member that
 * refused logs a WARN naming the certificate), an admin certificate can; a client certificate cannot pass for a member
 * on a member's port even under a member's id. One cluster for the class, on one provider; the life-cycle test runs
 * the other providers on clusters of their own under {@code -Plong} ({@link ItProviders}).
 */
@ExtendWith(LeakDetectionExtension.class)
class SecureClusterIT {

    private static final String CLUSTER = "it-secure";
    private static final String DEFAULT_PROVIDER = "fory";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    static Path dir;

    private static TestPki pki;
    private static final Map<String, MemberFiles> MEMBERS = new HashMap<>();
    private static MemberFiles alice;
    private static MemberFiles carol;
    private static MemberFiles ops;
    private static LocalCluster shared;

    /**
     * The shared cluster's handshake-failure summary, logged every 10 s on an event loop: after a member is stopped
     * mid-handshake it may come between two tests, outside {@link #logs}.
     */
    @RegisterExtension
    static final LogCapture classLogs = LogCapture.of("WARN", "io.raftwire.transport.netty.HandshakeFailureLog");

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.node.server.MembershipGuard",
            "io.raftwire.transport.netty.ChannelErrorHandler", "io.raftwire.transport.netty.Lane",
            "io.raftwire.transport.netty.HandshakeFailureLog");

    @BeforeAll
    static void startCluster() throws Exception {
        pki = new TestPki(dir, "it-secure-ca");
        for (int i = 0; i < 3; i++) {
            MEMBERS.put(LocalCluster.id(i), pki.member(CLUSTER, LocalCluster.id(i)));
        }
        alice = pki.named("raftwire://" + CLUSTER + "/client/alice", "alice");
        carol = pki.named("raftwire://" + CLUSTER + "/client/carol", "carol");
        ops = pki.named("raftwire://" + CLUSTER + "/admin/ops", "ops");
        shared = start(DEFAULT_PROVIDER);
    }

    @AfterAll
    static void stopCluster() {
        if (shared != null) {
            shared.close();
        }
    }

    private static LocalCluster start(String provider) throws Exception {
        Map<String, String> base = new LinkedHashMap<>();
        base.put("raftwire.serializer", provider);
        base.put("raftwire.cluster.id", CLUSTER);
        base.put("raftwire.raft.election-timeout-ms", "300");
        base.put("raftwire.raft.heartbeat-period-secs", "1");
        base.put("raftwire.raft.heartbeat-timeout-secs", "2");
        base.put("raftwire.transport.reconnect-initial-backoff-ms", "20");
        base.put("raftwire.transport.reconnect-max-backoff-ms", "200");
        // TLS is on by default; each member gets its own certificate in node()
        LocalCluster cluster = LocalCluster.start(3, base, Files.createTempDirectory(dir, provider),
                SecureClusterIT::node);
        cluster.awaitLeader(WAIT);
        return cluster;
    }

    /** A KV member with the certificate of its id. */
    private static RaftwireNode node(RaftwireConfig config) {
        Map<String, String> values = new LinkedHashMap<>(config.nonDefaults());
        values.putAll(tls(MEMBERS.get(config.get(ConfigKeys.NODE_ID))));
        return KvNodes.node(RaftwireConfig.of(values));
    }

    private static Map<String, String> tls(MemberFiles files) {
        return Map.of(ConfigKeys.TLS_CERTIFICATE_FILE.name(), files.certificate().toString(),
                ConfigKeys.TLS_PRIVATE_KEY_FILE.name(), files.privateKey().toString(),
                ConfigKeys.TLS_TRUST_FILE.name(), files.trust().toString());
    }

    static List<String> providers() {
        return ItProviders.of(DEFAULT_PROVIDER, "kryo", "protostuff", "jdk", "fory");
    }

    /** {@code raftwire client} with {@code who}'s certificate; its exit status, stdout and stderr. */
    private static String[] cli(LocalCluster cluster, MemberFiles who, String... operation) {
        return cli(cluster, who, 20_000, operation);
    }

    private static String[] cli(LocalCluster cluster, MemberFiles who, long timeoutMs, String... operation) {
        List<String> args = new java.util.ArrayList<>(List.of("client", "--members", members(cluster),
                "--cluster-id", CLUSTER, "--serializer", cluster.config(0).get(ConfigKeys.SERIALIZER),
                "--timeout-ms", String.valueOf(timeoutMs), "--certificate", who.certificate().toString(), "--private-key",
                who.privateKey().toString(), "--trust", who.trust().toString()));
        args.addAll(List.of(operation));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = RaftwireCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true),
                args.toArray(String[]::new));
        return new String[] {String.valueOf(status), out.toString().strip(), err.toString().strip()};
    }

    private static String members(LocalCluster cluster) {
        return cluster.clientAddresses().stream().map(PeerAddress::toString).collect(Collectors.joining(","));
    }

    private static KvClient client(LocalCluster cluster, MemberFiles who) {
        KvClient client = KvNodes.client(RaftwireClient.builder(cluster.config(0), KvNodes.registry(),
                cluster.clientAddresses()).tls(who.certificate(), who.privateKey(), who.trust())
                .operationTimeout(WAIT));
        client.session().connect();
        return client;
    }

    private static void assertCli(String[] run, String expectedOutStart) {
        assertEquals(String.valueOf(ExitCodes.OK), run[0], "stderr: " + run[2]);
        assertTrue(run[1].startsWith(expectedOutStart), run[1]);
    }

    @ParameterizedTest
    @MethodSource("providers")
    @Timeout(240)
    void theCliAndTheLibraryWorkOverMutualTlsThroughALeaderKillAndAMemberRestart(String provider) throws Exception {
        LocalCluster cluster = provider.equals(DEFAULT_PROVIDER) ? shared : start(provider);
        try (KvClient library = client(cluster, alice)) {
            assertEquals("alice", library.session().clientId(), "the id the certificate names");
            assertCli(cli(cluster, carol, "put", "greeting", "hello"), "OK version ");
            assertCli(cli(cluster, carol, "get", "greeting"), "hello (version ");
            assertTrue(library.put("library", bytes("one")).get(30, TimeUnit.SECONDS).success());

            int leader = cluster.awaitLeader(WAIT);
            cluster.stop(leader);
            assertCli(cli(cluster, carol, "put", "after-kill", "still here"), "OK version ");
            assertCli(cli(cluster, carol, "get", "after-kill"), "still here (version ");
            assertTrue(library.put("library", bytes("two")).get(30, TimeUnit.SECONDS).success(),
                    "the library client followed the new leader");

            cluster.restart(leader);
            assertCli(cli(cluster, carol, "put", "after-restart", "back"), "OK version ");
            Map<String, StateCheck.MemberState> states = StateCheck.atOneIndex(cluster.running(), WAIT);
            assertEquals(3, states.size(), states::toString);
            assertEquals(1, states.values().stream().map(StateCheck.MemberState::digest).distinct().count(),
                    () -> "the restarted member caught up over TLS: " + states);
            assertEquals("two", new String(library.get("library").get(30, TimeUnit.SECONDS).value(),
                    StandardCharsets.UTF_8));
        } finally {
            if (cluster != shared) {
                cluster.close();
            }
        }
    }

    @Test
    @Timeout(120)
    void aClientCertificateCannotChangeMembershipOrLeadershipAndTheMemberSaysWhose() throws Exception {
        String expected = " from client certificate raftwire://it-secure/client/alice (expected: an admin"
                + " certificate raftwire://it-secure/admin/<id>, or the member certificate of node-3 itself)";
        try (KvClient client = client(shared, alice)) {
            LeaveResponse leave = client.session().leave("node-3").get(60, TimeUnit.SECONDS);
            assertEquals(RaftResponse.Status.ERROR, leave.status(), leave::toString);
            assertEquals(new RaftError(RaftError.Type.PROTOCOL_ERROR, "forbidden: LeaveRequest for member node-3"
                    + expected, null), leave.error());
            logs.await("refused forbidden: LeaveRequest for member node-3" + expected);

            JoinResponse join = client.session().join("node-3", RaftMember.Type.ACTIVE).get(60, TimeUnit.SECONDS);
            assertEquals("forbidden: JoinRequest for member node-3" + expected, join.error().message());
            TransferResponse transfer = client.session().transferLeadership("node-3").get(60, TimeUnit.SECONDS);
            assertEquals("forbidden: TransferRequest for member node-3" + expected, transfer.error().message());

            for (RaftwireNode node : shared.running()) {
                Set<Object> members = new HashSet<>();
                node.raftNode().getCommittedMembers().getMembers().forEach(e -> members.add(e.getId()));
                assertEquals(Set.of("node-1", "node-2", "node-3"), members, "membership unchanged on "
                        + node.memberId());
            }
            assertTrue(client.put("refused-but-served", bytes("yes")).get(30, TimeUnit.SECONDS).success(),
                    "a client certificate still does what clients do");
        }
        String[] cliLeave = cli(shared, carol, "leave", "node-3");
        assertEquals(String.valueOf(ExitCodes.FAILURE), cliLeave[0], cliLeave[2]);
        assertEquals("raftwire client leave: the cluster refused it: PROTOCOL_ERROR: forbidden: LeaveRequest for member"
                + " node-3 from client certificate raftwire://it-secure/client/carol (expected: an admin certificate"
                + " raftwire://it-secure/admin/<id>, or the member certificate of node-3 itself)", cliLeave[2]);
        assertEquals("", cliLeave[1]);
    }

    /**
     * The issue's attack as it was made: a raw transport with a certificate in the old member form,
     * {@code raftwire://it-secure/client} (now: the member named {@code client}), on a member's client port, sends
     * {@code LeaveRequest(node-3)}. It got {@code OK} before; it is a member certificate acting on another member now.
     */
    @Test
    @Timeout(120)
    void theIssuesLeaveFromACertificateNamedClientIsRefused() {
        MemberFiles old = pki.named("raftwire://" + CLUSTER + "/client", "old-form-client");
        Map<String, String> values = new HashMap<>();
        values.put(ConfigKeys.CLUSTER_ID.name(), CLUSTER);
        values.put(ConfigKeys.SERIALIZER.name(), shared.config(0).get(ConfigKeys.SERIALIZER));
        values.put(ConfigKeys.NODE_ID.name(), "client");
        values.put(ConfigKeys.PEERS.name(), "node-1=" + shared.config(0).get(ConfigKeys.NODE_CLIENT_ADDRESS));
        values.putAll(tls(old));
        try (Transport transport = NettyTransportFactory.create(RaftwireConfig.of(values), KvNodes.registry())) {
            transport.start();
            LeaveResponse leave = Await.value(transport.request("node-1", new LeaveRequest(new RaftMember(
                    new MemberId("node-3"), RaftMember.Type.ACTIVE, 0)), LeaveResponse.class), WAIT);
            assertEquals(new RaftError(RaftError.Type.PROTOCOL_ERROR, "forbidden: LeaveRequest for member node-3 from"
                    + " member certificate raftwire://it-secure/client (expected: an admin certificate"
                    + " raftwire://it-secure/admin/<id>, or the member certificate of node-3 itself)", null),
                    leave.error());
        }
        logs.await("refused forbidden: LeaveRequest for member node-3 from member certificate"
                + " raftwire://it-secure/client");
        assertEquals(3, shared.node(shared.awaitLeader(WAIT)).raftNode().getCommittedMembers().getMembers().size());
    }

    /**
     * A member's own certificate, on another member's client port, may do what members do to themselves (here: take
     * leadership), and nothing to another member.
     */
    @Test
    @Timeout(120)
    void aMemberCertificateMayTakeLeadershipItselfButNotHandItToAnother() {
        int leader = shared.awaitLeader(WAIT);
        String self = LocalCluster.id((leader + 1) % 3);
        String other = LocalCluster.id((leader + 2) % 3);
        Map<String, String> values = new HashMap<>();
        values.put(ConfigKeys.CLUSTER_ID.name(), CLUSTER);
        values.put(ConfigKeys.SERIALIZER.name(), shared.config(0).get(ConfigKeys.SERIALIZER));
        values.put(ConfigKeys.NODE_ID.name(), self);
        values.put(ConfigKeys.PEERS.name(), LocalCluster.id(leader) + "="
                + shared.config(leader).get(ConfigKeys.NODE_CLIENT_ADDRESS));
        values.putAll(tls(MEMBERS.get(self)));
        try (Transport transport = NettyTransportFactory.create(RaftwireConfig.of(values), KvNodes.registry())) {
            transport.start();
            TransferResponse toOther = Await.value(transport.request(LocalCluster.id(leader), new TransferRequest(
                    new MemberId(other)), TransferResponse.class), WAIT);
            assertEquals("forbidden: TransferRequest for member " + other + " from member certificate"
                    + " raftwire://it-secure/" + self + " (expected: an admin certificate"
                    + " raftwire://it-secure/admin/<id>, or the member certificate of " + other + " itself)",
                    toOther.error().message());
            TransferResponse toSelf = Await.value(transport.request(LocalCluster.id(leader), new TransferRequest(
                    new MemberId(self)), TransferResponse.class), WAIT);
            assertEquals(RaftResponse.Status.OK, toSelf.status(), toSelf::toString);
        }
        Await.until(WAIT, () -> shared.leaderIndex().map(LocalCluster::id).orElse("").equals(self),
                () -> "leader " + shared.leaderIndex().map(LocalCluster::id).orElse("none") + " (expected: " + self
                        + ")");
    }

    /** The CLI refuses a certificate that is not a client's or an admin's, and one the cluster does not trust. */
    @Test
    @Timeout(120)
    void theCliExitsWithTheDocumentedStatusWhenItsCertificateCannotBeUsed() {
        MemberFiles member = MEMBERS.get("node-1");
        String[] asMember = cli(shared, member, "get", "greeting");
        assertEquals(String.valueOf(ExitCodes.CONFIG), asMember[0], asMember[2]);
        assertTrue(asMember[2].startsWith("raftwire client get: bad configuration: raftwire.tls.certificate-file = "
                + member.certificate() + " names raftwire://it-secure/node-1 (expected: a client or admin certificate"
                + " of cluster it-secure, raftwire://it-secure/client/<id> or raftwire://it-secure/admin/<id>)"),
                asMember[2]);

        MemberFiles stranger = new TestPki(dir, "another-ca").named("raftwire://" + CLUSTER + "/client/mallory",
                "mallory");
        String[] untrusted = cli(shared, stranger, 1000, "get", "greeting");
        assertEquals(String.valueOf(ExitCodes.FAILURE), untrusted[0], untrusted[2]);
        assertTrue(untrusted[2].startsWith("raftwire client get: cannot open a session with " + members(shared)
                + ": "), untrusted[2]);
    }

    @Test
    @Timeout(120)
    void anAdminCertificateMayHandLeadershipToAnotherMemberThroughTheLibraryAndTheCli() throws Exception {
        int leader = shared.awaitLeader(WAIT);
        String target = LocalCluster.id((leader + 1) % 3);
        try (KvClient admin = client(shared, ops)) {
            assertEquals("ops", admin.session().clientId());
            TransferResponse transfer = admin.session().transferLeadership(target).get(60, TimeUnit.SECONDS);
            assertEquals(RaftResponse.Status.OK, transfer.status(), transfer::toString);
            Await.until(WAIT, () -> shared.leaderIndex().map(LocalCluster::id).orElse("").equals(target),
                    () -> "leader " + shared.leaderIndex().map(LocalCluster::id).orElse("none") + " (expected: "
                            + target + ")");
            assertTrue(admin.put("after-transfer", bytes("ok")).get(30, TimeUnit.SECONDS).success());
        }
        String back = LocalCluster.id(leader);
        String[] cliTransfer = cli(shared, ops, "transfer", back);
        assertEquals(String.valueOf(ExitCodes.OK), cliTransfer[0], cliTransfer[2]);
        assertEquals("OK", cliTransfer[1]);
        Await.until(WAIT, () -> shared.leaderIndex().map(LocalCluster::id).orElse("").equals(back),
                () -> "leader " + shared.leaderIndex().map(LocalCluster::id).orElse("none") + " (expected: " + back
                        + ", handed back by the CLI with the admin certificate)");
        assertTrue(logs.lines().stream().noneMatch(l -> l.contains("refused forbidden")), logs.lines()::toString);
    }

    /**
     * A client certificate issued under a member's id connects to that member's peers' Raft port as the member: it is
     * refused at the handshake, and the refusing member logs why. A node refuses to be built with an admin certificate
     * under its id, and the library to connect under another id than its certificate names.
     */
    @Test
    @Timeout(120)
    void aClientCertificateNeverActsAsAMember() {
        MemberFiles impostor = pki.named("raftwire://" + CLUSTER + "/client/node-3", "client-node-3");
        Map<String, String> values = new HashMap<>(shared.config(2).nonDefaults());
        values.put(ConfigKeys.NODE_ADDRESS.name(), "127.0.0.1:0");
        values.remove(ConfigKeys.NODE_CLIENT_ADDRESS.name());
        values.remove(ConfigKeys.NODE_DATA_DIR.name());
        values.remove(ConfigKeys.RAFT_INITIAL_MEMBERS.name());
        values.put(ConfigKeys.PEERS.name(), "node-1=" + shared.config(0).get(ConfigKeys.NODE_ADDRESS));
        values.putAll(tls(impostor));
        try (Transport transport = NettyTransportFactory.create(RaftwireConfig.of(values), KvNodes.registry())) {
            transport.start();
            TransportException[] last = new TransportException[1];
            Await.until(WAIT, () -> {
                CompletableFuture<KeepAliveResponse> f = transport.request("node-1", new KeepAliveRequest(
                        new long[0], new long[0], new long[0]), KeepAliveResponse.class);
                last[0] = (TransportException) Await.failure(f, WAIT);
                return last[0].reason() == TransportException.Reason.HANDSHAKE_REFUSED;
            }, () -> "node-1 refused the handshake (last: " + last[0] + ")");
            assertTrue(last[0].getMessage().contains("node-1 refused the connection (handshake refused): failed"
                    + " checks: certificate"), last[0].getMessage());
        }
        logs.await("certificate names raftwire://it-secure/client/node-3 (expected: raftwire://it-secure/node-3; a"
                + " client certificate never acts as a member: it connects only to a client address)");

        MemberFiles adminAsNode = pki.named("raftwire://" + CLUSTER + "/admin/node-1", "admin-node-1");
        Map<String, String> node = new HashMap<>(shared.config(0).nonDefaults());
        node.remove(ConfigKeys.NODE_DATA_DIR.name());
        node.putAll(tls(adminAsNode));
        IllegalArgumentException notAMember = assertThrows(IllegalArgumentException.class,
                () -> KvNodes.node(RaftwireConfig.of(node)));
        assertEquals("raftwire.tls.certificate-file = " + adminAsNode.certificate() + " names"
                + " raftwire://it-secure/admin/node-1 (expected: this member's certificate, raftwire://it-secure/node-1;"
                + " client and admin certificates are for clients)", notAMember.getMessage());

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RaftwireClient.builder(
                shared.config(0), KvNodes.registry(), shared.clientAddresses()).clientId("node-3")
                .tls(alice.certificate(), alice.privateKey(), alice.trust()).build());
        assertEquals("clientId = node-3, but raftwire.tls.certificate-file = " + alice.certificate() + " names"
                + " raftwire://it-secure/client/alice (expected: the id the certificate names, alice, or no clientId)",
                e.getMessage());
    }

    /**
     * {@code raftwire status} reads any member with a client certificate; {@code raftwire admin snapshot} is refused to
     * it, naming the certificate, the operation and the admin certificate it needs, and done with an admin's.
     */
    @Test
    @Timeout(120)
    void aClientCertificateReadsStatusButOnlyAnAdminTakesASnapshot() throws Exception {
        int leader = shared.awaitLeader(WAIT);
        int follower = (leader + 1) % 3;
        String[] status = program(carol, "status", "--member", shared.clientAddresses().get(follower).toString(),
                "--members", members(shared), "--json");
        assertEquals(String.valueOf(ExitCodes.OK), status[0], status[2]);
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(status[1]);
        assertEquals(LocalCluster.id(follower), json.get("member").asText());
        assertEquals(LocalCluster.id(leader), json.get("leader").get("id").asText());
        assertEquals(LocalCluster.id(leader), json.get("lagFrom").asText());

        String target = LocalCluster.id(follower);
        String[] refused = program(carol, "admin", "--members", members(shared), "snapshot", "--member", target);
        assertEquals(String.valueOf(ExitCodes.FAILURE), refused[0], refused[2]);
        String reason = "forbidden: SnapshotRequest for member " + target + " from client certificate"
                + " raftwire://it-secure/client/carol (expected: an admin certificate raftwire://it-secure/admin/<id>)";
        assertEquals("raftwire admin snapshot: the cluster refused it: PROTOCOL_ERROR: " + reason, refused[2]);
        assertEquals("", refused[1]);
        logs.await("refused " + reason);

        String[] taken = program(ops, "admin", "--members", members(shared), "snapshot", "--member", target);
        assertEquals(String.valueOf(ExitCodes.OK), taken[0], taken[2]);
        long index = shared.node(follower).raftNode().getReport().join().getResult().getLog().getLastSnapshotIndex();
        assertTrue(index > 0, "the follower took a snapshot");
        assertTrue(taken[1].startsWith("OK snapshot of " + target + " at log index " + index + " (term "), taken[1]);
    }

    /** {@code raftwire COMMAND ...} with {@code who}'s certificate after the command's name. */
    private static String[] program(MemberFiles who, String command, String... rest) {
        List<String> args = new java.util.ArrayList<>(List.of(command, "--cluster-id", CLUSTER, "--serializer",
                shared.config(0).get(ConfigKeys.SERIALIZER), "--certificate", who.certificate().toString(),
                "--private-key", who.privateKey().toString(), "--trust", who.trust().toString()));
        args.addAll(List.of(rest));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = RaftwireCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true),
                args.toArray(String[]::new));
        return new String[] {String.valueOf(status), out.toString().strip(), err.toString().strip()};
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
