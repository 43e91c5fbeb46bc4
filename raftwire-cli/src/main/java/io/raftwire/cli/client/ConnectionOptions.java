package io.raftwire.cli.client;

import io.raftwire.cli.CliFailure;
import io.raftwire.config.ConfigException;
import io.raftwire.config.ConfigKey;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.ConfigSource;
import io.raftwire.config.ConfigViolation;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.KvNodes;
import io.raftwire.node.client.ClientException;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.transport.SerializerConfig;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * How a command reaches a running cluster's client ports: configuration file, cluster id, serializer, TLS files and
 * timeout, shared by {@code raftwire client}, {@code raftwire status} and {@code raftwire admin} (a picocli mixin).
 * The member addresses are the command's own option; this class checks them and builds the client. Not thread-safe.
 */
public final class ConnectionOptions {

    /**
     * Longest {@code --timeout-ms}: one day. Far beyond any useful wait, and small enough that deadlines computed from
     * it (in nanoseconds, plus a margin) cannot overflow.
     */
    static final long MAX_TIMEOUT_MS = 86_400_000L;

    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE",
            description = "A cluster member's properties file, for raftwire.cluster.id, the serializer and transport"
                    + " settings (default: the built-in defaults). System properties and RAFTWIRE_* environment"
                    + " variables override it, with or without this option.")
    private Path config;

    @Option(names = "--serializer", description = "Serializer to encode with (default: the config's, else kryo).")
    private String serializer;

    @Option(names = "--cluster-id", description = "The cluster id (default: the config's, else raftwire).")
    private String clusterId;

    @Option(names = "--certificate", paramLabel = "FILE",
            description = "TLS: this client's PEM certificate chain; its SAN URI raftwire://<cluster id>/client/<id>"
                    + " (or /admin/<id>) names the client, which connects under that id. With --private-key and"
                    + " --trust; the three turn TLS on whatever the configuration says.")
    private Path certificate;

    @Option(names = "--private-key", paramLabel = "FILE",
            description = "TLS: the certificate's PEM private key (unencrypted PKCS#8).")
    private Path privateKey;

    @Option(names = "--trust", paramLabel = "FILE",
            description = "TLS: PEM CA certificates the members' certificates are checked against.")
    private Path trust;

    @Option(names = "--timeout-ms", defaultValue = "15000",
            description = "How long one operation may take, retries included, 1.." + MAX_TIMEOUT_MS
                    + " (default: ${DEFAULT-VALUE}).")
    private long timeoutMs;

    @Option(names = "--group", paramLabel = "GROUP_ID",
            description = "On members that host several groups (raftwire.groups): the group to address, the cluster"
                    + " id for group 0 or <cluster id>-<i> for group i (default: the members' only group).")
    private String group;

    /** The environment variables read as configuration; the process's own unless a test sets others. */
    private Map<String, String> environment = System.getenv();

    /** Reads {@code variables} instead of the process environment (for tests). */
    public void environment(Map<String, String> variables) {
        this.environment = Map.copyOf(variables);
    }

    /**
     * Checks these options and the member addresses, before anything is read or connected.
     *
     * @param option   the name of the option that gave {@code members}, for messages
     * @param members  {@code id=host:port,...} as typed
     * @param expected what that option expects, for messages
     * @return the addresses
     * @throws ParameterException naming the option, the value given and what is expected
     */
    public List<PeerAddress> check(String option, String members, String expected) {
        if (timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
            throw usage("--timeout-ms = " + timeoutMs + " (expected: 1.." + MAX_TIMEOUT_MS + " milliseconds)");
        }
        List<PeerAddress> addresses = checkOption(option, ConfigKeys.PEERS, members, members)
                .get(ConfigKeys.PEERS);
        if (addresses.isEmpty()) {
            throw usage(option + " = " + quoted(members) + " (expected: " + expected + ")");
        }
        if (serializer != null) {
            checkOption("--serializer", ConfigKeys.SERIALIZER, serializer, members);
        }
        int tlsFiles = (certificate != null ? 1 : 0) + (privateKey != null ? 1 : 0) + (trust != null ? 1 : 0);
        if (tlsFiles != 0 && tlsFiles != 3) {
            throw usage("--certificate = " + certificate + ", --private-key = " + privateKey + ", --trust = " + trust
                    + " (expected: all three, or none to take raftwire.tls.* from the configuration)");
        }
        if (clusterId != null) {
            checkOption("--cluster-id", ConfigKeys.CLUSTER_ID, clusterId, members);
        }
        return addresses;
    }

    /**
     * Checks {@code value} against the rules of {@code key}, alone, and reports a violation under the option's name:
     * the value was typed on the command line, so it is a usage error, not a configuration file's.
     */
    private RaftwireConfig checkOption(String option, ConfigKey<?> key, String value, String members) {
        Map<String, String> values = new HashMap<>();
        values.put(key.name(), value);
        values.put(ConfigKeys.NODE_ID.name(), clientNodeId(members));
        try {
            return RaftwireConfig.load(SerializerConfig.installed(),
                    List.of(ConfigSource.fromMap(option, values)));
        } catch (ConfigException e) {
            List<String> problems = new ArrayList<>();
            for (ConfigViolation v : e.violations()) {
                problems.add(v.problem());
            }
            if (problems.isEmpty()) {
                throw e;
            }
            throw usage(option + " = " + quoted(value) + " (" + String.join("; ", problems) + ")");
        }
    }

    /**
     * The node id the client's configuration is checked with ({@code raftwire.node.id} must name no peer): the first
     * of {@code client}, {@code client-1}, {@code client-2}, ... that does not occur in {@code members} at all, so
     * that it names no member whatever the members are called. The client itself connects under the id its TLS
     * certificate names, or a random client id on plaintext.
     */
    private static String clientNodeId(String members) {
        String id = "client";
        for (int n = 1; members.contains(id); n++) {
            id = "client-" + n;
        }
        return id;
    }

    /**
     * Builds a client of {@code members} (call {@link #check} first) and hands its builder to {@code make}; unusable
     * transport settings (TLS files above all) become a {@link ConfigException} saying where the settings came from.
     */
    public <T> T create(String members, Function<RaftwireClient.Builder, T> make) {
        Map<String, String> values = new HashMap<>(loaded().nonDefaults());
        if (serializer != null) {
            values.put(ConfigKeys.SERIALIZER.name(), serializer);
        }
        if (clusterId != null) {
            values.put(ConfigKeys.CLUSTER_ID.name(), clusterId);
        }
        values.put(ConfigKeys.PEERS.name(), members);
        values.put(ConfigKeys.NODE_ID.name(), clientNodeId(members)); // the client's own id: the certificate's, or random
        values.put(ConfigKeys.NODE_ADDRESS.name(), "127.0.0.1:0");
        values.remove(ConfigKeys.NODE_CLIENT_ADDRESS.name());
        values.remove(ConfigKeys.RAFT_INITIAL_MEMBERS.name());
        values.remove(ConfigKeys.NODE_DATA_DIR.name());
        values.remove(ConfigKeys.TRANSPORT_CAPTURE_FILE.name());
        RaftwireConfig cfg = RaftwireConfig.load(SerializerConfig.installed(),
                List.of(ConfigSource.fromMap("command line", values)));
        try {
            RaftwireClient.Builder builder = RaftwireClient.builder(cfg, KvNodes.registry(), cfg.get(ConfigKeys.PEERS))
                    .operationTimeout(Duration.ofMillis(timeoutMs));
            if (certificate != null) {
                builder.tls(certificate, privateKey, trust);
            }
            if (group != null) {
                try {
                    builder.group(group);
                } catch (IllegalArgumentException e) {
                    throw usage("--group = " + quoted(group) + " (" + e.getMessage().replaceFirst("^group .* is no",
                            "no") + ")");
                }
            }
            return make.apply(builder);
        } catch (IllegalArgumentException e) {
            // unusable transport settings, TLS files above all (TLS is on unless configured off): bad configuration
            String from = certificate != null ? "--certificate, --private-key and --trust, and for the rest "
                    : "";
            from += config != null ? "--config " + config : "the built-in defaults without --config";
            ConfigException bad = new ConfigException(e.getMessage() + " (these settings come from " + from
                    + ", then system properties and RAFTWIRE_* environment variables)", null);
            bad.addSuppressed(e); // its stack trace, for -vv; the reporter would repeat a cause's message
            throw bad;
        }
    }

    /** The configuration these options read: the file, system properties, the environment, then the options. */
    private RaftwireConfig loaded() {
        // the standard order, as raftwire node reads its configuration: file < system properties < environment
        RaftwireConfig base = RaftwireConfig.load(SerializerConfig.installed(),
                RaftwireConfig.standardSources(config, environment));
        if (clusterId == null) {
            return base;
        }
        Map<String, String> values = new HashMap<>(base.nonDefaults());
        values.put(ConfigKeys.CLUSTER_ID.name(), clusterId);
        return RaftwireConfig.of(values);
    }

    /** {@code --group}, if given. */
    public Optional<String> group() {
        return Optional.ofNullable(group);
    }

    /** The cluster id: {@code --cluster-id}, else the configuration's. */
    public String clusterId() {
        return loaded().get(ConfigKeys.CLUSTER_ID);
    }

    /** {@code raftwire.groups} of the configuration ({@code --config}, properties, environment); 1 by default. */
    public int groups() {
        return loaded().get(ConfigKeys.GROUPS);
    }

    /** The parsed {@code --timeout-ms}. */
    public long timeoutMs() {
        return timeoutMs;
    }

    /** The value of an operation's future, or a {@link CliFailure} saying why there is none. */
    public <T> T await(CompletableFuture<T> future) {
        try {
            return future.get(timeoutMs + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new CliFailure(cause(e), e);
        } catch (TimeoutException e) {
            throw new CliFailure("no answer within " + timeoutMs + " ms (expected: a cluster with a leader)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliFailure("interrupted", e);
        }
    }

    /** The innermost useful message of a failure: a cluster's error as {@code TYPE: message}. */
    public static String cause(Throwable e) {
        Throwable t = e;
        while ((t instanceof ExecutionException || t instanceof java.util.concurrent.CompletionException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof ClientException c && c.error() != null) {
            return c.error().type() + ": " + c.error().message();
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }

    /** {@code ""} for empty text, so that an empty value is visible in a message. */
    public static String quoted(String text) {
        return text.isEmpty() ? "\"\"" : text;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
