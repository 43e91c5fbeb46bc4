package io.raftwire.cli.certs;

import io.raftwire.cli.RaftwireCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code raftwire certs}: makes a cluster's certificate authority and issues the member, client and admin
 * certificates the transport checks (one raftwire SAN URI each, see {@code io.raftwire.transport.CertificateName}).
 * The files go into one directory and are the {@code raftwire.tls.*} files as they are: {@code ca.crt} is every
 * party's {@code raftwire.tls.trust-file}, {@code <role>-<id>.crt} and {@code <role>-<id>.key} a party's
 * {@code raftwire.tls.certificate-file} and {@code raftwire.tls.private-key-file}. What the certificates hold is
 * listed in {@link ClusterCa}.
 */
@Command(name = "certs", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
        description = {"Makes a cluster CA (ca) and issues certificates for members, clients and admins into one"
                + " directory, as the raftwire.tls.* files. Never overwrites a file without --force."},
        subcommands = {CaCommand.class, IssueCommand.Member.class, IssueCommand.Client.class,
                IssueCommand.Admin.class})
public final class CertsCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    /** Without a subcommand there is nothing to do: a usage error naming the subcommands. */
    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is missing (expected: one of "
                + String.join(", ", spec.subcommands().keySet()) + ")");
    }
}
