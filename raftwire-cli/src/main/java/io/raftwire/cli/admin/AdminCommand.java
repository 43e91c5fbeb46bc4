package io.raftwire.cli.admin;

import io.raftwire.cli.CliFailure;
import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.cli.client.ConnectionOptions;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.RaftMember;
import io.raftwire.node.admin.NodeStatus;
import io.raftwire.node.admin.StatusResponse;
import io.raftwire.node.client.ClientException;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.group.GroupIds;
import io.raftwire.node.shard.LeaderBalance;
import io.raftwire.node.shard.LeaderBalancer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code raftwire admin}: membership, leadership and snapshots, for admin certificates
 * ({@code raftwire://<cluster id>/admin/<id>}) or, over plaintext, members that set
 * {@code raftwire.security.plaintext-admin}. Opens no client session. A refusal exits with
 * {@link ExitCodes#FAILURE} printing the member's reason, which names the certificate, the operation and the admin
 * certificate it needs.
 */
@Command(name = "admin", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
        description = {"Changes membership and leadership, takes snapshots and raises the feature level; needs an admin"
                + " certificate."},
        subcommands = {AdminCommand.AddMember.class, AdminCommand.RemoveMember.class,
                AdminCommand.TransferLeadership.class, AdminCommand.Snapshot.class, AdminCommand.BalanceLeaders.class,
                FeatureLevelCommand.class})
public final class AdminCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    // required, but checked by each operation: picocli checks a parent's required options before a subcommand's --help
    @Option(names = "--members", paramLabel = "ID=HOST:PORT,...",
            description = "Members' client addresses (raftwire.node.client-address), comma separated; required."
                    + " Membership and leadership changes go to the leader among them.")
    private String members;

    @Mixin
    private ConnectionOptions connection;

    /** Without a subcommand there is nothing to do. */
    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is missing (expected: one of "
                + String.join(", ", spec.subcommands().keySet()) + ")");
    }

    /** Reads {@code variables} instead of the process environment (for tests). */
    void environment(Map<String, String> variables) {
        connection.environment(variables);
    }

    /** Shared plumbing: options checked first, then a started client without a session. */
    abstract static class Operation implements Callable<Integer> {
        @ParentCommand
        AdminCommand admin;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            if (admin.members == null) {
                throw usage("Missing required option: '--members=ID=HOST:PORT,...' (expected: members' client"
                        + " addresses, raftwire.node.client-address, comma separated)");
            }
            List<PeerAddress> addresses = admin.connection.check("--members", admin.members, "id=host:port of at"
                    + " least one member's client address, comma separated");
            checkArguments(addresses);
            try (RaftwireClient client = admin.connection.create(admin.members, b -> b.build())) {
                client.start();
                String line = run(client, addresses);
                spec.commandLine().getOut().println(line);
                spec.commandLine().getOut().flush();
            }
            return ExitCodes.OK;
        }

        /** Checks this operation's arguments before anything is connected. */
        abstract void checkArguments(List<PeerAddress> addresses);

        /** Runs the operation; returns the line to print, or throws a {@link CliFailure}. */
        abstract String run(RaftwireClient client, List<PeerAddress> addresses);

        ParameterException usage(String message) {
            return new ParameterException(spec.commandLine(), message);
        }

        /** {@code value} must be an id as {@code raftwire.node.id} takes it (the one rule, {@link PeerAddress}). */
        void checkId(String name, String value) {
            try {
                new PeerAddress(value, new HostPort("127.0.0.1", 1)); // only its id rule is wanted here
            } catch (IllegalArgumentException e) {
                throw usage(name + " = " + ConnectionOptions.quoted(value) + " (" + e.getMessage().replaceFirst(
                        "^id = .* \\(expected: ", "expected: "));
            }
        }

        <T> T await(java.util.concurrent.CompletableFuture<T> future) {
            return admin.connection.await(future);
        }

        static void requireOk(RaftResponse response) {
            if (response.status() != RaftResponse.Status.OK) {
                throw refused(response.error());
            }
        }

        static CliFailure refused(RaftError error) {
            return new CliFailure("the cluster refused it: " + (error == null ? "no reason given"
                    : error.type() + ": " + error.message()));
        }
    }

    /** An operation on one member id. */
    abstract static class MemberOperation extends Operation {
        @Parameters(index = "0", paramLabel = "ID", description = "The member id.")
        String member;

        @Override
        void checkArguments(List<PeerAddress> addresses) {
            checkId("ID", member);
        }

        static String membersLine(List<RaftMember> members, long index) {
            return "OK members " + members.stream().map(m -> m.id().id()).collect(Collectors.joining(","))
                    + " (log index " + index + ")";
        }
    }

    @Command(name = "add-member", mixinStandardHelpOptions = true,
            versionProvider = RaftwireCommand.VersionProvider.class,
            description = {"Adds member ID to the group (a voter; a learner with --learner). Its Raft address must be"
                    + " in every member's raftwire.peers, and it is started after the change commits."})
    static final class AddMember extends MemberOperation {
        @Option(names = "--learner", description = "Add it as a learner (no vote); add it again without to promote.")
        boolean learner;

        @Option(names = "--all-groups", description = "Add it to every group the members host (raftwire.groups of"
                + " the configuration; refused if the members host another count), one group after another, printing"
                + " a line per group; stops at the first refusal, naming the group (the groups before it keep the new"
                + " member).")
        boolean allGroups;

        @Override
        void checkArguments(List<PeerAddress> addresses) {
            super.checkArguments(addresses);
            if (allGroups && admin.connection.group().isPresent()) {
                throw usage("--all-groups and --group = " + admin.connection.group().get() + " (expected: one of"
                        + " them)");
            }
        }

        @Override
        String run(RaftwireClient client, List<PeerAddress> addresses) {
            RaftMember.Type type = learner ? RaftMember.Type.PASSIVE : RaftMember.Type.ACTIVE;
            if (!allGroups) {
                var r = await(client.join(member, type));
                requireOk(r);
                return membersLine(r.members(), r.index());
            }
            int count = admin.connection.groups();
            requireGroupCount(client, count);
            String cluster = admin.connection.clusterId();
            List<String> lines = new ArrayList<>();
            for (int g = 0; g < count; g++) {
                String id = GroupIds.id(cluster, g);
                try (RaftwireClient one = admin.connection.create(admin.members, b -> b.group(id).build())) {
                    one.start();
                    var r = await(one.join(member, type));
                    if (r.status() != RaftResponse.Status.OK) {
                        throw new CliFailure("group " + id + ": " + refused(r.error()).getMessage() + " (added to "
                                + g + " of " + count + " groups before it)");
                    }
                    lines.add(id + ": " + membersLine(r.members(), r.index()));
                }
            }
            return String.join(System.lineSeparator(), lines);
        }
    }

    @Command(name = "remove-member", mixinStandardHelpOptions = true,
            versionProvider = RaftwireCommand.VersionProvider.class,
            description = {"Removes member ID from the group (its process keeps running until stopped)."})
    static final class RemoveMember extends MemberOperation {
        @Override
        String run(RaftwireClient client, List<PeerAddress> addresses) {
            var r = await(client.leave(member));
            requireOk(r);
            return membersLine(r.members(), r.index());
        }
    }

    @Command(name = "transfer-leadership", mixinStandardHelpOptions = true,
            versionProvider = RaftwireCommand.VersionProvider.class,
            description = {"Hands leadership to member ID: the leader steps down for it (MicroRaft does not guarantee"
                    + " that ID wins the election that follows; raftwire status shows who leads)."})
    static final class TransferLeadership extends MemberOperation {
        @Override
        String run(RaftwireClient client, List<PeerAddress> addresses) {
            requireOk(await(client.transferLeadership(member)));
            return "OK leadership handed to " + member + " (raftwire status shows who leads now)";
        }
    }

    @Command(name = "snapshot", mixinStandardHelpOptions = true,
            versionProvider = RaftwireCommand.VersionProvider.class,
            description = {"Makes a member take a snapshot at its commit index now (nothing changes if it has one at"
                    + " that index); prints the index of its newest snapshot."})
    static final class Snapshot extends Operation {
        @Option(names = "--member", paramLabel = "ID",
                description = "The member (in --members) to take it (default: the leader named by the first member in"
                        + " --members that knows one).")
        String member;

        @Override
        void checkArguments(List<PeerAddress> addresses) {
            if (member == null) {
                return;
            }
            checkId("--member", member);
            if (addresses.stream().noneMatch(p -> p.id().equals(member))) {
                throw usage("--member = " + member + " (expected: one of the ids in --members: "
                        + addresses.stream().map(PeerAddress::id).collect(Collectors.joining(", ")) + ")");
            }
        }

        @Override
        String run(RaftwireClient client, List<PeerAddress> addresses) {
            String target = member != null ? member : leader(client, addresses);
            StatusResponse r = await(client.takeSnapshot(target));
            if (r.error() != null) {
                throw refused(r.error());
            }
            NodeStatus s = r.status();
            return "OK snapshot of " + s.member() + " at log index " + s.snapshotIndex() + " (term "
                    + s.snapshotTerm() + ")";
        }

        private String leader(RaftwireClient client, List<PeerAddress> addresses) {
            StringBuilder failures = new StringBuilder();
            for (PeerAddress p : addresses) {
                try {
                    StatusResponse r = await(client.status(p.id()));
                    if (r.status() != null && !r.status().leader().isEmpty()) {
                        return r.status().leader();
                    }
                    failures.append(failures.length() == 0 ? "" : "; ").append(p.id()).append(r.error() == null
                            ? " knows no leader" : ": " + r.error().message());
                } catch (CliFailure e) {
                    failures.append(failures.length() == 0 ? "" : "; ").append(p.id()).append(": ")
                            .append(e.getMessage());
                }
            }
            throw new CliFailure("no leader to take the snapshot (" + failures + "); name a member with --member");
        }
    }

    @Command(name = "balance-leaders", mixinStandardHelpOptions = true,
            versionProvider = RaftwireCommand.VersionProvider.class,
            description = {"Spreads the leaders of the members' groups (raftwire.groups of the configuration) over the"
                    + " members with leadership transfers, one group at a time: plans from the members' status so that"
                    + " no member leads more than one group more than another voter of its groups, transfers, reads"
                    + " the status again and plans again, up to " + AdminCommand.BalanceLeaders.PASSES + " passes;"
                    + " prints each pass's transfers and where the leaders are after the last."})
    static final class BalanceLeaders extends Operation {
        /** Plan, transfer, read again: at most this many times (a transfer's target may lose its election). */
        static final int PASSES = 3;

        /**
         * One line per pass that made transfers, one per skipped group, then {@code OK} and where the leaders are:
         * {@code m-1 leads 3 (0, 5, 6)}, members by id, and the groups without a leader.
         */
        static String lines(LeaderBalancer.Outcome outcome, int count) {
            List<String> lines = new ArrayList<>();
            for (int p = 0; p < outcome.passes().size(); p++) {
                List<LeaderBalance.Transfer> pass = outcome.passes().get(p);
                lines.add("pass " + (p + 1) + ": " + pass.size() + " transfer(s): " + pass.stream()
                        .map(LeaderBalance.Transfer::toString).collect(Collectors.joining("; ")));
            }
            outcome.skipped().forEach(line -> lines.add("skipped " + line));
            Map<String, List<Integer>> led = new TreeMap<>();
            List<Integer> leaderless = new ArrayList<>();
            for (LeaderBalance.Group g : outcome.leaders()) {
                if (g.leader() == null) {
                    leaderless.add(g.group());
                } else {
                    led.computeIfAbsent(g.leader(), m -> new ArrayList<>()).add(g.group());
                }
            }
            StringBuilder ok = new StringBuilder(outcome.passes().isEmpty()
                    ? "OK the leaders of " + count + " group(s) are balanced: no transfer; leaders: "
                    : "OK after " + outcome.passes().size() + " pass(es), leaders: ");
            ok.append(led.entrySet().stream().map(e -> e.getKey() + " leads " + e.getValue().size() + " ("
                    + e.getValue().stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")")
                    .collect(Collectors.joining("; ")));
            if (!leaderless.isEmpty()) {
                ok.append(led.isEmpty() ? "" : "; ").append("no leader: ").append(leaderless.stream()
                        .map(String::valueOf).collect(Collectors.joining(", ")));
            }
            lines.add(ok.toString());
            return String.join(System.lineSeparator(), lines);
        }

        @Override
        void checkArguments(List<PeerAddress> addresses) {
            if (admin.connection.group().isPresent()) {
                throw usage("balance-leaders with --group = " + admin.connection.group().get() + " (expected: no"
                        + " --group: it balances every group)");
            }
        }

        @Override
        String run(RaftwireClient client, List<PeerAddress> addresses) {
            int count = admin.connection.groups();
            requireGroupCount(client, count);
            String cluster = admin.connection.clusterId();
            List<RaftwireClient> clients = new ArrayList<>();
            try {
                for (int g = 0; g < count; g++) {
                    String id = GroupIds.id(cluster, g);
                    clients.add(admin.connection.create(admin.members, b -> b.group(id).build()).start());
                }
                LeaderBalancer.Outcome outcome = new LeaderBalancer(clients,
                        addresses.stream().map(PeerAddress::id).toList(),
                        Duration.ofMillis(admin.connection.timeoutMs())).balance(PASSES);
                return lines(outcome, count);
            } catch (ClientException e) {
                throw new CliFailure(e.getMessage());
            } finally {
                clients.forEach(RaftwireClient::close);
            }
        }
    }

    /** Refuses to address every group when the members host another count than the configuration says. */
    static void requireGroupCount(RaftwireClient client, int count) {
        try {
            client.requireGroupCount(count);
        } catch (ClientException e) {
            throw new CliFailure(e.getMessage());
        }
    }
}
