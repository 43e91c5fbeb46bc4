package io.raftwire.transport.netty;

import io.raftwire.config.ConfigKeys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;

/**
 * Checks at start that {@code raftwire.tls.private-key-file} is the key of the certificate in
 * {@code raftwire.tls.certificate-file}: Netty builds a TLS context from any readable pair, and a node given a key
 * that is not its certificate's started and then failed every handshake (its peers logging only "Invalid
 * CertificateVerify signature"). The key signs a fixed message and the certificate's public key must verify it.
 * Stateless.
 */
final class KeyPairCheck {

    private static final byte[] MESSAGE = "raftwire key pair check".getBytes(StandardCharsets.US_ASCII);
    private static final String BEGIN = "-----BEGIN PRIVATE KEY-----";
    private static final String END = "-----END PRIVATE KEY-----";

    private KeyPairCheck() {
    }

    /**
     * @param certificate the node's own certificate, read from {@code certificateFile}
     * @throws IllegalArgumentException naming both files if the key in {@code keyFile} is not the certificate's
     */
    static void requireMatch(X509Certificate certificate, Path certificateFile, Path keyFile) {
        PrivateKey key = readPkcs8(keyFile, certificate.getPublicKey().getAlgorithm());
        if (key == null) {
            return; // not a key this check can read; the TLS context that accepted it is the judge
        }
        String algorithm = signatureAlgorithm(key.getAlgorithm());
        if (algorithm == null) {
            return; // a key type this check cannot sign with (RSASSA-PSS, DSA): the TLS context accepted it
        }
        boolean verified;
        try {
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(MESSAGE);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(MESSAGE);
            verified = verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            verified = false; // the certificate's key is of another algorithm than this key
        }
        if (!verified) {
            throw new IllegalArgumentException(ConfigKeys.TLS_PRIVATE_KEY_FILE.name() + " = " + keyFile + " is not the"
                    + " key of the certificate in " + ConfigKeys.TLS_CERTIFICATE_FILE.name() + " = " + certificateFile
                    + " (expected: the private key whose public key that certificate carries)");
        }
    }

    /** The PKCS#8 PEM key in {@code file}, tried as the certificate's algorithm first; null if none reads it. */
    private static PrivateKey readPkcs8(Path file, String certificateAlgorithm) {
        byte[] der;
        try {
            String pem = Files.readString(file, StandardCharsets.US_ASCII);
            int begin = pem.indexOf(BEGIN);
            int end = pem.indexOf(END);
            if (begin < 0 || end < begin) {
                return null;
            }
            der = Base64.getMimeDecoder().decode(pem.substring(begin + BEGIN.length(), end));
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
        for (String algorithm : List.of(certificateAlgorithm, "RSA", "EC", "Ed25519", "Ed448")) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                // not this algorithm: try the next
            }
        }
        return null;
    }

    /** The signature algorithm for a key of {@code keyAlgorithm}, or null for one this check does not sign with. */
    private static String signatureAlgorithm(String keyAlgorithm) {
        return switch (keyAlgorithm) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "Ed25519", "Ed448", "EdDSA" -> keyAlgorithm;
            default -> null;
        };
    }
}
