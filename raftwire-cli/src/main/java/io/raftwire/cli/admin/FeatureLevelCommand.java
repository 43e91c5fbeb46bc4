package io.raftwire.cli.admin;

import io.raftwire.cli.RaftwireCommand;
import io.raftwire.config.PeerAddress;
import io.raftwire.node.client.ClientException;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code raftwire admin feature-level}: prints the group's feature levels (number and schema digest of each, the
 * current one marked); with {@code --raise}, first asks the leader to record its types as the next level. Reading
 * needs no admin rights; raising does. A refusal exits with {@link io.raftwire.cli.ExitCodes#FAILURE}, printing the
 * leader's reason (each member whose announced schema differs, with both digests, or that is unreachable; or that
 * there is nothing to raise).
 */
@Command(name = "feature-level", mixinStandardHelpOptions = true,
        versionProvider = RaftwireCommand.VersionProvider.class,
        description = {"Prints the feature levels the group has recorded (number and schema digest of each; the current"
                + " one marked *). With --raise, the leader first records its types as the next level: only if every"
                + " member announces the same schema as the leader and it is not the current level's."})
final class FeatureLevelCommand extends AdminCommand.Operation {

    @Option(names = "--raise", description = "Raise the level first (needs an admin certificate, or"
            + " raftwire.security.plaintext-admin on plaintext); refused naming each member that holds it back.")
    boolean raise;

    @Override
    void checkArguments(List<PeerAddress> addresses) {
        // no arguments but --raise
    }

    @Override
    String run(RaftwireClient client, List<PeerAddress> addresses) {
        if (raise) {
            FeatureLevels raised = await(client.raiseFeatureLevel().handle((levels, failure) -> {
                if (failure == null) {
                    return levels;
                }
                Throwable t = failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                throw t instanceof ClientException c && c.error() != null ? refused(c.error())
                        : new CompletionException(t);
            }));
            return "OK raised to feature level " + raised.currentLevel() + System.lineSeparator() + lines(raised);
        }
        return lines(await(client.readFeatureLevels()));
    }

    /**
     * One line per level, level 1 first: {@code   level 1  schema 5c0f3a...}, the current one starting {@code *};
     * or a line saying that none is recorded.
     */
    static String lines(FeatureLevels levels) {
        if (levels.currentLevel() == 0) {
            return "no feature level recorded";
        }
        List<String> lines = new ArrayList<>();
        for (FeatureLevel l : levels.levels()) {
            boolean current = l.level() == levels.currentLevel();
            lines.add((current ? "* " : "  ") + "level " + l.level() + "  schema " + Long.toHexString(l.digest())
                    + (current ? "  (current)" : ""));
        }
        return String.join(System.lineSeparator(), lines);
    }
}
