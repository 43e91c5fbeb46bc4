package io.raftwire.cli.certs;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.config.ConfigKeys;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code raftwire certs ca --dir DIR --cluster NAME}: a new CA for cluster {@code NAME}, written to
 * {@code DIR/ca.crt} and {@code DIR/ca.key} (created with the directory if need be). The cluster id is recorded in
 * the CA certificate's subject ({@code OU=NAME}), so the issuing commands need only the directory.
 */
@Command(name = "ca", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
        description = {"Makes a new cluster CA: DIR/ca.crt (every member's and client's raftwire.tls.trust-file) and"
                + " DIR/ca.key (its private key, mode 0600: keep it where certificates are issued, not on the"
                + " members). Replacing a CA with --force leaves the certificates it issued unusable with the new"
                + " ca.crt."})
final class CaCommand extends CertsOptions implements Callable<Integer> {

    static final String CERTIFICATE = "ca.crt";
    static final String KEY = "ca.key";

    @Option(names = "--cluster", required = true, paramLabel = "NAME",
            description = "The cluster id (raftwire.cluster.id) the CA issues certificates for.")
    String cluster;

    @Override
    int defaultDays() {
        return 3650;
    }

    @Override
    public Integer call() {
        checkedId("--cluster", cluster, ConfigKeys.CLUSTER_ID);
        int validity = days();
        OutputFiles files = new OutputFiles(dir).add(KEY, true).add(CERTIFICATE, false);
        refuseExisting(files);
        ClusterCa ca = ClusterCa.create(cluster, validity);
        Map<String, String> contents = new LinkedHashMap<>();
        contents.put(KEY, Pem.of(ca.privateKey()));
        contents.put(CERTIFICATE, Pem.of(ca.certificate()));
        files.write(contents, force);
        out().println("wrote " + files.path(KEY) + ": the CA's private key (EC P-256, PKCS#8, " + keyMode(files)
                + ")");
        out().println("wrote " + files.path(CERTIFICATE) + ": CA of cluster " + cluster + ", valid until "
                + time(ca.notAfter()) + " (every member's and client's raftwire.tls.trust-file)");
        return ExitCodes.OK;
    }
}
