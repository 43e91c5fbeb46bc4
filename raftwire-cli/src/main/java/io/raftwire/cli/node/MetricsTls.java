package io.raftwire.cli.node;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;
import java.util.List;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The TLS context of the scrape endpoint when {@code raftwire.tls.enabled}: the node's own certificate and key
 * ({@code raftwire.tls.certificate-file}, {@code raftwire.tls.private-key-file}, an unencrypted PKCS#8 PEM key) and,
 * to check a scraper's client certificate, the CAs of {@code raftwire.tls.trust-file}. Stateless.
 */
final class MetricsTls {

    private static final String BEGIN = "-----BEGIN PRIVATE KEY-----";
    private static final String END = "-----END PRIVATE KEY-----";
    private static final char[] NO_PASSWORD = new char[0];

    private MetricsTls() {
    }

    /**
     * @throws IllegalArgumentException naming the key and file that could not be read, and what was expected
     */
    static SSLContext context(RaftwireConfig config) {
        Path certFile = Path.of(config.get(ConfigKeys.TLS_CERTIFICATE_FILE));
        Path keyFile = Path.of(config.get(ConfigKeys.TLS_PRIVATE_KEY_FILE));
        Path trustFile = Path.of(config.get(ConfigKeys.TLS_TRUST_FILE));
        try {
            List<Certificate> chain = certificates(certFile, ConfigKeys.TLS_CERTIFICATE_FILE.name());
            KeyStore own = KeyStore.getInstance("PKCS12");
            own.load(null, null);
            own.setKeyEntry("node", privateKey(keyFile), NO_PASSWORD, chain.toArray(Certificate[]::new));
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(own, NO_PASSWORD);
            KeyStore cas = KeyStore.getInstance("PKCS12");
            cas.load(null, null);
            int i = 0;
            for (Certificate ca : certificates(trustFile, ConfigKeys.TLS_TRUST_FILE.name())) {
                cas.setCertificateEntry("ca-" + i++, ca);
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(cas);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("cannot build the TLS context of the metrics endpoint ("
                    + ConfigKeys.METRICS_PORT.name() + ") from " + ConfigKeys.TLS_CERTIFICATE_FILE.name() + " = "
                    + certFile + ", " + ConfigKeys.TLS_PRIVATE_KEY_FILE.name() + " = " + keyFile + ": " + e.getMessage()
                    + " (expected: the PEM files the node's transport uses)", e);
        }
    }

    private static List<Certificate> certificates(Path file, String key) throws IOException, GeneralSecurityException {
        Collection<? extends Certificate> read;
        try (InputStream in = Files.newInputStream(file)) {
            read = CertificateFactory.getInstance("X.509").generateCertificates(in);
        }
        if (read.isEmpty()) {
            throw new IllegalArgumentException(key + " = " + file + " holds no certificate (expected: PEM"
                    + " certificates)");
        }
        return List.copyOf(read);
    }

    private static PrivateKey privateKey(Path file) throws IOException {
        String pem = Files.readString(file, StandardCharsets.US_ASCII);
        int begin = pem.indexOf(BEGIN);
        int end = pem.indexOf(END);
        if (begin < 0 || end < begin) {
            throw new IllegalArgumentException(ConfigKeys.TLS_PRIVATE_KEY_FILE.name() + " = " + file
                    + " holds no '" + BEGIN + "' block (expected: an unencrypted PKCS#8 PEM key)");
        }
        PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(Base64.getMimeDecoder()
                .decode(pem.substring(begin + BEGIN.length(), end)));
        for (String algorithm : List.of("EC", "RSA", "Ed25519", "Ed448")) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(spec);
            } catch (GeneralSecurityException e) {
                // another algorithm's key: try the next
            }
        }
        throw new IllegalArgumentException(ConfigKeys.TLS_PRIVATE_KEY_FILE.name() + " = " + file
                + " is not an EC, RSA, Ed25519 or Ed448 key (expected: an unencrypted PKCS#8 PEM key)");
    }
}
