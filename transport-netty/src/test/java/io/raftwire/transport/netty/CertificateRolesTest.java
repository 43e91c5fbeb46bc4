package io.raftwire.transport.netty;

import io.netty.pkitesting.CertificateBuilder;
import io.netty.pkitesting.X509Bundle;
import io.raftwire.transport.Caller;
import io.raftwire.transport.Caller.Role;
import io.raftwire.transport.CertificateName;
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

/**
 * Who a certificate names and in which role ({@link CertificateName}), and the checks of {@link MemberPolicy} and
 * {@link TlsContexts} built on it.
 */
@Timeout(30)
class CertificateRolesTest {

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
        CertificateName m = CertificateName.of(leaf("https://example.com/x", "raftwire://prod/node-1")
                .getCertificate());
        assertEquals(new CertificateName("prod", Role.MEMBER, "node-1"), m);
        assertEquals("raftwire://prod/node-1", m.toString());
        assertEquals(new CertificateName("a_b", Role.MEMBER, "n_1"), CertificateName.of(leaf("raftwire://a_b/n_1")
                .getCertificate()), "ids that are not host names");
    }

    @Test
    void shouldRefuseACertificateThatNamesNoMemberOrTwo() throws Exception {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> CertificateName.of(leaf().getCertificate()));
        assertEquals("certificate of CN=node-1 has 0 raftwire SAN URIs [] (expected: exactly one,"
                + " raftwire://<cluster id>/<member id>, raftwire://<cluster id>/client/<client id> or"
                + " raftwire://<cluster id>/admin/<admin id>)", none.getMessage(), "CN and DNS names are not used");
        IllegalArgumentException two = assertThrows(IllegalArgumentException.class,
                () -> CertificateName.of(leaf("raftwire://prod/node-1", "raftwire://prod/node-2").getCertificate()));
        assertTrue(two.getMessage().contains("has 2 raftwire SAN URIs [raftwire://prod/node-1,"
                + " raftwire://prod/node-2]"), two.getMessage());
    }

    @Test
    void shouldRefuseAMalformedMemberUri() throws Exception {
        for (String uri : List.of("raftwire://prod", "raftwire://prod/a/b", "raftwire://prod/n?x=1",
                "raftwire://prod:9/n", "raftwire:node-1", "raftwire://prod/", "raftwire://prod/client/",
                "raftwire://prod/client/a/b", "raftwire://prod//n", "raftwire://u@prod/n", "raftwire://prod/n#f")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> CertificateName.of(leaf(uri).getCertificate()), uri);
            assertEquals("certificate SAN URI = " + uri + " (expected: raftwire://<cluster id>/<member id>,"
                    + " raftwire://<cluster id>/client/<client id> or raftwire://<cluster id>/admin/<admin id>)",
                    e.getMessage());
        }
    }

    @Test
    void shouldCheckTheClaimAgainstPeersSelfAndCertificate() {
        MemberPolicy policy = new MemberPolicy("prod", "node-1", () -> Set.of("node-2", "node-3"), false);
        CertificateName node2 = new CertificateName("prod", Role.MEMBER, "node-2");
        assertEquals(List.of(), policy.checkClaim("node-2", node2));
        assertEquals(List.of(), policy.checkClaim("node-2", (CertificateName) null), "plaintext: membership only");
        assertEquals(List.of(new HandshakeCheck.Problem("certificate", "certificate names raftwire://prod/node-2"
                + " (expected: raftwire://prod/node-3)")), policy.checkClaim("node-3", node2));
        assertEquals(List.of(new HandshakeCheck.Problem("certificate", "certificate names raftwire://test/node-2"
                + " (expected: raftwire://prod/node-2)")), policy.checkClaim("node-2",
                new CertificateName("test", Role.MEMBER, "node-2")));
        assertEquals("member id = node-9 (expected: one of this node's peers [node-2, node-3])",
                policy.checkClaim("node-9", (CertificateName) null).get(0).detail());
        assertEquals("member id = node-1 (expected: a peer, not this node's own id)",
                policy.checkClaim("node-1", (CertificateName) null).get(0).detail());
        assertEquals(List.of(), policy.checkAnswer("node-2", node2));
        assertEquals("certificate", policy.checkAnswer("node-3", node2).get(0).check());
    }

    @Test
    void aClientPortAcceptsIdsThatAreNotPeersButStillNotItsOwnNorAnotherCertificatesId() {
        MemberPolicy clientPort = new MemberPolicy("prod", "node-1", () -> Set.of(), true);
        assertEquals(List.of(), clientPort.checkClaim("client-7f3a", (CertificateName) null));
        assertEquals(List.of(), clientPort.checkClaim("client-7f3a", new CertificateName("prod", Role.CLIENT, "client-7f3a")));
        assertEquals("member id = node-1 (expected: a peer, not this node's own id)",
                clientPort.checkClaim("node-1", (CertificateName) null).get(0).detail());
        assertEquals(List.of(new HandshakeCheck.Problem("certificate", "certificate names"
                + " raftwire://prod/client/client-1 (expected: raftwire://prod/client/client-2)")),
                clientPort.checkClaim("client-2", new CertificateName("prod", Role.CLIENT, "client-1")));
    }

    @Test
    void shouldTellMemberClientAndAdminCertificatesApartByTheirPathForm() throws Exception {
        assertEquals(new CertificateName("prod", Role.CLIENT, "alice"),
                CertificateName.of(leaf("raftwire://prod/client/alice").getCertificate()));
        assertEquals(new CertificateName("prod", Role.ADMIN, "ops-1"),
                CertificateName.of(leaf("raftwire://prod/admin/ops-1").getCertificate()));
        assertEquals(new CertificateName("prod", Role.MEMBER, "client"),
                CertificateName.of(leaf("raftwire://prod/client").getCertificate()), "one segment: a member");
        assertEquals(new Caller("alice", Role.CLIENT, "raftwire://prod/client/alice"),
                CertificateName.of(leaf("raftwire://prod/client/alice").getCertificate()).caller());
        IllegalArgumentException twoRoles = assertThrows(IllegalArgumentException.class, () -> CertificateName.of(
                leaf("raftwire://prod/client/node-1", "raftwire://prod/admin/node-1").getCertificate()));
        assertTrue(twoRoles.getMessage().contains("has 2 raftwire SAN URIs"), twoRoles.getMessage());
    }

    /** Names are compared as written: a percent-escape is not the character it stands for. */
    @Test
    void shouldTakeNamesExactlyAsWrittenWithoutPercentDecoding() throws Exception {
        CertificateName escaped = CertificateName.of(leaf("raftwire://prod/node%2D1").getCertificate());
        assertEquals(new CertificateName("prod", Role.MEMBER, "node%2D1"), escaped);
        assertEquals(new CertificateName("pr%6Fd", Role.MEMBER, "node-1"),
                CertificateName.of(leaf("raftwire://pr%6Fd/node-1").getCertificate()));
        MemberPolicy policy = new MemberPolicy("prod", "node-2", () -> Set.of("node-1"), false);
        assertEquals(List.of(new HandshakeCheck.Problem("certificate", "certificate names raftwire://prod/node%2D1"
                + " (expected: raftwire://prod/node-1)")), policy.checkClaim("node-1", escaped));
        assertEquals("certificate", policy.checkAnswer("node-1", escaped).get(0).check());
        assertEquals(List.of(new HandshakeCheck.Problem("certificate", "certificate names raftwire://prod/client/a%2Db"
                + " (expected: raftwire://prod/client/a-b)")), new MemberPolicy("prod", "node-1", Set::of, true)
                .checkClaim("a-b", new CertificateName("prod", Role.CLIENT, "a%2Db")));
    }

    /** A client or admin certificate never acts as a member: a member port refuses it even under a member's id. */
    @Test
    void aMemberPortRefusesClientAndAdminCertificatesAndAClientPortTakesThemUnderTheirOwnIds() {
        MemberPolicy memberPort = new MemberPolicy("prod", "node-1", () -> Set.of("node-2", "node-3"), false);
        assertEquals(List.of(new HandshakeCheck.Problem("certificate", "certificate names"
                + " raftwire://prod/client/node-3 (expected: raftwire://prod/node-3; a client certificate never acts"
                + " as a member: it connects only to a client address)")),
                memberPort.checkClaim("node-3", new CertificateName("prod", Role.CLIENT, "node-3")));
        assertEquals("certificate names raftwire://prod/admin/node-2 (expected: raftwire://prod/node-2; an admin"
                + " certificate never acts as a member: it connects only to a client"
                + " address)", memberPort.checkClaim("node-2", new CertificateName("prod", Role.ADMIN, "node-2"))
                .get(0).detail());
        assertEquals("certificate", memberPort.checkAnswer("node-2", new CertificateName("prod", Role.CLIENT,
                "node-2")).get(0).check(), "a connecting member accepts only the member's own certificate");
        MemberPolicy clientPort = new MemberPolicy("prod", "node-1", Set::of, true);
        assertEquals(List.of(), clientPort.checkClaim("ops", new CertificateName("prod", Role.ADMIN, "ops")));
        assertEquals(List.of(), clientPort.checkClaim("node-2", new CertificateName("prod", Role.MEMBER, "node-2")));
        assertEquals(new Caller("ops", Role.ADMIN, "raftwire://prod/admin/ops"),
                clientPort.callerOf("ops", new CertificateName("prod", Role.ADMIN, "ops")));
        assertEquals(List.of(new HandshakeCheck.Problem("certificate", "certificate names raftwire://prod/client/alice"
                + " (expected: raftwire://prod/client/node-2)")),
                clientPort.checkClaim("node-2", new CertificateName("prod", Role.CLIENT, "alice")),
                "a client claims the id its certificate names, not a member's");
    }

    /** On plaintext nothing is verified: the role comes from the transport's configuration. */
    @Test
    void onPlaintextTheRoleComesFromTheTransportsConfiguration() {
        assertEquals(new Caller("node-2", Role.MEMBER, null), new MemberPolicy("prod", "node-1",
                () -> Set.of("node-2"), false).callerOf("node-2", (CertificateName) null));
        MemberPolicy clientPort = new MemberPolicy("prod", "node-1", () -> Set.of("node-2"), true);
        assertEquals(new Caller("client-7f", Role.CLIENT, null), clientPort.callerOf("client-7f",
                (CertificateName) null));
        assertEquals(new Caller("node-2", Role.MEMBER, null), clientPort.callerOf("node-2", (CertificateName) null));
        assertEquals("plaintext client client-7f (unverified)", new Caller("client-7f", Role.CLIENT, null)
                .toString());
        assertEquals("admin certificate raftwire://prod/admin/a\\nb", new Caller("a", Role.ADMIN,
                "raftwire://prod/admin/a\nb").toString(), "escaped: a peer sent it");
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
        X509Bundle client = leaf("raftwire://prod/client/alice");
        Path clientCert = Files.writeString(dir.resolve("c.pem"), client.getCertificatePEM(),
                StandardCharsets.US_ASCII);
        Path clientKey = Files.writeString(dir.resolve("c.key"), client.getPrivateKeyPEM(), StandardCharsets.US_ASCII);
        new TlsContexts(TlsSettings.of(clientCert, clientKey, trust), "prod", "alice", 1000);
        IllegalArgumentException notBob = assertThrows(IllegalArgumentException.class,
                () -> new TlsContexts(TlsSettings.of(clientCert, clientKey, trust), "prod", "bob", 1000));
        assertEquals("raftwire.tls.certificate-file = " + clientCert + " names raftwire://prod/client/alice"
                + " (expected: raftwire://prod/client/bob, this node's cluster id and member id)", notBob.getMessage());
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
