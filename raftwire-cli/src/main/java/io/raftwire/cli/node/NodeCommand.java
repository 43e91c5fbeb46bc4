package io.raftwire.cli.node;

import io.raftwire.cli.CliFailure;
import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireMember;
import io.raftwire.transport.SerializerConfig;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import org.slf4j.LoggerFactory;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code raftwire node --config FILE}: one member of a cluster, running the key-value store in each of its
 * {@code raftwire.groups} groups, until the process is stopped (SIGTERM or Ctrl-C closes it cleanly: the engines stop,
 * the stores are closed).
 */
@Command(name = "node", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
        description = {"Runs one member of a raftwire cluster (the key-value store) from a configuration file until"
                + " the process is stopped. Start one per file of examples/config/cluster to form a cluster."})
public final class NodeCommand implements Callable<Integer> {


    @Spec
    private CommandSpec spec;

    @Option(names = "--config", required = true, paramLabel = "FILE",
            description = "The node's properties file (raftwire.* keys; system properties and RAFTWIRE_* environment"
                    + " variables override it).")
    private Path config;

    @Option(names = "--capture", paramLabel = "FILE",
            description = "Copy every frame this node sends and receives to FILE (member traffic) and FILE.clients"
                    + " (client traffic), for raftwire inspect; in plaintext even with TLS; each file stops growing"
                    + " at 256 MiB. Overrides raftwire.transport.capture-file.")
    private Path capture;

    @Override
    public Integer call() throws InterruptedException {
        RaftwireConfig cfg = SerializerConfig.loadConfig(config);
        if (capture != null) {
            Map<String, String> values = new LinkedHashMap<>(cfg.nonDefaults());
            values.put(ConfigKeys.TRANSPORT_CAPTURE_FILE.name(), capture.toString());
            cfg = RaftwireConfig.of(values);
        }
        if (cfg.get(ConfigKeys.NODE_DATA_DIR).isEmpty()) {
            // a logger made here, not in a static field: picocli instantiates every subcommand before -v is applied,
            // and slf4j-simple fixes the default level with its first logger (a static one made -v do nothing)
            LoggerFactory.getLogger(NodeCommand.class).warn("raftwire.node.data-dir is empty: this node keeps its Raft"
                    + " state in memory only and comes back empty after a restart");
        }
        RaftwireMember node;
        NodeMetricsExport metrics = NodeMetricsExport.of(cfg);
        try {
            node = metrics.configure(KvNodes.memberBuilder(cfg)).build();
        } catch (UncheckedIOException | IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), e);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            metrics.close();
            node.close();
            stopped.countDown();
        }, "raftwire-node-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            metrics.start(node); // a port in use stops the node before it joins its group
            node.start();
        } catch (RuntimeException e) {
            Runtime.getRuntime().removeShutdownHook(hook);
            metrics.close();
            node.close();
            throw new CliFailure("cannot start " + cfg.get(ConfigKeys.NODE_ID) + ": " + e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%s of cluster %s running: members on %s, clients on %s, serializer %s, data %s%n",
                node.memberId(), cfg.get(ConfigKeys.CLUSTER_ID), node.peerAddress(), node.clientAddress(),
                cfg.get(ConfigKeys.SERIALIZER), cfg.get(ConfigKeys.NODE_DATA_DIR).isEmpty() ? "in memory only"
                        : cfg.get(ConfigKeys.NODE_DATA_DIR));
        int groups = node.groups().size();
        if (groups > 1) {
            out.printf("%d groups (%s .. %s, data in %s/group-<i> from group 1 on) on %d Raft thread(s)%n", groups,
                    node.group(0).id(), node.group(groups - 1).id(), cfg.get(ConfigKeys.NODE_DATA_DIR).isEmpty()
                            ? "memory" : cfg.get(ConfigKeys.NODE_DATA_DIR), node.raftThreads());
        }
        metrics.url().ifPresent(url -> out.printf("metrics on %s%n", url));
        String captureFile = cfg.get(ConfigKeys.TRANSPORT_CAPTURE_FILE);
        if (!captureFile.isEmpty()) {
            out.printf("capturing frames to %s (members) and %s.clients (clients); read them with raftwire inspect%n",
                    captureFile, captureFile);
        }
        out.flush();
        stopped.await();
        return ExitCodes.OK;
    }
}
