package io.raftwire.transport.netty;

import io.netty.pkitesting.CertificateBuilder;
import io.netty.pkitesting.X509Bundle;
import io.raftwire.transport.netty.codec.HandshakeCheck;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The member a certificate names, and the checks of {@link MemberPolicy} and {@link TlsContexts} built on it. */
@Timeout(30)
class MemberCertificateTest {

    private static X509Bundle ca;

    @BeforeAll
    static void makeCa() throws Exception {
        ca = new CertificateBuilder().subject("CN=test-ca").ecp256().setIsCertificateAuthority(true)
                .buildSelfSigned();
    }

    private static X509Bundle leaf(String... uris) throws Exception {
        CertificateBuilder b = new CertificateBuilder().subject("CN=node-1").ecp256().addSanDnsName("node-1");
        for (String uri : uris) {
            b.addSanUriName(uri);
        }
        return b.buildIssuedBy(ca);
    }

    @Test
    void shouldReadTheClusterAndMemberFromTheRaftwireSanUri() throws Exception {
        MemberCertificate m = MemberCertificate.of(leaf("https://example.com/x", "raftwire://prod/node-1")
                .getCertificate());
        assertEquals(new MemberCertificate("prod", "node-1"), m);
        assertEquals("raftwire://prod/node-1", m.toString());
        assertEquals(new MemberCertificate("a_b", "n_1"), MemberCertificate.of(leaf("raftwire://a_b/n_1")
                .getCertificate()), "ids that are not host names");
    }

    @Test
    void shouldRefuseACertificateThatNamesNoMemberOrTwo() throws Exception {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> MemberCertificate.of(leaf().getCertificate()));
        assertEquals("certificate of CN=node-1 has 0 raftwire SAN URIs (expected: exactly one,"
                + " raftwire://<cluster id>/<member id>)", none.getMessage(), "CN and DNS names are not used");
        IllegalArgumentException two = assertThrows(IllegalArgumentException.class,
                () -> MemberCertificate.of(leaf("raftwire://prod/node-1", "raftwire://prod/node-2").getCertificate()));
        assertTrue(two.getMessage().contains("has 2 raftwire SAN URIs"), two.getMessage());
    }

    @Test
    void shouldRefuseAMalformedMemberUri() throws Exception {
        for (String uri : List.of("raftwire://prod", "raftwire://prod/a/b", "raftwire://prod/n?x=1",
                "raftwire://prod:9/n", "raftwire:node-1")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> MemberCertificate.of(leaf(uri).getCertificate()), uri);
            assertEquals("certificate SAN URI = " + uri + " (expected: raftwire://<cluster id>/<member id>)",
                    e.getMessage());
        }
    }

    @Test
    void shouldCheckTheClaimAgainstPeersSelfAndCertificate() {
        MemberPolicy policy = new MemberPolicy("prod", "node-1", () -> Set.of("node-2", "node-3"), false);
        MemberCertificate node2 = new MemberCertificate("prod", "node-2");
        assertEquals(List.of(), policy.checkClaim("node-2", node2));
        assertEquals(List.of(), policy.checkClaim("node-2", (MemberCertificate) null), "plaintext: membership only");
        assertEquals(List.of(new HandshakeCheck.Problem("certificate", "certificate names raftwire://prod/node-2"
                + " (expected: raftwire://prod/node-3)")), policy.checkClaim("node-3", node2));
        assertEquals(List.of(new HandshakeCheck.Problem("certificate", "certificate names raftwire://test/node-2"
                + " (expected: raftwire://prod/node-2)")), policy.checkClaim("node-2",
                new MemberCertificate("test", "node-2")));
        assertEquals("member id = node-9 (expected: one of this node's peers [node-2, node-3])",
                policy.checkClaim("node-9", (MemberCertificate) null).get(0).detail());
        assertEquals("member id = node-1 (expected: a peer, not this node's own id)",
                policy.checkClaim("node-1", (MemberCertificate) null).get(0).detail());
        assertEquals(List.of(), policy.checkAnswer("node-2", node2));
        assertEquals("certificate", policy.checkAnswer("node-3", node2).get(0).check());
    }

    @Test
    void aClientPortAcceptsIdsThatAreNotPeersButStillNotItsOwnNorAnotherCertificatesId() {
        MemberPolicy clientPort = new MemberPolicy("prod", "node-1", () -> Set.of(), true);
        assertEquals(List.of(), clientPort.checkClaim("client-7f3a", (MemberCertificate) null));
        assertEquals(List.of(), clientPort.checkClaim("client-7f3a", new MemberCertificate("prod", "client-7f3a")));
        assertEquals("member id = node-1 (expected: a peer, not this node's own id)",
                clientPort.checkClaim("node-1", (MemberCertificate) null).get(0).detail());
        assertEquals(List.of(new HandshakeCheck.Problem("certificate", "certificate names raftwire://prod/client-1"
                + " (expected: raftwire://prod/client-2)")), clientPort.checkClaim("client-2",
                new MemberCertificate("prod", "client-1")));
    }

    @Test
    void shouldRefuseToStartWithACertificateOfAnotherMember(@TempDir Path dir) throws Exception {
        X509Bundle other = leaf("raftwire://prod/node-2");
        Path cert = Files.writeString(dir.resolve("n.pem"), other.getCertificatePEM(), StandardCharsets.US_ASCII);
        Path key = Files.writeString(dir.resolve("n.key"), other.getPrivateKeyPEM(), StandardCharsets.US_ASCII);
        Path trust = Files.writeString(dir.resolve("ca.pem"), ca.getCertificatePEM(), StandardCharsets.US_ASCII);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TlsContexts(TlsSettings.of(cert, key, trust), "prod", "node-1", 1000));
        assertEquals("raftwire.tls.certificate-file = " + cert + " names raftwire://prod/node-2 (expected:"
                + " raftwire://prod/node-1, this node's cluster id and member id)", e.getMessage());
        new TlsContexts(TlsSettings.of(cert, key, trust), "prod", "node-2", 1000);
    }

    /**
     * A key that is not the certificate's is refused at start, naming both files: Netty built a context from it, and
     * the node then failed every handshake. Checked for a key of the same algorithm and of another (RSA).
     */
    @Test
    void shouldRefuseToStartWithAKeyThatIsNotTheCertificates(@TempDir Path dir) throws Exception {
        X509Bundle own = leaf("raftwire://prod/node-1");
        X509Bundle otherEc = leaf("raftwire://prod/node-1");
        X509Bundle otherRsa = new CertificateBuilder().subject("CN=node-1").rsa2048()
                .addSanUriName("raftwire://prod/node-1").buildIssuedBy(ca);
        Path cert = Files.writeString(dir.resolve("n.pem"), own.getCertificatePEM(), StandardCharsets.US_ASCII);
        Path trust = Files.writeString(dir.resolve("ca.pem"), ca.getCertificatePEM(), StandardCharsets.US_ASCII);
        for (X509Bundle wrong : List.of(otherEc, otherRsa)) {
            Path key = Files.writeString(dir.resolve("wrong.key"), wrong.getPrivateKeyPEM(),
                    StandardCharsets.US_ASCII);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new TlsContexts(TlsSettings.of(cert, key, trust), "prod", "node-1", 1000));
            assertEquals("raftwire.tls.private-key-file = " + key + " is not the key of the certificate in"
                    + " raftwire.tls.certificate-file = " + cert + " (expected: the private key whose public key that"
                    + " certificate carries)", e.getMessage());
        }
        Path right = Files.writeString(dir.resolve("n.key"), own.getPrivateKeyPEM(), StandardCharsets.US_ASCII);
        new TlsContexts(TlsSettings.of(cert, right, trust), "prod", "node-1", 1000);
    }
}
