package io.raftwire.cli.client;

import io.raftwire.cli.CliFailure;
import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.RaftMember;
import io.raftwire.node.client.KvClient;

import java.util.List;
import java.util.stream.Collectors;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The membership and leadership subcommands: {@code join}, {@code leave}, {@code transfer}. Members accept them only
 * from an admin certificate ({@code raftwire://<cluster id>/admin/<id>}), or over plaintext when they set
 * {@code raftwire.security.plaintext-admin}; a refusal exits with status 1 printing the cluster's reason. A success
 * prints one line: {@code OK members node-1,node-2 (log index N)}, or {@code OK} for a transfer.
 */
final class MembershipCommands {

    private MembershipCommands() {
    }

    /** An operation on one member id. */
    abstract static class MemberOperation extends KvCommands.Operation {
        @Parameters(index = "0", paramLabel = "MEMBER", description = "The member id.")
        String member;

        /** MEMBER must be an id as {@code raftwire.node.id} takes it (the one rule, {@link PeerAddress}). */
        @Override
        void checkArguments() {
            try {
                new PeerAddress(member, new HostPort("127.0.0.1", 1)); // only its id rule is wanted here
            } catch (IllegalArgumentException e) {
                throw usage("MEMBER = " + ClientCommand.quoted(member) + " (" + e.getMessage().replaceFirst(
                        "^id = .* \\(expected: ", "expected: "));
            }
        }

        /** The line for a success, or a {@link CliFailure} with the cluster's reason. */
        int answer(RaftResponse response, List<RaftMember> members, long index) {
            RaftError error = response.error();
            if (response.status() != RaftResponse.Status.OK) {
                throw new CliFailure("the cluster refused it: " + (error == null ? "no reason given"
                        : error.type() + ": " + error.message()));
            }
            println(members == null ? "OK" : "OK members " + members.stream().map(m -> m.id().id())
                    .collect(Collectors.joining(",")) + " (log index " + index + ")");
            return ExitCodes.OK;
        }
    }

    @Command(name = "join", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
            description = {"Adds MEMBER to the group (a voter; a learner with --learner). It must be in every member's"
                    + " raftwire.peers, and started after the change commits. Needs an admin certificate."})
    static final class Join extends MemberOperation {
        @Option(names = "--learner", description = "Add it as a learner (no vote); join it again without to promote.")
        boolean learner;

        @Override
        int run(KvClient kv) {
            var r = client.await(kv.session().join(member, learner ? RaftMember.Type.PASSIVE
                    : RaftMember.Type.ACTIVE));
            return answer(r, r.members(), r.index());
        }
    }

    @Command(name = "leave", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
            description = {"Removes MEMBER from the group (its process keeps running until stopped). Needs an admin"
                    + " certificate."})
    static final class Leave extends MemberOperation {
        @Override
        int run(KvClient kv) {
            var r = client.await(kv.session().leave(member));
            return answer(r, r.members(), r.index());
        }
    }

    @Command(name = "transfer", mixinStandardHelpOptions = true,
            versionProvider = RaftwireCommand.VersionProvider.class,
            description = {"Hands leadership to MEMBER. Needs an admin certificate."})
    static final class Transfer extends MemberOperation {
        @Override
        int run(KvClient kv) {
            return answer(client.await(kv.session().transferLeadership(member)), null, 0);
        }
    }
}
