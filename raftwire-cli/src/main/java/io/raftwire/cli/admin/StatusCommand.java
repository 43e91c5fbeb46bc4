package io.raftwire.cli.admin;

import io.raftwire.cli.CliFailure;
import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.cli.client.ConnectionOptions;
import io.raftwire.config.PeerAddress;
import io.raftwire.node.admin.NodeStatus;
import io.raftwire.node.group.GroupIds;
import io.raftwire.node.admin.StatusResponse;
import io.raftwire.node.client.RaftwireClient;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
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
        // without --group, a member of several groups (raftwire.groups in the configuration) shows every group
        int groups = connection.group().isPresent() ? 1 : connection.groups();
        String cluster = groups == 1 ? null : connection.clusterId();
        try (RaftwireClient client = connection.create(addresses, b -> b.build())) {
            client.start();
            List<StatusView> views = new ArrayList<>();
            for (int g = 0; g < groups; g++) {
                views.add(view(client, id, addresses, cluster == null ? null : GroupIds.id(cluster, g)));
            }
            if (json) {
                spec.commandLine().getOut().println(views.size() == 1 ? StatusJson.render(views.get(0))
                        : views.stream().map(StatusJson::render).collect(Collectors.joining(",\n", "[\n", "\n]")));
            } else {
                for (int g = 0; g < views.size(); g++) {
                    if (g > 0) {
                        spec.commandLine().getOut().println();
                    }
                    StatusText.render(views.get(g)).forEach(spec.commandLine().getOut()::println);
                }
            }
            spec.commandLine().getOut().flush();
        }
        return ExitCodes.OK;
    }

    /** The status of member {@code id} in {@code group} ({@code null}: the group the client addresses). */
    private StatusView view(RaftwireClient client, String id, String addresses, String group) {
        NodeStatus asked = ask(client, id, group);
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
            NodeStatus fromLeader = ask(client, leader, group);
            return fromLeader.leads() ? StatusView.withLeader(asked, fromLeader)
                    : StatusView.withoutLag(asked, leader + " no longer leads (it says " + (fromLeader.leader()
                            .isEmpty() ? "no leader is known" : fromLeader.leader() + " does") + ")");
        } catch (CliFailure e) {
            return StatusView.withoutLag(asked, e.getMessage());
        }
    }

    private NodeStatus ask(RaftwireClient client, String id, String group) {
        StatusResponse r = connection.await((group == null ? client.status(id) : client.status(id, group))
                .exceptionally(failure -> {
            throw new CliFailure("no status from " + id + ": " + ConnectionOptions.cause(failure), failure);
        }));
        if (r.error() != null) {
            throw new CliFailure(id + " refused the status request: " + r.error().type() + ": " + r.error().message());
        }
        return r.status();
    }
}
