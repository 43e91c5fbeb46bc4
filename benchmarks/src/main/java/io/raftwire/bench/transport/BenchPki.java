package io.raftwire.bench.transport;

import io.netty.pkitesting.CertificateBuilder;
import io.netty.pkitesting.X509Bundle;
import io.raftwire.transport.netty.TlsSettings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A throw-away CA and one member certificate per node (EC P-256, SAN URI {@code raftwire://<cluster>/<member>}),
 * written as PEM files to a temporary directory that is deleted when the JVM exits. For the TLS scenarios only.
 */
final class BenchPki {

    private final Map<String, TlsSettings> settings = new HashMap<>();

    BenchPki(String cluster, List<String> members) throws Exception {
        Path dir = Files.createTempDirectory("raftwire-bench-pki");
        dir.toFile().deleteOnExit();
        Instant now = Instant.now();
        X509Bundle ca = new CertificateBuilder().subject("CN=raftwire-bench-ca").ecp256()
                .setIsCertificateAuthority(true).notBefore(now.minus(1, ChronoUnit.HOURS))
                .notAfter(now.plus(1, ChronoUnit.DAYS)).buildSelfSigned();
        Path trust = write(dir, "ca.pem", ca.getCertificatePEM());
        for (String member : members) {
            X509Bundle leaf = new CertificateBuilder().subject("CN=" + member).ecp256()
                    .addSanUriName("raftwire://" + cluster + "/" + member)
                    .notBefore(now.minus(1, ChronoUnit.HOURS)).notAfter(now.plus(1, ChronoUnit.DAYS))
                    .buildIssuedBy(ca);
            settings.put(member, TlsSettings.of(write(dir, member + ".pem", leaf.getCertificatePEM()),
                    write(dir, member + ".key", leaf.getPrivateKeyPEM()), trust));
        }
    }

    /** The TLS settings of {@code member}. */
    TlsSettings settings(String member) {
        return settings.get(member);
    }

    private static Path write(Path dir, String name, String pem) throws IOException {
        Path file = Files.writeString(dir.resolve(name), pem, StandardCharsets.US_ASCII);
        file.toFile().deleteOnExit();
        return file;
    }
}
