package io.raftwire.node.client;

import io.raftwire.config.RaftwireConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The id a client connects under on plaintext, and the refusals that need no certificate; certificates themselves are
 * read over real sockets in integration-tests {@code SecureClusterIT}.
 */
@Timeout(10)
class ClientIdentityTest {

    @Test
    void plaintextClientsGetARandomIdUnlessTheyChooseOne() {
        RaftwireConfig plain = RaftwireConfig.of(Map.of("raftwire.tls.enabled", "false"));
        String a = ClientIdentity.clientId(plain, null);
        assertTrue(a.matches("client-[0-9a-f]{12}"), a);
        assertNotEquals(a, ClientIdentity.clientId(plain, null));
        assertEquals("alice", ClientIdentity.clientId(plain, "alice"));
    }

    @Test
    void withTlsTheCertificateIsRequiredAndMustBeReadable(@TempDir Path dir) throws Exception {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> ClientIdentity.clientId(RaftwireConfig.of(Map.of("raftwire.cluster.id", "prod")), null));
        assertEquals("raftwire.tls.certificate-file = \"\" (expected: the client's PEM certificate chain naming"
                + " raftwire://prod/client/<id> or raftwire://prod/admin/<id>, because raftwire.tls.enabled = true;"
                + " or raftwire.tls.enabled = false for plaintext on loopback)", none.getMessage());
        Path garbage = Files.writeString(dir.resolve("c.pem"), "not a certificate");
        IllegalArgumentException unreadable = assertThrows(IllegalArgumentException.class,
                () -> ClientIdentity.clientId(RaftwireConfig.of(Map.of("raftwire.tls.certificate-file",
                        garbage.toString())), null));
        assertTrue(unreadable.getMessage().startsWith("raftwire.tls.certificate-file = " + garbage
                + " (expected: a readable PEM certificate chain): "), unreadable.getMessage());
    }
}
