package io.raftwire.config;

import static io.raftwire.config.Constraint.atLeast;
import static io.raftwire.config.Constraint.between;
import static io.raftwire.config.Constraint.distinct;
import static io.raftwire.config.Constraint.each;
import static io.raftwire.config.Constraint.equalTo;
import static io.raftwire.config.Constraint.pattern;

import java.util.List;
import java.util.function.Function;

/**
 * Every raftwire setting, declared once. Each constant's name is its key without {@code raftwire.}, in upper case
 * with {@code .} and {@code -} as {@code _}, so {@code TRANSPORT_MAX_FRAME_BYTES} is
 * {@code raftwire.transport.max-frame-bytes}. The description string of each key is its documentation; sizes are
 * in bytes ({@code -bytes}) and durations in milliseconds ({@code -ms}).
 *
 * <p>Rules relating several keys (checked after each key passes its own constraint, and reported together with
 * the per-key violations):
 * <ul>
 *   <li>{@code serializer.max-pooled-buffer-bytes >= serializer.buffer-bytes};</li>
 *   <li>{@code transport.reconnect-max-backoff-ms >= transport.reconnect-initial-backoff-ms};</li>
 *   <li>{@code transport.write-buffer-high-bytes > transport.write-buffer-low-bytes};</li>
 *   <li>no peer has this node's id, and (unless this node listens on port 0) none has this node's address;</li>
 *   <li>{@code transport.max-inbound-buffer-bytes >= transport.max-frame-bytes}.</li>
 * </ul>
 * A loaded {@link RaftwireConfig} and values set in code through {@link ConfigValues} (the transport's settings
 * builder) are checked by these same constraints and rules, so no range is declared anywhere else.
 */
public final class ConfigKeys {

    private static final String NAME_REGEX = "[a-z][a-z0-9-]*";

    // ---- cluster membership ----

    /** What the address relations also catch, said in their messages. */
    private static final String SAME_SOCKET = ", under any name of the same socket (localhost, 127.0.0.1 and ::1 are"
            + " one interface)";

    public static final ConfigKey<String> CLUSTER_ID = ConfigKey.ofString("raftwire.cluster.id", "raftwire",
            pattern("an id", PeerAddress.ID_REGEX),
            "cluster name; a peer announcing another cluster id is refused at handshake");

    public static final ConfigKey<String> NODE_ID = ConfigKey.ofString("raftwire.node.id", "node-1",
            pattern("an id", PeerAddress.ID_REGEX),
            "this node's member id, unique in the cluster");

    public static final ConfigKey<HostPort> NODE_ADDRESS = ConfigKey.ofAddress("raftwire.node.address",
            new HostPort("127.0.0.1", 0),
            "host:port this node listens on (port 0 = any free port)");

    public static final ConfigKey<List<PeerAddress>> PEERS = ConfigKey.ofList("raftwire.peers", ValueType.PEER,
            List.of(),
            Constraint.<PeerAddress>distinct("peer ids", PeerAddress::id)
                    .and(distinct("peer addresses", PeerAddress::address)),
            "the other members as id=host:port, comma separated; none has this node's id or address");

    // ---- serialization ----

    public static final ConfigKey<String> SERIALIZER = ConfigKey.ofString("raftwire.serializer", "kryo",
            pattern("a name", NAME_REGEX),
            "serializer used to send (kryo, protostuff, jdk or another installed provider); one line switches it");

    public static final ConfigKey<List<String>> SERIALIZER_ACCEPT = ConfigKey.ofList("raftwire.serializer.accept",
            ValueType.STRING, List.of(),
            Constraint.<String>each(pattern("a name", NAME_REGEX)).and(distinct("names", Function.identity())),
            "further serializers accepted inbound, for node-by-node migration; raftwire.serializer is always accepted");

    public static final ConfigKey<String> SERIALIZER_CODEC_PATH = ConfigKey.ofString(
            "raftwire.serializer.codec-path", "generated", pattern("generated or walk", "(?i)generated|walk"),
            "how registered types are encoded: generated (code generated per type at registration) or walk (the"
                    + " generic reference walk); the bytes are the same");

    public static final ConfigKey<Integer> SERIALIZER_MAX_DEPTH = ConfigKey.ofInt("raftwire.serializer.max-depth",
            64, between(2, 256),
            "deepest value nesting accepted in one payload");

    public static final ConfigKey<Integer> SERIALIZER_MAX_ELEMENTS = ConfigKey.ofInt(
            "raftwire.serializer.max-elements", 16 * 1024 * 1024, atLeast(1),
            "most elements in one collection, array or string, refused above at encode and at decode");

    public static final ConfigKey<Integer> SERIALIZER_BUFFER_BYTES = ConfigKey.ofInt(
            "raftwire.serializer.buffer-bytes", 4096, atLeast(256),
            "initial size in bytes of each per-thread reusable serialization buffer");

    public static final ConfigKey<Integer> SERIALIZER_MAX_POOLED_BUFFER_BYTES = ConfigKey.ofInt(
            "raftwire.serializer.max-pooled-buffer-bytes", 1024 * 1024, atLeast(256),
            "per-thread buffers grown past this many bytes are dropped after use; at least serializer.buffer-bytes");

    public static final ConfigKey<Integer> SERIALIZER_MAX_PAYLOAD_BYTES = ConfigKey.ofInt(
            "raftwire.serializer.max-payload-bytes", 16 * 1024 * 1024 - 1024, atLeast(1024),
            "largest payload in bytes encoded or decoded; keep it below transport.max-frame-bytes, which also holds"
                    + " the frame header");

    // ---- transport: framing and timeouts ----

    public static final ConfigKey<Integer> TRANSPORT_MAX_FRAME_BYTES = ConfigKey.ofInt(
            "raftwire.transport.max-frame-bytes", 16 * 1024 * 1024, between(1024, 1024 * 1024 * 1024),
            "largest frame in bytes accepted or sent; a larger one closes the connection");

    public static final ConfigKey<Integer> TRANSPORT_CONNECT_TIMEOUT_MS = ConfigKey.ofInt(
            "raftwire.transport.connect-timeout-ms", 1000, between(1, 60_000),
            "TCP connect timeout in milliseconds");

    public static final ConfigKey<Integer> TRANSPORT_HANDSHAKE_TIMEOUT_MS = ConfigKey.ofInt(
            "raftwire.transport.handshake-timeout-ms", 2000, between(1, 60_000),
            "milliseconds allowed for the connection handshake");

    public static final ConfigKey<Integer> TRANSPORT_REQUEST_TIMEOUT_MS = ConfigKey.ofInt(
            "raftwire.transport.request-timeout-ms", 5000, between(1, 3_600_000),
            "default per-request deadline in milliseconds");

    public static final ConfigKey<Integer> TRANSPORT_IDLE_TIMEOUT_MS = ConfigKey.ofInt(
            "raftwire.transport.idle-timeout-ms", 3000, equalTo(0).or(between(100, 3_600_000)),
            "milliseconds without inbound bytes before a connection is closed (0 = off); pings go after a third idle");

    // ---- transport: reconnection ----

    public static final ConfigKey<Integer> TRANSPORT_RECONNECT_INITIAL_BACKOFF_MS = ConfigKey.ofInt(
            "raftwire.transport.reconnect-initial-backoff-ms", 50, between(1, 60_000),
            "first reconnect delay in milliseconds");

    public static final ConfigKey<Integer> TRANSPORT_RECONNECT_MAX_BACKOFF_MS = ConfigKey.ofInt(
            "raftwire.transport.reconnect-max-backoff-ms", 2000, atLeast(1),
            "cap on the reconnect delay in milliseconds; at least transport.reconnect-initial-backoff-ms");

    public static final ConfigKey<Double> TRANSPORT_RECONNECT_BACKOFF_MULTIPLIER = ConfigKey.ofDouble(
            "raftwire.transport.reconnect-backoff-multiplier", 1.6, between(1.0, 10.0),
            "factor by which the reconnect delay grows after each failed attempt");

    public static final ConfigKey<Double> TRANSPORT_RECONNECT_JITTER = ConfigKey.ofDouble(
            "raftwire.transport.reconnect-jitter", 0.2, between(0.0, 1.0),
            "random jitter on each reconnect delay, as a +- fraction of it");

    // ---- transport: flow control and threads ----

    public static final ConfigKey<Integer> TRANSPORT_WRITE_BUFFER_LOW_BYTES = ConfigKey.ofInt(
            "raftwire.transport.write-buffer-low-bytes", 32 * 1024, atLeast(1024),
            "a channel becomes writable again when its outbound buffer falls below this many bytes");

    public static final ConfigKey<Integer> TRANSPORT_WRITE_BUFFER_HIGH_BYTES = ConfigKey.ofInt(
            "raftwire.transport.write-buffer-high-bytes", 128 * 1024, atLeast(1024),
            "a channel stops being writable above this many buffered bytes; above transport.write-buffer-low-bytes");

    public static final ConfigKey<Integer> TRANSPORT_MAX_PENDING_REQUESTS = ConfigKey.ofInt(
            "raftwire.transport.max-pending-requests", 4096, between(1, 1024 * 1024),
            "most requests awaiting a response per peer; further sends fail fast");

    public static final ConfigKey<Boolean> TRANSPORT_FLUSH_CONSOLIDATION = ConfigKey.ofBoolean(
            "raftwire.transport.flush-consolidation", true,
            "coalesce the flushes of consecutive writes (Netty FlushConsolidationHandler)");

    public static final ConfigKey<Integer> TRANSPORT_FLUSH_CONSOLIDATION_LIMIT = ConfigKey.ofInt(
            "raftwire.transport.flush-consolidation-limit", 256, between(1, 65_536),
            "most flushes merged into one");

    public static final ConfigKey<Integer> TRANSPORT_BULK_THRESHOLD_BYTES = ConfigKey.ofInt(
            "raftwire.transport.bulk-threshold-bytes", 64 * 1024, between(256, 1024 * 1024 * 1024),
            "frames larger than this travel on a separate bulk connection so votes never queue behind them");

    public static final ConfigKey<Integer> TRANSPORT_IO_THREADS = ConfigKey.ofInt(
            "raftwire.transport.io-threads", 1, between(1, 64),
            "event-loop threads per transport");

    public static final ConfigKey<SocketImplementation> TRANSPORT_NATIVE = ConfigKey.ofEnum(
            "raftwire.transport.native", SocketImplementation.AUTO,
            "socket implementation: nio, epoll, or auto (epoll when Netty's native epoll library loads on this"
            + " platform, else nio)");

    // ---- transport: limits before and after trust ----

    public static final ConfigKey<Integer> TRANSPORT_MAX_CONNECTIONS = ConfigKey.ofInt(
            "raftwire.transport.max-connections", 1024, between(1, 1_048_576),
            "most accepted connections open at once, handshake completed or not; further ones are closed at once");

    public static final ConfigKey<Integer> TRANSPORT_MAX_UNAUTHENTICATED_CONNECTIONS = ConfigKey.ofInt(
            "raftwire.transport.max-unauthenticated-connections", 64, between(1, 65_536),
            "most accepted connections that have not completed the handshake; further ones are closed at once");

    public static final ConfigKey<Integer> TRANSPORT_MAX_INBOUND_BUFFER_BYTES = ConfigKey.ofInt(
            "raftwire.transport.max-inbound-buffer-bytes", 64 * 1024 * 1024, between(1024, 1024 * 1024 * 1024),
            "most bytes of incomplete inbound frames held over all connections; at least transport.max-frame-bytes");

    public static final ConfigKey<Integer> TRANSPORT_MAX_UNAUTHENTICATED_PER_ADDRESS = ConfigKey.ofInt(
            "raftwire.transport.max-unauthenticated-per-address", 8, between(1, 65_536),
            "most accepted connections from one source address that have not completed the handshake");

    public static final ConfigKey<Integer> TRANSPORT_RESERVED_MEMBER_SLOTS = ConfigKey.ofInt(
            "raftwire.transport.reserved-member-slots", 16, between(0, 65_536),
            "pre-handshake slots beyond max-unauthenticated-connections that only connections from a configured"
                    + " peer's address may take");

    public static final ConfigKey<Integer> TRANSPORT_HANDSHAKE_RATE = ConfigKey.ofInt(
            "raftwire.transport.handshake-rate", 50, between(1, 1_000_000),
            "accepted connections per second, from addresses that are not a configured peer's, that may start a"
                    + " handshake (a token bucket of one second's worth); further ones are closed at once");

    public static final ConfigKey<Integer> TRANSPORT_HANDSHAKE_RATE_PER_ADDRESS = ConfigKey.ofInt(
            "raftwire.transport.handshake-rate-per-address", 10, between(1, 1_000_000),
            "accepted connections per second from one source address that may start a handshake (a token bucket of"
                    + " one second's worth); further ones are closed at once");

    public static final ConfigKey<Integer> TRANSPORT_MAX_REQUESTS_IN_FLIGHT = ConfigKey.ofInt(
            "raftwire.transport.max-requests-in-flight", 256, between(1, 1024 * 1024),
            "requests read from one accepted connection whose responses are not yet written to its socket; at this"
                    + " many, the connection is not read until half of them are");

    public static final ConfigKey<Boolean> TRANSPORT_ACCEPT_ANY_MEMBER = ConfigKey.ofBoolean(
            "raftwire.transport.accept-any-member", false,
            "accept connections claiming ids not in raftwire.peers (a node's client port); own id refused, TLS still"
                    + " binds the id");

    public static final ConfigKey<String> TRANSPORT_CAPTURE_FILE = ConfigKey.ofString(
            "raftwire.transport.capture-file", "", Constraint.any(),
            "file every frame this transport sends and receives is copied to, for raftwire inspect; empty = off."
                    + " PLAINTEXT even with TLS (every message in clear: protect the file); one file per transport (a"
                    + " node's client listener writes <file>.clients); stops growing at 256 MiB");

    // ---- TLS ----

    public static final ConfigKey<Boolean> TLS_ENABLED = ConfigKey.ofBoolean("raftwire.tls.enabled", true,
            "mutual TLS between members; false = plaintext, unauthenticated (loopback demos and tests only)");

    public static final ConfigKey<Boolean> SECURITY_PLAINTEXT_ADMIN = ConfigKey.ofBoolean(
            "raftwire.security.plaintext-admin", false,
            "with tls.enabled = false: accept Join, Leave and Transfer requests from any plaintext client (they are"
                    + " refused otherwise); no effect with TLS, where only admin certificates and members acting on"
                    + " themselves may send them");

    public static final ConfigKey<String> TLS_CERTIFICATE_FILE = ConfigKey.ofString("raftwire.tls.certificate-file",
            "", Constraint.any(),
            "PEM file: this node's certificate chain; its SAN URI raftwire://<cluster id>/<member id> names it (a"
                    + " client's: raftwire://<cluster id>/client/<id> or raftwire://<cluster id>/admin/<id>);"
                    + " required when tls.enabled (checked when the transport is created)");

    public static final ConfigKey<String> TLS_PRIVATE_KEY_FILE = ConfigKey.ofString("raftwire.tls.private-key-file",
            "", Constraint.any(),
            "PEM file: the unencrypted PKCS#8 private key of tls.certificate-file");

    public static final ConfigKey<String> TLS_TRUST_FILE = ConfigKey.ofString("raftwire.tls.trust-file", "",
            Constraint.any(),
            "PEM file: the CA certificates that issue member certificates; nothing else is trusted");

    public static final ConfigKey<TlsProvider> TLS_PROVIDER = ConfigKey.ofEnum("raftwire.tls.provider",
            TlsProvider.JDK,
            "TLS implementation: jdk, or openssl (needs netty-tcnative on the class path)");

    // ---- Raft node (raft-node module) ----

    public static final ConfigKey<String> NODE_DATA_DIR = ConfigKey.ofString("raftwire.node.data-dir", "",
            Constraint.any(),
            "directory of this node's durable Raft state (term, vote, log, snapshots); empty = memory only, not"
                    + " durable");

    public static final ConfigKey<HostPort> NODE_CLIENT_ADDRESS = ConfigKey.ofAddress("raftwire.node.client-address",
            new HostPort("127.0.0.1", 0),
            "host:port this node answers client sessions on (port 0 = any free port)");

    public static final ConfigKey<Integer> GROUPS = ConfigKey.ofInt("raftwire.groups", 1, between(1, 1024),
            "Raft groups this member hosts, on one peer port and one client port: group 0's id is raftwire.cluster.id"
                    + " and its data is raftwire.node.data-dir itself, group i's (i >= 1) id is <cluster id>-<i> and"
                    + " its data is <data-dir>/group-<i>; every member of the cluster uses the same count");

    public static final ConfigKey<Integer> NODE_RAFT_THREADS = ConfigKey.ofInt("raftwire.node.raft-threads", 0,
            between(0, 1024),
            "threads that run the Raft tasks of all of this member's groups, each group's tasks one at a time"
                    + " (0 = the smaller of raftwire.groups and the available processors)");

    public static final ConfigKey<Integer> NODE_SYNC_THREADS = ConfigKey.ofInt("raftwire.node.sync-threads", 1,
            between(1, 1024),
            "retired: a member of more than one group writes every group's log entries to one shared log"
                    + " (<data-dir>/shared-log) forced by one sync thread, and a member of one group keeps its store's"
                    + " own thread; a value other than 1 is accepted and logged at WARN as having no effect");

    public static final ConfigKey<List<String>> RAFT_INITIAL_MEMBERS = ConfigKey.ofList("raftwire.raft.initial-members",
            ValueType.STRING, List.of(),
            Constraint.<String>each(pattern("an id", PeerAddress.ID_REGEX)).and(distinct("ids", Function.identity())),
            "member ids of the Raft group when it first starts; empty = this node and every peer; a peer not listed"
                    + " may join later");

    public static final ConfigKey<Integer> RAFT_ELECTION_TIMEOUT_MS = ConfigKey.ofInt(
            "raftwire.raft.election-timeout-ms", 1000, between(50, 60_000),
            "how long a candidate waits for votes before a new round (the engine adds up to 100 ms of jitter)");

    public static final ConfigKey<Integer> RAFT_HEARTBEAT_PERIOD_SECS = ConfigKey.ofInt(
            "raftwire.raft.heartbeat-period-secs", 1, between(1, 60),
            "seconds between the leader's heartbeats (the engine counts whole seconds)");

    public static final ConfigKey<Integer> RAFT_HEARTBEAT_TIMEOUT_SECS = ConfigKey.ofInt(
            "raftwire.raft.heartbeat-timeout-secs", 5, between(1, 600),
            "seconds without a heartbeat before followers elect a new leader, and before a leader without a quorum"
                    + " steps down");

    public static final ConfigKey<Integer> RAFT_HEARTBEAT_INTERVAL_MS = ConfigKey.ofInt(
            "raftwire.raft.heartbeat-interval-ms", 100, between(10, 60_000),
            "milliseconds between the leader's heartbeats to followers it is not waiting on, sent by raftwire in"
                    + " addition to the engine's; with leader-timeout-ms 0 none are added");

    public static final ConfigKey<Integer> RAFT_LEADER_TIMEOUT_MS = ConfigKey.ofInt(
            "raftwire.raft.leader-timeout-ms", 1000, between(0, 600_000),
            "milliseconds a follower hears nothing from its leader before it asks for an election, and after which it"
                    + " grants another member's; 0 = only the engine's heartbeat-timeout-secs");

    public static final ConfigKey<Integer> RAFT_APPEND_BATCH_SIZE = ConfigKey.ofInt(
            "raftwire.raft.append-batch-size", 50, between(1, 100_000),
            "most log entries per AppendEntries (the engine sends one more); (this + 1) x the largest command must"
                    + " fit in max-frame-bytes");

    public static final ConfigKey<Integer> RAFT_SNAPSHOT_INTERVAL = ConfigKey.ofInt(
            "raftwire.raft.snapshot-interval", 50_000, between(1, 10_000_000),
            "commits between snapshots, taken at the same indices on every node");

    public static final ConfigKey<Integer> RAFT_MAX_PENDING_ENTRIES = ConfigKey.ofInt(
            "raftwire.raft.max-pending-entries", 5000, between(1, 1_000_000),
            "appended but uncommitted entries a leader accepts before refusing new commands as unavailable");

    // ---- rolling upgrades (feature levels, docs/upgrades.md) ----

    public static final ConfigKey<Boolean> UPGRADE_AUTO_RAISE = ConfigKey.ofBoolean(
            "raftwire.upgrade.auto-raise", true,
            "the leader records the next feature level by itself as soon as every member announces its schema;"
                    + " false = only on raftwire admin feature-level --raise (level 1 is recorded by itself either way)");

    public static final ConfigKey<Integer> UPGRADE_CHECK_INTERVAL_MS = ConfigKey.ofInt(
            "raftwire.upgrade.check-interval-ms", 1000, between(10, 3_600_000),
            "milliseconds between a leader's checks of whether every member announces a schema to record as the next"
                    + " feature level");

    // ---- metrics (the program's raftwire node) ----

    public static final ConfigKey<Integer> METRICS_PORT = ConfigKey.ofInt("raftwire.metrics.port", -1,
            between(-1, 65535),
            "port of raftwire node's Prometheus scrape endpoint (GET /metrics); -1 = off, 0 = any free port;"
                    + " HTTPS needing a client certificate of the cluster CA when tls.enabled");

    public static final ConfigKey<String> METRICS_BIND = ConfigKey.ofString("raftwire.metrics.bind", "127.0.0.1",
            pattern("a host name or IP address", "[^\\s/]+"),
            "host name or IP address the scrape endpoint listens on (0.0.0.0 = every interface)");

    private static final List<ConfigKey<?>> ALL = List.of(
            CLUSTER_ID, NODE_ID, NODE_ADDRESS, PEERS,
            SERIALIZER, SERIALIZER_ACCEPT, SERIALIZER_CODEC_PATH, SERIALIZER_MAX_DEPTH, SERIALIZER_MAX_ELEMENTS,
            SERIALIZER_BUFFER_BYTES, SERIALIZER_MAX_POOLED_BUFFER_BYTES, SERIALIZER_MAX_PAYLOAD_BYTES,
            TRANSPORT_MAX_FRAME_BYTES, TRANSPORT_CONNECT_TIMEOUT_MS, TRANSPORT_HANDSHAKE_TIMEOUT_MS,
            TRANSPORT_REQUEST_TIMEOUT_MS, TRANSPORT_IDLE_TIMEOUT_MS,
            TRANSPORT_RECONNECT_INITIAL_BACKOFF_MS, TRANSPORT_RECONNECT_MAX_BACKOFF_MS,
            TRANSPORT_RECONNECT_BACKOFF_MULTIPLIER, TRANSPORT_RECONNECT_JITTER,
            TRANSPORT_WRITE_BUFFER_LOW_BYTES, TRANSPORT_WRITE_BUFFER_HIGH_BYTES, TRANSPORT_MAX_PENDING_REQUESTS,
            TRANSPORT_FLUSH_CONSOLIDATION, TRANSPORT_FLUSH_CONSOLIDATION_LIMIT, TRANSPORT_BULK_THRESHOLD_BYTES,
            TRANSPORT_IO_THREADS,
            TRANSPORT_NATIVE,
            TRANSPORT_MAX_CONNECTIONS, TRANSPORT_MAX_UNAUTHENTICATED_CONNECTIONS, TRANSPORT_MAX_INBOUND_BUFFER_BYTES,
            TRANSPORT_MAX_UNAUTHENTICATED_PER_ADDRESS, TRANSPORT_RESERVED_MEMBER_SLOTS, TRANSPORT_HANDSHAKE_RATE,
            TRANSPORT_HANDSHAKE_RATE_PER_ADDRESS, TRANSPORT_MAX_REQUESTS_IN_FLIGHT,
            TRANSPORT_ACCEPT_ANY_MEMBER,
            TRANSPORT_CAPTURE_FILE, TLS_ENABLED, SECURITY_PLAINTEXT_ADMIN, TLS_CERTIFICATE_FILE, TLS_PRIVATE_KEY_FILE, TLS_TRUST_FILE, TLS_PROVIDER,
            NODE_DATA_DIR, NODE_CLIENT_ADDRESS, GROUPS, NODE_RAFT_THREADS, NODE_SYNC_THREADS,
            RAFT_INITIAL_MEMBERS,
            RAFT_ELECTION_TIMEOUT_MS,
            RAFT_HEARTBEAT_PERIOD_SECS, RAFT_HEARTBEAT_TIMEOUT_SECS, RAFT_HEARTBEAT_INTERVAL_MS, RAFT_LEADER_TIMEOUT_MS,
            RAFT_APPEND_BATCH_SIZE, RAFT_SNAPSHOT_INTERVAL, RAFT_MAX_PENDING_ENTRIES, UPGRADE_AUTO_RAISE,
            UPGRADE_CHECK_INTERVAL_MS, METRICS_PORT, METRICS_BIND);

    private static final List<Relation> RELATIONS = List.of(
            new Relation(SERIALIZER_MAX_POOLED_BUFFER_BYTES, List.of(SERIALIZER_BUFFER_BYTES),
                    c -> c.get(SERIALIZER_MAX_POOLED_BUFFER_BYTES) >= c.get(SERIALIZER_BUFFER_BYTES)
                            ? null : ">= " + show(c, SERIALIZER_BUFFER_BYTES)),
            new Relation(TRANSPORT_RECONNECT_MAX_BACKOFF_MS, List.of(TRANSPORT_RECONNECT_INITIAL_BACKOFF_MS),
                    c -> c.get(TRANSPORT_RECONNECT_MAX_BACKOFF_MS) >= c.get(TRANSPORT_RECONNECT_INITIAL_BACKOFF_MS)
                            ? null : ">= " + show(c, TRANSPORT_RECONNECT_INITIAL_BACKOFF_MS)),
            new Relation(TRANSPORT_WRITE_BUFFER_HIGH_BYTES, List.of(TRANSPORT_WRITE_BUFFER_LOW_BYTES),
                    c -> c.get(TRANSPORT_WRITE_BUFFER_HIGH_BYTES) > c.get(TRANSPORT_WRITE_BUFFER_LOW_BYTES)
                            ? null : "> " + show(c, TRANSPORT_WRITE_BUFFER_LOW_BYTES)),
            new Relation(RAFT_HEARTBEAT_TIMEOUT_SECS, List.of(RAFT_HEARTBEAT_PERIOD_SECS),
                    c -> c.get(RAFT_HEARTBEAT_TIMEOUT_SECS) >= c.get(RAFT_HEARTBEAT_PERIOD_SECS)
                            ? null : ">= " + show(c, RAFT_HEARTBEAT_PERIOD_SECS)),
            new Relation(RAFT_LEADER_TIMEOUT_MS, List.of(RAFT_HEARTBEAT_INTERVAL_MS),
                    c -> c.get(RAFT_LEADER_TIMEOUT_MS) == 0
                            || c.get(RAFT_LEADER_TIMEOUT_MS) >= 3 * c.get(RAFT_HEARTBEAT_INTERVAL_MS)
                            ? null : "0 or >= 3 x " + show(c, RAFT_HEARTBEAT_INTERVAL_MS)
                            + ", so that a lost heartbeat or two is not a leader's death"),
            new Relation(RAFT_INITIAL_MEMBERS, List.of(NODE_ID, PEERS),
                    c -> c.get(RAFT_INITIAL_MEMBERS).stream().allMatch(id -> id.equals(c.get(NODE_ID))
                            || c.get(PEERS).stream().anyMatch(p -> p.id().equals(id)))
                            ? null : "only this node's id and peer ids"),
            new Relation(PEERS, List.of(NODE_ID),
                    c -> c.get(PEERS).stream().noneMatch(p -> p.id().equals(c.get(NODE_ID)))
                            ? null : "no peer with this node's id " + show(c, NODE_ID)),
            new Relation(PEERS, List.of(NODE_ADDRESS),
                    c -> c.get(PEERS).stream().noneMatch(p -> c.get(NODE_ADDRESS).reachedBy(p.address()))
                            ? null : "no peer at this node's address " + show(c, NODE_ADDRESS) + SAME_SOCKET),
            new Relation(PEERS, List.of(NODE_CLIENT_ADDRESS),
                    c -> c.get(PEERS).stream().noneMatch(p -> c.get(NODE_CLIENT_ADDRESS).reachedBy(p.address()))
                            ? null : "no peer at this node's client address " + show(c, NODE_CLIENT_ADDRESS)
                            + SAME_SOCKET),
            new Relation(NODE_CLIENT_ADDRESS, List.of(NODE_ADDRESS),
                    c -> !c.get(NODE_ADDRESS).reachedBy(c.get(NODE_CLIENT_ADDRESS))
                            ? null : "another port than " + show(c, NODE_ADDRESS) + SAME_SOCKET),
            new Relation(TRANSPORT_MAX_INBOUND_BUFFER_BYTES, List.of(TRANSPORT_MAX_FRAME_BYTES),
                    c -> c.get(TRANSPORT_MAX_INBOUND_BUFFER_BYTES) >= c.get(TRANSPORT_MAX_FRAME_BYTES)
                            ? null : ">= " + show(c, TRANSPORT_MAX_FRAME_BYTES)));

    private ConfigKeys() {
    }

    /** Every key, in declaration order (unmodifiable). */
    public static List<ConfigKey<?>> all() {
        return ALL;
    }

    /** The rules relating several keys, in the order they are checked. */
    static List<Relation> relations() {
        return RELATIONS;
    }

    private static <T> String show(RaftwireConfig config, ConfigKey<T> key) {
        return ConfigKey.quoted(key.format(config.get(key))) + " (" + key.name() + ")";
    }

    /**
     * A rule relating {@code key} to {@code inputs}; checked only when all of them passed their own constraints.
     *
     * @param check returns {@code null} when the rule holds, otherwise what was expected of {@code key}
     */
    record Relation(ConfigKey<?> key, List<ConfigKey<?>> inputs, Function<RaftwireConfig, String> check) {

        /** The violation of this rule in {@code config}, reported against {@link #key()}; {@code null} if it holds. */
        ConfigViolation violation(RaftwireConfig config, String origin) {
            String failure = check.apply(config);
            return failure == null ? null
                    : new ConfigViolation(key.name(), formatted(config, key), "expected: " + failure, origin);
        }

        private static <T> String formatted(RaftwireConfig config, ConfigKey<T> key) {
            return key.format(config.get(key));
        }
    }
}
