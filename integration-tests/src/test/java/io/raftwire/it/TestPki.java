package io.raftwire.it;

import io.netty.pkitesting.CertificateBuilder;
import io.netty.pkitesting.X509Bundle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Certificates made at run time with Netty's pkitesting: a CA, and member certificates it issues that name
 * {@code raftwire://<cluster>/<member>} in a SAN URI (client and admin certificates:
 * {@code raftwire://<cluster>/client/<id>}, {@code raftwire://<cluster>/admin/<id>}), written as the PEM files the
 * {@code raftwire.tls.*} keys name.
 */
public final class TestPki {

    /** The PEM files of one member (or client). */
    public record MemberFiles(Path certificate, Path privateKey, Path trust) {
    }

    private final Path dir;
    private final X509Bundle ca;
    private final Path trust;

    /** A new CA named {@code name}, writing its files under {@code dir}. */
    public TestPki(Path dir, String name) {
        this.dir = dir;
        try {
            this.ca = new CertificateBuilder().subject("CN=" + name).ecp256().setIsCertificateAuthority(true)
                    .notBefore(Instant.now().minus(1, ChronoUnit.DAYS))
                    .notAfter(Instant.now().plus(1, ChronoUnit.DAYS)).buildSelfSigned();
        } catch (Exception e) {
            throw new IllegalStateException("cannot make CA " + name, e);
        }
        this.trust = write(name + "-ca.pem", ca.getCertificatePEM());
    }

    /** A valid member certificate of {@code cluster}/{@code member}, trusting this CA. */
    public MemberFiles member(String cluster, String member) {
        return issue(cluster, member, Instant.now().minus(1, ChronoUnit.HOURS),
                Instant.now().plus(1, ChronoUnit.DAYS), member);
    }

    /**
     * A valid certificate whose one raftwire SAN URI is {@code uri} exactly as given (a client's
     * {@code raftwire://<cluster>/client/<id>}, an admin's, or a malformed one), written to {@code fileName}.pem/.key.
     */
    public MemberFiles named(String uri, String fileName) {
        return issueUri(uri, fileName, Instant.now().minus(1, ChronoUnit.HOURS), Instant.now().plus(1, ChronoUnit.DAYS),
                fileName);
    }

    /** A member certificate that expired an hour ago. */
    MemberFiles expired(String cluster, String member) {
        return issue(cluster, member, Instant.now().minus(2, ChronoUnit.DAYS),
                Instant.now().minus(1, ChronoUnit.HOURS), member + "-expired");
    }

    private MemberFiles issue(String cluster, String member, Instant from, Instant to, String fileName) {
        return issueUri("raftwire://" + cluster + "/" + member, member, from, to, fileName);
    }

    private MemberFiles issueUri(String uri, String member, Instant from, Instant to, String fileName) {
        X509Bundle leaf;
        try {
            leaf = new CertificateBuilder().subject("CN=" + member).ecp256()
                    .addSanUriName(uri)
                    .addExtendedKeyUsageServerAuth().addExtendedKeyUsageClientAuth()
                    .notBefore(from).notAfter(to).buildIssuedBy(ca);
        } catch (Exception e) {
            throw new IllegalStateException("cannot issue a certificate for " + member, e);
        }
        return new MemberFiles(write(fileName + ".pem", leaf.getCertificatePEM()),
                write(fileName + ".key", leaf.getPrivateKeyPEM()), trust);
    }

    private Path write(String name, String pem) {
        try {
            return Files.writeString(dir.resolve(name), pem, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
