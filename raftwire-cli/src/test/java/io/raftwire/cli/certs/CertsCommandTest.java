package io.raftwire.cli.certs;

import io.netty.handler.ssl.SslContextBuilder;
import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.Run;
import io.raftwire.transport.Caller;
import io.raftwire.transport.CertificateName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code raftwire certs}: a CA and the three roles' certificates, the refusals, and the files' formats. */
@Timeout(60)
class CertsCommandTest {

    @TempDir
    Path dir;

    private Run certs(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "certs";
        System.arraycopy(args, 0, all, 1, args.length);
        return Run.of(all);
    }

    private void ok(Run run) {
        assertEquals(ExitCodes.OK, run.status(), run.err());
        assertEquals("", run.err());
    }

    @Test
    void theCaIssuesMemberClientAndAdminCertificatesWhoseNamesParseBackAndWhoseChainsVerify() throws Exception {
        ok(certs("ca", "--dir", dir.toString(), "--cluster", "prod"));
        ok(certs("member", "--dir", dir.toString(), "--id", "node-1"));
        ok(certs("client", "--dir", dir.toString(), "--id", "carol"));
        Run admin = certs("admin", "--dir", dir.toString(), "--id", "ops", "--days", "30");
        ok(admin);
        assertEquals(List.of("wrote " + dir.resolve("admin-ops.key") + ": private key of raftwire://prod/admin/ops (EC"
                        + " P-256, PKCS#8, mode 0600)"), admin.outLines().subList(0, 1));
        assertTrue(admin.outLines().get(1).startsWith("wrote " + dir.resolve("admin-ops.crt") + ":"
                + " raftwire://prod/admin/ops (admin ops of cluster prod), valid until "), admin.out());

        X509Certificate ca = certificate("ca.crt");
        assertEquals(0, ca.getBasicConstraints(), "a CA that issues only end-entity certificates");
        assertEquals(Map.of(
                        "member-node-1.crt", new CertificateName("prod", Caller.Role.MEMBER, "node-1"),
                        "client-carol.crt", new CertificateName("prod", Caller.Role.CLIENT, "carol"),
                        "admin-ops.crt", new CertificateName("prod", Caller.Role.ADMIN, "ops")),
                Map.of("member-node-1.crt", CertificateName.read("file", dir.resolve("member-node-1.crt")),
                        "client-carol.crt", CertificateName.read("file", dir.resolve("client-carol.crt")),
                        "admin-ops.crt", CertificateName.read("file", dir.resolve("admin-ops.crt"))));

        for (String base : List.of("member-node-1", "client-carol", "admin-ops")) {
            X509Certificate leaf = certificate(base + ".crt");
            validates(leaf, ca);
            assertEquals(-1, leaf.getBasicConstraints(), base);
            assertEquals(List.of("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2"), leaf.getExtendedKeyUsage(),
                    base + ": serverAuth and clientAuth");
            assertEquals("EC", leaf.getPublicKey().getAlgorithm());
            assertEquals("SHA256withECDSA", leaf.getSigAlgName());
            assertTrue(leaf.getSerialNumber().signum() > 0 && leaf.getSerialNumber().bitLength() <= 128, base);
            // the key file is the certificate's PKCS#8 key, as Netty's TLS (the transport's) reads the pair
            SslContextBuilder.forClient().keyManager(dir.resolve(base + ".crt").toFile(),
                    dir.resolve(base + ".key").toFile()).trustManager(dir.resolve("ca.crt").toFile()).build();
            assertTrue(Files.readString(dir.resolve(base + ".key")).startsWith("-----BEGIN PRIVATE KEY-----"), base);
            assertEquals(Set.of("OWNER_READ", "OWNER_WRITE"), Files.getPosixFilePermissions(dir.resolve(base
                    + ".key")).stream().map(Enum::name).collect(java.util.stream.Collectors.toSet()), base);
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("ca.key"))));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("ca.crt"))));
        X509Certificate leaf = certificate("admin-ops.crt");
        assertEquals(Duration.ofDays(30).plus(ClusterCa.BACKDATE), Duration.between(leaf.getNotBefore().toInstant(),
                leaf.getNotAfter().toInstant()), "--days from an hour back");
        assertNotEquals(certificate("member-node-1.crt").getSerialNumber(), leaf.getSerialNumber());
    }

    @Test
    void anExistingFileIsRefusedByNameAndNothingIsWrittenUnlessForce() throws Exception {
        ok(certs("ca", "--dir", dir.toString(), "--cluster", "prod"));
        ok(certs("member", "--dir", dir.toString(), "--id", "node-1"));
        Files.delete(dir.resolve("member-node-1.key"));
        Map<String, byte[]> before = contents();

        Run again = certs("member", "--dir", dir.toString(), "--id", "node-1");
        assertEquals(ExitCodes.USAGE, again.status(), again.err());
        assertEquals(List.of("raftwire certs member: " + dir.resolve("member-node-1.crt") + " exists already (expected:"
                + " no such file, nothing was written; --force replaces it) (see 'raftwire certs member --help')"),
                again.errLines());
        Run ca = certs("ca", "--dir", dir.toString(), "--cluster", "other");
        assertEquals(ExitCodes.USAGE, ca.status(), ca.err());
        assertEquals(List.of("raftwire certs ca: " + dir.resolve("ca.key") + ", " + dir.resolve("ca.crt") + " exist"
                + " already (expected: no such file, nothing was written; --force replaces them) (see 'raftwire certs"
                + " ca --help')"), ca.errLines());
        assertSameContents(before, contents());

        ok(certs("member", "--dir", dir.toString(), "--id", "node-1", "--force"));
        assertNotEquals(new String(before.get("member-node-1.crt")),
                Files.readString(dir.resolve("member-node-1.crt")));
        validates(certificate("member-node-1.crt"), certificate("ca.crt"));
        ok(certs("ca", "--dir", dir.toString(), "--cluster", "other", "--force"));
        ok(certs("client", "--dir", dir.toString(), "--id", "carol"));
        assertEquals(new CertificateName("other", Caller.Role.CLIENT, "carol"), CertificateName.read("f",
                dir.resolve("client-carol.crt")), "the replaced CA's cluster");
    }

    @Test
    void badArgumentsAreRefusedWithWhatWasExpected() throws Exception {
        Run id = certs("ca", "--dir", dir.toString(), "--cluster", "Prod");
        assertEquals(ExitCodes.USAGE, id.status());
        assertEquals(List.of("raftwire certs ca: --cluster = Prod (expected: an id matching [a-z0-9][a-z0-9._-]{0,63},"
                + " the rule of raftwire.cluster.id) (see 'raftwire certs ca --help')"), id.errLines());
        ok(certs("ca", "--dir", dir.toString(), "--cluster", "prod", "--days", "10"));
        Run member = certs("member", "--dir", dir.toString(), "--id", "node/1");
        assertEquals(ExitCodes.USAGE, member.status());
        assertEquals(List.of("raftwire certs member: --id = node/1 (expected: an id matching [a-z0-9][a-z0-9._-]{0,63},"
                + " the rule of raftwire.node.id) (see 'raftwire certs member --help')"), member.errLines());
        Run days = certs("client", "--dir", dir.toString(), "--id", "carol", "--days", "0");
        assertEquals(List.of("raftwire certs client: --days = 0 (expected: 1..36500) (see 'raftwire certs client"
                + " --help')"), days.errLines());
        Run outlives = certs("client", "--dir", dir.toString(), "--id", "carol");
        assertEquals(ExitCodes.USAGE, outlives.status());
        assertTrue(outlives.err().startsWith("raftwire certs client: --days = 825: a certificate valid for 825 days"
                + " would outlive its CA, which expires at "), outlives.err());
        assertTrue(outlives.err().contains("(expected: at most 9 days, or a new CA)"), outlives.err());
        assertEquals(Set.of("ca.crt", "ca.key"), names());
    }

    @Test
    void aMissingOrUnusableCaIsNamedAndNothingIsWritten() throws Exception {
        Path empty = dir.resolve("empty");
        Run missing = certs("member", "--dir", empty.toString(), "--id", "node-1");
        assertEquals(ExitCodes.FAILURE, missing.status());
        assertEquals(List.of("raftwire certs member: no CA in " + empty + ": " + empty.resolve("ca.crt") + " does not"
                + " exist (expected: the CA files that 'raftwire certs ca --dir " + empty + " --cluster NAME'"
                + " writes)"), missing.errLines());
        assertFalse(Files.exists(empty));

        ok(certs("ca", "--dir", dir.toString(), "--cluster", "prod"));
        byte[] key = Files.readAllBytes(dir.resolve("ca.key"));
        Files.writeString(dir.resolve("ca.key"), "not a key\n");
        Run garbage = certs("member", "--dir", dir.toString(), "--id", "node-1");
        assertEquals(ExitCodes.FAILURE, garbage.status());
        assertEquals(List.of("raftwire certs member: " + dir.resolve("ca.key") + " cannot be used: it holds no PEM"
                + " block, not an unencrypted PKCS#8 private key (expected: the CA files that 'raftwire certs ca --dir "
                + dir + " --cluster NAME' writes)"), garbage.errLines());

        Path other = dir.resolve("other");
        ok(certs("ca", "--dir", other.toString(), "--cluster", "prod"));
        Files.copy(other.resolve("ca.key"), dir.resolve("ca.key"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Run mismatch = certs("admin", "--dir", dir.toString(), "--id", "ops");
        assertEquals(ExitCodes.FAILURE, mismatch.status());
        assertEquals(List.of("raftwire certs admin: " + dir.resolve("ca.crt") + " and " + dir.resolve("ca.key")
                + " cannot be used: the private key is not the CA certificate's (expected: the CA files that"
                + " 'raftwire certs ca --dir " + dir + " --cluster NAME' writes)"), mismatch.errLines());

        Files.write(dir.resolve("ca.key"), key);
        Files.copy(dir.resolve("ca.key"), dir.resolve("ca.crt"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Run keyAsCertificate = certs("client", "--dir", dir.toString(), "--id", "carol");
        assertEquals(ExitCodes.FAILURE, keyAsCertificate.status());
        assertEquals(List.of("raftwire certs client: " + dir.resolve("ca.crt") + " cannot be used: it holds a PEM block"
                + " of PrivateKeyInfo, not a certificate (expected: the CA files that 'raftwire certs ca --dir " + dir
                + " --cluster NAME' writes)"), keyAsCertificate.errLines());
        assertEquals(Set.of("ca.crt", "ca.key", "other"), names());
    }

    private X509Certificate certificate(String name) {
        return CertificateName.firstCertificate("file", dir.resolve(name));
    }

    /** PKIX validation of {@code leaf} against {@code ca} as the only trust anchor (no revocation: there is none). */
    private static void validates(X509Certificate leaf, X509Certificate ca) throws Exception {
        PKIXParameters parameters = new PKIXParameters(Set.of(new TrustAnchor(ca, null)));
        parameters.setRevocationEnabled(false);
        CertPathValidator.getInstance("PKIX").validate(CertificateFactory.getInstance("X.509")
                .generateCertPath(List.of(leaf)), parameters);
    }

    private Set<String> names() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toSet());
        }
    }

    private Map<String, byte[]> contents() throws IOException {
        Map<String, byte[]> contents = new TreeMap<>();
        for (String name : names()) {
            contents.put(name, Files.readAllBytes(dir.resolve(name)));
        }
        return contents;
    }

    private static void assertSameContents(Map<String, byte[]> expected, Map<String, byte[]> actual) {
        assertEquals(expected.keySet(), actual.keySet(), "no file added or removed");
        expected.forEach((name, bytes) -> assertArrayEquals(bytes, actual.get(name), name + " unchanged"));
    }
}
