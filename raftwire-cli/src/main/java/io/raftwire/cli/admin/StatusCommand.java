package io.raftwire.cli.admin;

import io.raftwire.cli.CliFailure;
import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.cli.client.ConnectionOptions;
import io.raftwire.config.PeerAddress;
import io.raftwire.node.admin.NodeStatus;
import io.raftwire.node.admin.StatusResponse;
import io.raftwire.node.client.RaftwireClient;

import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code raftwire status}: what one member knows of its group, asked of that member itself (a follower answers too,
 * and nothing goes through the Raft log); each member's match index and lag come from the leader, asked in turn when
 * its client address is among the options. Any certificate the members trust may ask.
 */
@Command(name = "status", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
        description = {"Shows what a member knows of its group: leader, term, members and roles, commit and applied"
                + " index, the last snapshot, versions; and each member's lag behind the leader, from the leader."})
public final class StatusCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--member", paramLabel = "ID=HOST:PORT", required = true,
            description = "The member to ask: its id and client address (raftwire.node.client-address).")
    private String member;

    @Option(names = "--members", paramLabel = "ID=HOST:PORT,...",
            description = "Other members' client addresses, so that the leader can be asked for the lag when the"
                    + " member asked does not lead (default: none).")
    private String others;

    @Option(names = "--json", description = "One JSON object (its shape is in the raftwire-cli README) instead of"
            + " text.")
    private boolean json;

    @Mixin
    private ConnectionOptions connection;

    /** Reads {@code variables} instead of the process environment (for tests). */
    void environment(java.util.Map<String, String> variables) {
        connection.environment(variables);
    }

    @Override
    public Integer call() {
        List<PeerAddress> asked = connection.check("--member", member, "id=host:port of one member's client"
                + " address");
        if (asked.size() != 1) {
            throw new ParameterException(spec.commandLine(), "--member = " + member + " (expected: one id=host:port;"
                    + " other members go in --members)");
        }
        String id = asked.get(0).id();
        String all = member;
        if (others != null) {
            for (PeerAddress p : connection.check("--members", others, "id=host:port of members' client addresses,"
                    + " comma separated")) {
                if (!p.id().equals(id)) {
                    all += "," + p;
                }
            }
        }
        String addresses = all;
        try (RaftwireClient client = connection.create(addresses, b -> b.build())) {
            client.start();
            StatusView view = view(client, id, addresses);
            if (json) {
                spec.commandLine().getOut().println(StatusJson.render(view));
            } else {
                StatusText.render(view).forEach(spec.commandLine().getOut()::println);
            }
            spec.commandLine().getOut().flush();
        }
        return ExitCodes.OK;
    }

    private StatusView view(RaftwireClient client, String id, String addresses) {
        NodeStatus asked = ask(client, id);
        if (asked.leads()) {
            return StatusView.withLeader(asked, asked);
        }
        String leader = asked.leader();
        if (leader.isEmpty()) {
            return StatusView.withoutLag(asked, id + " knows no leader");
        }
        if (!java.util.Arrays.stream(addresses.split(",")).anyMatch(a -> a.startsWith(leader + "="))) {
            return StatusView.withoutLag(asked, "the leader " + leader + " is not in --members");
        }
        try {
            NodeStatus fromLeader = ask(client, leader);
            return fromLeader.leads() ? StatusView.withLeader(asked, fromLeader)
                    : StatusView.withoutLag(asked, leader + " no longer leads (it says " + (fromLeader.leader()
                            .isEmpty() ? "no leader is known" : fromLeader.leader() + " does") + ")");
        } catch (CliFailure e) {
            return StatusView.withoutLag(asked, e.getMessage());
        }
    }

    private NodeStatus ask(RaftwireClient client, String id) {
        StatusResponse r = connection.await(client.status(id).exceptionally(failure -> {
            throw new CliFailure("no status from " + id + ": " + ConnectionOptions.cause(failure), failure);
        }));
        if (r.error() != null) {
            throw new CliFailure(id + " refused the status request: " + r.error().type() + ": " + r.error().message());
        }
        return r.status();
    }
}
