package io.raftwire.cli.certs;

import io.raftwire.cli.CliFailure;
import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.config.ConfigKeys;
import io.raftwire.transport.Caller;
import io.raftwire.transport.CertificateName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code raftwire certs member|client|admin --dir DIR --id ID}: a certificate for {@code ID} in one role, issued by
 * the CA in {@code DIR} for the cluster that CA records, written to {@code DIR/<role>-<ID>.crt} and
 * {@code DIR/<role>-<ID>.key}. The SAN URI is {@link CertificateName#uri(String, Caller.Role, String)} of the role.
 */
abstract class IssueCommand extends CertsOptions implements Callable<Integer> {

    @Option(names = "--id", required = true, paramLabel = "ID",
            description = "The member, client or admin id (the rule of raftwire.node.id).")
    String id;

    /** The role this subcommand issues for. */
    abstract Caller.Role role();

    @Override
    int defaultDays() {
        return 825;
    }

    @Override
    public Integer call() {
        checkedId("--id", id, ConfigKeys.NODE_ID);
        int validity = days();
        String base = role().name().toLowerCase(Locale.ROOT) + "-" + id;
        String certificateFile = base + ".crt";
        String keyFile = base + ".key";
        OutputFiles files = new OutputFiles(dir).add(keyFile, true).add(certificateFile, false);
        refuseExisting(files);
        ClusterCa ca = loadCa();
        CertificateName name = new CertificateName(ca.cluster(), role(), id);
        Issued issued;
        try {
            issued = ca.issue(name, validity);
        } catch (IllegalArgumentException e) {
            throw usage("--days = " + validity + ": " + e.getMessage());
        }
        Map<String, String> contents = new LinkedHashMap<>();
        contents.put(keyFile, Pem.of(issued.privateKey()));
        contents.put(certificateFile, Pem.of(issued.certificate()));
        files.write(contents, force);
        out().println("wrote " + files.path(keyFile) + ": private key of " + name + " (EC P-256, PKCS#8, "
                + keyMode(files) + ")");
        out().println("wrote " + files.path(certificateFile) + ": " + name + " (" + role().name().toLowerCase(
                Locale.ROOT) + " " + id + " of cluster " + ca.cluster() + "), valid until " + time(issued.certificate()
                .getNotAfter().toInstant()) + ", issued by " + files.path(CaCommand.CERTIFICATE));
        return ExitCodes.OK;
    }

    /** The CA of {@code --dir}, or a {@link CliFailure} naming the file that is missing or wrong and why. */
    private ClusterCa loadCa() {
        Path certificateFile = dir.resolve(CaCommand.CERTIFICATE);
        Path keyFile = dir.resolve(CaCommand.KEY);
        String expected = " (expected: the CA files that 'raftwire certs ca --dir " + dir + " --cluster NAME' writes)";
        if (!Files.exists(certificateFile)) {
            throw new CliFailure("no CA in " + dir + ": " + certificateFile + " does not exist" + expected);
        }
        X509Certificate certificate;
        PrivateKey key;
        try {
            certificate = Pem.readCertificate(certificateFile);
        } catch (Pem.UnreadableFile e) {
            throw new CliFailure(certificateFile + " cannot be used: " + e.getMessage() + expected, e);
        }
        try {
            key = Pem.readPrivateKey(keyFile);
        } catch (Pem.UnreadableFile e) {
            throw new CliFailure(keyFile + " cannot be used: " + e.getMessage() + expected, e);
        }
        try {
            ClusterCa ca = ClusterCa.of(certificate, key);
            checkedCluster(ca.cluster(), certificateFile);
            return ca;
        } catch (IllegalArgumentException e) {
            throw new CliFailure(certificateFile + " and " + keyFile + " cannot be used: " + e.getMessage()
                    + expected, e);
        }
    }

    private static void checkedCluster(String cluster, Path certificateFile) {
        String expected = ConfigKeys.CLUSTER_ID.constraint().check(cluster);
        if (expected != null) {
            throw new IllegalArgumentException("the CA certificate records cluster id " + cluster + " (expected: "
                    + expected + ", the rule of " + ConfigKeys.CLUSTER_ID.name() + ")");
        }
    }

    @Command(name = "member", mixinStandardHelpOptions = true,
            versionProvider = RaftwireCommand.VersionProvider.class,
            description = {"Issues a member certificate, raftwire://<cluster>/<ID>: DIR/member-<ID>.crt and .key, the"
                    + " raftwire.tls.certificate-file and private-key-file of the node whose raftwire.node.id is ID."})
    static final class Member extends IssueCommand {
        @Override
        Caller.Role role() {
            return Caller.Role.MEMBER;
        }
    }

    @Command(name = "client", mixinStandardHelpOptions = true,
            versionProvider = RaftwireCommand.VersionProvider.class,
            description = {"Issues a client certificate, raftwire://<cluster>/client/<ID>: DIR/client-<ID>.crt and"
                    + " .key, for raftwire client --certificate --private-key (reads and writes, no membership"
                    + " changes)."})
    static final class Client extends IssueCommand {
        @Override
        Caller.Role role() {
            return Caller.Role.CLIENT;
        }
    }

    @Command(name = "admin", mixinStandardHelpOptions = true,
            versionProvider = RaftwireCommand.VersionProvider.class,
            description = {"Issues an admin certificate, raftwire://<cluster>/admin/<ID>: DIR/admin-<ID>.crt and .key,"
                    + " a client that may also change membership and leadership (join, leave, transfer)."})
    static final class Admin extends IssueCommand {
        @Override
        Caller.Role role() {
            return Caller.Role.ADMIN;
        }
    }
}
