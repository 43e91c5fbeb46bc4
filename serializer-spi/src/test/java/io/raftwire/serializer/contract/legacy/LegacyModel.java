package io.raftwire.serializer.contract.legacy;

import io.raftwire.serializer.TypeRegistry;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * A model nobody designed for raftwire: the message, log-entry, command and state classes of a typical pre-records
 * Raft/RPC code base (abstract bases with protected fields, several constructors, beans with setters, {@code
 * ArrayList}/{@code HashMap}/{@code HashSet}/{@code Collection} fields, generic id base classes, every primitive width,
 * time and big-number types, a constructor with side effects). Every class registers exactly as written.
 */
public final class LegacyModel {

    /** Id of the first legacy class; they take consecutive ids in {@link #CLASSES} order. */
    public static final int FIRST_ID = 2000;

    /** Every registered legacy class, in id order. Append only: the position is the wire id. */
    public static final List<Class<?>> CLASSES = List.of(
            NodeId.class, GroupId.class, RequestId.class,
            VoteRequest.class, VoteResponse.class, AppendEntriesRequest.class, AppendEntriesResponse.class,
            InstallSnapshotRequest.class, InstallSnapshotResponse.class, HeartbeatRequest.class,
            HeartbeatResponse.class, TimeoutNowRequest.class, ClientRequest.class, ClientResponse.class,
            MembershipChangeRequest.class, MembershipChangeResponse.class, ReadIndexRequest.class,
            ReadIndexResponse.class,
            CommandEntry.class, ConfigurationEntry.class, NoOpEntry.class,
            PutCommand.class, DeleteCommand.class, CasCommand.class, BatchCommand.class, CounterCommand.class,
            LeaseCommand.class,
            Applied.class, Rejected.class, QueryResult.class, SnapshotMeta.class, PeerState.class,
            ClusterState.class, Endpoint.class, Version.class, SetterBean.class, HalfConstructed.class);

    private static final GroupId GROUP = new GroupId(0x1234_5678_9abc_def0L, 0x0fed_cba9_8765_4321L);
    private static final NodeId A = NodeId.of("node-a");
    private static final NodeId B = NodeId.of("node-b");
    private static final NodeId C = NodeId.of("node-c");
    private static final Instant SENT = Instant.ofEpochSecond(1_764_000_000L, 123_456_789);

    private LegacyModel() {
    }

    /** Registers every legacy class under its id. */
    public static TypeRegistry.Builder register(TypeRegistry.Builder builder) {
        for (int i = 0; i < CLASSES.size(); i++) {
            builder.register(FIRST_ID + i, CLASSES.get(i));
        }
        return builder;
    }

    /** A realistic instance of every class, and one with every field at its default, by stable name. */
    public static Map<String, Object> named() {
        Map<String, Object> named = new LinkedHashMap<>();
        for (Object v : realistic()) {
            named.put("legacy-" + v.getClass().getSimpleName(), v);
        }
        for (Object v : defaults()) {
            named.put("legacy-default-" + v.getClass().getSimpleName(), v);
        }
        return named;
    }

    /** One realistic instance of every class in {@link #CLASSES}. */
    public static List<Object> realistic() {
        PutCommand put = new PutCommand("client-7", 41, "user/42", new byte[] {1, 2, 3, 4}, 9L,
                SENT.plusSeconds(3600));
        DeleteCommand delete = new DeleteCommand("client-7", 42, "user/43", true);
        CasCommand cas = new CasCommand("client-8", 1, "k", new byte[0], new byte[] {-1});
        BatchCommand batch = new BatchCommand("client-9", 5, List.of(put, delete, cas));
        CounterCommand counter = new CounterCommand("client-9", 6, "hits", -12_345_678_901L, (short) -3, (byte) 0x7f,
                '\u00e9', 0.25f, Double.NaN, null);
        LeaseCommand lease = new LeaseCommand("client-1", 2, Duration.ofMillis(-1500), LocalDate.of(2026, 11, 23),
                LocalTime.of(23, 59, 59, 999_999_999), new BigInteger("-123456789012345678901234567890"),
                new BigDecimal("-0.000000001234"));
        CommandEntry commandEntry = new CommandEntry(101, 7, 1_764_000_000_123L, batch);
        ConfigurationEntry config = new ConfigurationEntry(102, 7, 1_764_000_000_124L, new ArrayList<>(List.of(A, B)),
                new ArrayList<>(List.of(C)));
        NoOpEntry noOp = new NoOpEntry(100, 7, 1_764_000_000_000L);
        SnapshotMeta meta = new SnapshotMeta(99, 6, new TreeMap<>(Map.of("b", 2L, "a", -1L)),
                new TreeSet<>(List.of(C, A, B)), new int[] {65536, 65536, 17, -1},
                List.of(List.of(1L, 50L), List.of(), List.of(51L, 99L)));
        PeerState peer = new PeerState();
        peer.setId(B);
        peer.setNextIndex(103);
        peer.setMatchIndex(102);
        peer.setActive(true);
        peer.setRole(Role.FOLLOWER);
        peer.setLastContact(SENT);
        PeerState learner = new PeerState();
        learner.setId(C);
        learner.setRole(Role.LEARNER);
        ClusterState cluster = new ClusterState();
        cluster.peers.put(B, peer);
        cluster.peers.put(C, learner);
        cluster.tags = new TreeSet<>(List.of("zone-b", "zone-a"));
        cluster.leader = Optional.of(A);
        cluster.latencies = new double[] {0.5, -0.0, Double.MAX_VALUE};
        cluster.votes = new boolean[] {true, false, true};
        cluster.code = "r\u00e4ft".toCharArray();
        cluster.ports = new short[] {8080, -1};
        cluster.weights = new float[] {1f, Float.MIN_VALUE};
        cluster.sessions = new LinkedHashSet<>(List.of(new UUID(1, 2), new UUID(-1, 0)));
        cluster.recentResults = List.of(new Applied(5, put), new Rejected("full", 507), A);
        LinkedHashMap<String, byte[]> values = new LinkedHashMap<>();
        values.put("user/42", new byte[] {1, 2, 3, 4});
        values.put("empty", new byte[0]);
        Map<String, List<Long>> versions = new LinkedHashMap<>();
        versions.put("user/42", List.of(7L, 8L, 9L));
        versions.put("empty", List.of());
        QueryResult query = new QueryResult(values, versions, Optional.of(SENT));
        SetterBean bean = new SetterBean();
        bean.setName("bean");
        bean.setCount(3);
        HalfConstructed half = new HalfConstructed("half");
        half.setCount(4);
        HashMap<String, Role> roles = new HashMap<>(Map.of("node-a", Role.LEADER, "node-b", Role.FOLLOWER,
                "node-c", Role.LEARNER));
        return List.of(
                A, GROUP, new RequestId(77),
                new VoteRequest(A, B, GROUP, 8, new RequestId(1), SENT, 102, 7, true),
                new VoteResponse(B, A, GROUP, 8, true, null, true, Role.FOLLOWER),
                new AppendEntriesRequest(A, B, GROUP, 7, new RequestId(2), SENT, 100, 7, 99,
                        new ArrayList<>(List.of(noOp, commandEntry, config))),
                new AppendEntriesResponse(B, A, GROUP, 7, false, "log mismatch", 0, 57L, 99),
                new InstallSnapshotRequest(A, C, GROUP, 7, new RequestId(3), SENT, meta, 2, new byte[] {9, 8, 7},
                        true),
                new InstallSnapshotResponse(C, A, GROUP, 7, true, null, 196_608, Optional.of("disk full")),
                new HeartbeatRequest(A, B, GROUP, 7, new RequestId(4), SENT, 102, new long[] {103, 104, -5}),
                new HeartbeatResponse(B, A, GROUP, 7, true, null, Duration.ofNanos(1_500_000), 0.75f),
                new TimeoutNowRequest(A, B, GROUP, 7, new RequestId(5), SENT),
                new ClientRequest(null, A, GROUP, 0, new RequestId(6), SENT, put, 2, new UUID(3, 4)),
                new ClientResponse(A, null, GROUP, 7, true, null, query, new Applied(105, lease), A, 105),
                new MembershipChangeRequest(A, A, GROUP, 7, new RequestId(7), SENT,
                        new HashSet<>(List.of(C, NodeId.of("node-d"))), new HashSet<>(), ChangeKind.ADD_VOTERS),
                new MembershipChangeResponse(A, A, GROUP, 7, true, null, roles,
                        LocalDateTime.of(2026, 11, 23, 12, 0, 1, 5)),
                new ReadIndexRequest(B, A, GROUP, 7, new RequestId(8), SENT, new UUID(5, 6),
                        new LinkedHashSet<>(List.of(3L, 1L, 2L))),
                new ReadIndexResponse(A, B, GROUP, 7, true, null, 102, List.of(0, -1, Integer.MAX_VALUE)),
                commandEntry, config, noOp,
                put, delete, cas, batch, counter, lease,
                new Applied(106, null), new Rejected("not leader"), query, meta, peer, cluster,
                new Endpoint("10.0.0.1:7000"), new Version("2.17"), bean, half);
    }

    /** An instance of every class with its fields at their defaults (nulls, zeros, empty collections). */
    public static List<Object> defaults() {
        List<Object> out = new ArrayList<>(Arrays.asList(
                new VoteRequest(), new VoteResponse(), new AppendEntriesRequest(), new AppendEntriesResponse(),
                new InstallSnapshotRequest(), new InstallSnapshotResponse(), new HeartbeatRequest(),
                new HeartbeatResponse(), new TimeoutNowRequest(), new ClientRequest(), new ClientResponse(),
                new MembershipChangeRequest(), new MembershipChangeResponse(), new ReadIndexRequest(),
                new ReadIndexResponse(), new CommandEntry(), new ConfigurationEntry(), new NoOpEntry(),
                new PutCommand(), new DeleteCommand(), new CasCommand(), new BatchCommand(), new CounterCommand(),
                new LeaseCommand(), new Applied(), new QueryResult(), new SnapshotMeta(0, 0), new PeerState(),
                new ClusterState(), new SetterBean()));
        return out;
    }
}
