package io.raftwire.node.client;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.transport.Caller;
import io.raftwire.transport.CertificateName;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The id a client connects under. With TLS it is the id its certificate names, and the certificate must be a client's
 * or an admin's of the client's cluster ({@link CertificateName}): members accept a client only under that id. On
 * plaintext nothing is verified and a client without an id of its own gets a random {@code client-<hex>}. Stateless.
 */
final class ClientIdentity {

    private ClientIdentity() {
    }

    /**
     * @param config    {@code raftwire.cluster.id}, {@code raftwire.tls.enabled} and
     *                  {@code raftwire.tls.certificate-file} are read
     * @param requested the id the caller set, or {@code null}
     * @return the id to connect under
     * @throws IllegalArgumentException naming the key, the file and what was expected if TLS is on and the certificate
     *                                  cannot be read, names someone of another cluster, a member, or another id than
     *                                  {@code requested}
     */
    static String clientId(RaftwireConfig config, String requested) {
        if (!config.get(ConfigKeys.TLS_ENABLED)) {
            return requested != null ? requested
                    : "client-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(6));
        }
        String key = ConfigKeys.TLS_CERTIFICATE_FILE.name();
        String file = config.get(ConfigKeys.TLS_CERTIFICATE_FILE);
        String cluster = config.get(ConfigKeys.CLUSTER_ID);
        String forms = CertificateName.uri(cluster, Caller.Role.CLIENT, "<id>") + " or "
                + CertificateName.uri(cluster, Caller.Role.ADMIN, "<id>");
        if (file.isEmpty()) {
            throw new IllegalArgumentException(key + " = \"\" (expected: the client's PEM certificate chain naming "
                    + forms + ", because " + ConfigKeys.TLS_ENABLED.name() + " = true; or "
                    + ConfigKeys.TLS_ENABLED.name() + " = false for plaintext on loopback)");
        }
        CertificateName name = CertificateName.read(key, Path.of(file));
        if (!name.clusterId().equals(cluster) || name.role() == Caller.Role.MEMBER) {
            throw new IllegalArgumentException(key + " = " + file + " names " + name + " (expected: a client or"
                    + " admin certificate of cluster " + cluster + ", " + forms + ")");
        }
        if (requested != null && !requested.equals(name.id())) {
            throw new IllegalArgumentException("clientId = " + requested + ", but " + key + " = " + file + " names "
                    + name + " (expected: the id the certificate names, " + name.id() + ", or no clientId)");
        }
        return name.id();
    }
}
