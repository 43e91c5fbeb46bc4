package io.raftwire.cli.certs;

import io.raftwire.config.ConfigKey;
import io.raftwire.config.ConfigKeys;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What every {@code raftwire certs} subcommand takes ({@code --dir}, {@code --days}, {@code --force}) and the checks
 * of its arguments, all in one place: ids and the cluster id by the rule of {@code raftwire.node.id} and
 * {@code raftwire.cluster.id} ({@link ConfigKeys}), validity in whole days, and no existing file replaced without
 * {@code --force}.
 */
abstract class CertsOptions {

    /** Longest validity {@code --days} takes: 100 years. */
    static final int MAX_DAYS = 36_500;

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", required = true, paramLabel = "DIR",
            description = "The directory of the CA and the certificates (ca.crt, ca.key, <role>-<id>.crt/.key).")
    Path dir;

    @Option(names = "--days", paramLabel = "DAYS", description = "Validity in days, from now (default: 3650 for the"
            + " CA, 825 for the others; a certificate may not outlive its CA).")
    Integer days;

    @Option(names = "--force", description = "Replace files that exist already (otherwise they are refused, and"
            + " nothing is written).")
    boolean force;

    /** The default of {@code --days}. */
    abstract int defaultDays();

    /** {@code --days}, checked. */
    final int days() {
        int d = days == null ? defaultDays() : days;
        if (d < 1 || d > MAX_DAYS) {
            throw usage("--days = " + d + " (expected: 1.." + MAX_DAYS + ")");
        }
        return d;
    }

    /** {@code value} checked by {@code key}'s rule, as option {@code option}. */
    final String checkedId(String option, String value, ConfigKey<String> key) {
        String expected = key.constraint().check(value);
        if (expected != null) {
            throw usage(option + " = " + value + " (expected: " + expected + ", the rule of " + key.name() + ")");
        }
        return value;
    }

    /** Refuses, naming them, the files of {@code files} that exist, unless {@code --force}. */
    final void refuseExisting(OutputFiles files) {
        List<Path> existing = files.existing();
        if (force || existing.isEmpty()) {
            return;
        }
        String names = existing.stream().map(Path::toString).collect(Collectors.joining(", "));
        throw usage(names + (existing.size() == 1 ? " exists already" : " exist already") + " (expected: no such"
                + " file, nothing was written; --force replaces " + (existing.size() == 1 ? "it" : "them") + ")");
    }

    final ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    final PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** A time as the report prints it: UTC, to the second. */
    static String time(Instant instant) {
        return instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** How a private key's file was protected, for the report. */
    static String keyMode(OutputFiles files) {
        return files.posix() ? "mode 0600" : "no POSIX permissions on this file system: protect it yourself";
    }
}
