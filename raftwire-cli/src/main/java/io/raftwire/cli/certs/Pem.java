package io.raftwire.cli.certs;

import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;

/**
 * PEM text of certificates and private keys, in the formats the {@code raftwire.tls.*} keys take: a certificate as
 * {@code BEGIN CERTIFICATE}, a private key as unencrypted PKCS#8 ({@code BEGIN PRIVATE KEY}). Reading and writing go
 * through Bouncy Castle's PEM classes; the keys and certificates themselves are the JDK's. Stateless.
 */
final class Pem {

    private Pem() {
    }

    /** {@code certificate} as one PEM block. */
    static String of(X509Certificate certificate) {
        return write(certificate);
    }

    /** {@code key} as one unencrypted PKCS#8 PEM block. */
    static String of(PrivateKey key) {
        try {
            return write(new JcaPKCS8Generator(key, null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String write(Object object) {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
            writer.writeObject(object);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    /**
     * The first certificate in a PEM file.
     *
     * @throws UnreadableFile saying why, without the file name (the caller names the file and what it should be)
     */
    static X509Certificate readCertificate(Path file) {
        Object first = readFirst(file);
        if (first instanceof X509CertificateHolder holder) {
            try {
                return new JcaX509CertificateConverter().getCertificate(holder);
            } catch (GeneralSecurityException e) {
                throw new UnreadableFile("its certificate cannot be decoded: " + e.getMessage(), e);
            }
        }
        throw new UnreadableFile("it holds " + describe(first) + ", not a certificate", null);
    }

    /**
     * The private key in a PEM file: unencrypted PKCS#8 only.
     *
     * @throws UnreadableFile saying why, without the file name
     */
    static PrivateKey readPrivateKey(Path file) {
        Object first = readFirst(file);
        if (first instanceof PrivateKeyInfo info) {
            try {
                return new JcaPEMKeyConverter().getPrivateKey(info);
            } catch (IOException e) {
                throw new UnreadableFile("its private key cannot be decoded: " + e.getMessage(), e);
            }
        }
        throw new UnreadableFile("it holds " + describe(first) + ", not an unencrypted PKCS#8 private key", null);
    }

    private static Object readFirst(Path file) {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.US_ASCII);
             PEMParser parser = new PEMParser(in)) {
            return parser.readObject();
        } catch (NoSuchFileException e) {
            throw new UnreadableFile("it does not exist", e);
        } catch (IOException | RuntimeException e) {
            throw new UnreadableFile("it cannot be read as PEM: " + e.getMessage(), e);
        }
    }

    private static String describe(Object pem) {
        return pem == null ? "no PEM block" : "a PEM block of " + pem.getClass().getSimpleName();
    }

    /** A file that is missing or does not hold what it should; the message says why in words. */
    static final class UnreadableFile extends RuntimeException {

        private static final long serialVersionUID = 1L;

        UnreadableFile(String why, Throwable cause) {
            super(why, cause);
        }
    }
}
