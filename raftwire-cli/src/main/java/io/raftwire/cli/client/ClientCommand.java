package io.raftwire.cli.client;

import io.raftwire.cli.CliFailure;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.node.KvNodes;
import io.raftwire.node.client.KvClient;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code raftwire client}: talks to a running cluster's key-value store through a client session, and changes its
 * membership and leadership with an admin certificate. The connection options live here; each operation is a
 * subcommand.
 */
@Command(name = "client", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
        customSynopsis = {"@|bold raftwire client|@ [-hVv] [--cluster-id=<clusterId>] [--config=FILE]",
                "                       --members=ID=HOST:PORT,... [--serializer=<serializer>]",
                "                       [--timeout-ms=<timeoutMs>]",
                "                       [--certificate=FILE --private-key=FILE --trust=FILE] [COMMAND]"},
        description = {"Talks to a running cluster: put, get, delete, cas, watch, bench; with an admin certificate"
                + " also join, leave, transfer (the older names of raftwire admin add-member, remove-member,"
                + " transfer-leadership, which open no session)."},
        subcommands = {KvCommands.Put.class, KvCommands.Get.class, KvCommands.Delete.class, KvCommands.Cas.class,
                KvCommands.Watch.class, BenchCommand.class, MembershipCommands.Join.class,
                MembershipCommands.Leave.class, MembershipCommands.Transfer.class})
public final class ClientCommand {

    @Spec
    private CommandSpec spec;

    // required, but checked in checkOptions: picocli checks a parent's required options before a subcommand's --help
    @Option(names = "--members", paramLabel = "ID=HOST:PORT,...",
            description = "Every member's client address (raftwire.node.client-address), comma separated; required.")
    private String members;

    @Mixin
    private ConnectionOptions connection;

    /** Reads {@code variables} instead of the process environment (for tests). */
    void environment(Map<String, String> variables) {
        connection.environment(variables);
    }

    /**
     * Checks the connection options, before anything is read or connected.
     *
     * @throws ParameterException naming the option, the value given and what is expected
     */
    void checkOptions() {
        if (members == null) {
            throw new ParameterException(spec.commandLine(), "Missing required option: '--members=ID=HOST:PORT,...'"
                    + " (expected: every member's client address, raftwire.node.client-address, comma separated)");
        }
        connection.check("--members", members, "id=host:port of at least one member's client address, comma"
                + " separated");
    }

    /** A connected KV client; the caller closes it. Call {@link #checkOptions()} first. */
    KvClient connect() {
        KvClient client = connection.create(members, KvNodes::client);
        try {
            client.session().connect();
        } catch (RuntimeException e) {
            client.close();
            throw new CliFailure("cannot open a session with " + members + ": " + ConnectionOptions.cause(e), e);
        }
        return client;
    }

    /** {@code ""} for empty text, so that an empty value is visible in a message. */
    static String quoted(String text) {
        return ConnectionOptions.quoted(text);
    }

    long timeoutMs() {
        return connection.timeoutMs();
    }

    /** The value of an operation's future, or a {@link CliFailure} saying why there is none. */
    <T> T await(CompletableFuture<T> future) {
        return connection.await(future);
    }
}
