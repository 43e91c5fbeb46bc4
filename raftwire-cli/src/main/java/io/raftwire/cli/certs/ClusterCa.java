package io.raftwire.cli.certs;

import io.raftwire.transport.CertificateName;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x500.style.IETFUtils;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/**
 * A cluster's certificate authority: its certificate, its private key and the cluster id it issues for, and the
 * certificates it issues. What the certificates hold:
 * <ul>
 *   <li>keys: EC P-256 (secp256r1) from the JDK, signatures SHA256withECDSA: what every TLS 1.3 stack accepts, and
 *       small;</li>
 *   <li>serial numbers: 128 random bits (never 0);</li>
 *   <li>validity: from one hour before now (clocks of different hosts disagree) to {@code days} days after now; a
 *       certificate that would outlive the CA is refused, not shortened;</li>
 *   <li>the CA: subject {@code CN=raftwire CA <cluster>, OU=<cluster>, O=raftwire} (the OU records the cluster id),
 *       basic constraints CA with path length 0, key usage keyCertSign and cRLSign;</li>
 *   <li>a member, client or admin: subject {@code CN=<id>, OU=<cluster>, O=raftwire} (the transport ignores it), its
 *       one raftwire SAN URI from {@link CertificateName#uri()}, basic constraints not a CA, key usage
 *       digitalSignature, extended key usages serverAuth and clientAuth (a member accepts and opens connections;
 *       a client's transport gets the same, which costs nothing), authority and subject key identifiers.</li>
 * </ul>
 * Immutable; thread-safe.
 *
 * @param cluster     the cluster id, from the certificate's OU
 * @param certificate the CA certificate
 * @param privateKey  its private key
 */
record ClusterCa(String cluster, X509Certificate certificate, PrivateKey privateKey) {

    /** How far before now a new certificate's validity starts. */
    static final Duration BACKDATE = Duration.ofHours(1);
    private static final String ORGANIZATION = "raftwire";
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A new self-signed CA for {@code cluster}, valid for {@code days} days. */
    static ClusterCa create(String cluster, int days) {
        KeyPair keys = newKeyPair();
        X500Name subject = name("raftwire CA " + cluster, cluster);
        Instant now = Instant.now();
        try {
            JcaX509ExtensionUtils ids = new JcaX509ExtensionUtils();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject, serial(),
                    Date.from(now.minus(BACKDATE)), Date.from(now.plus(Duration.ofDays(days))), subject,
                    keys.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(0))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                    .addExtension(Extension.subjectKeyIdentifier, false,
                            ids.createSubjectKeyIdentifier(keys.getPublic()));
            return new ClusterCa(cluster, sign(builder, keys.getPrivate()), keys.getPrivate());
        } catch (GeneralSecurityException | CertIOException e) {
            throw new IllegalStateException("cannot make a CA certificate: " + e, e);
        }
    }

    /**
     * Takes a CA read from files: checks that the certificate is a CA made for a cluster, that the key is its
     * private key, and that it has not expired.
     *
     * @throws IllegalArgumentException saying what is wrong with the pair (without the file names)
     */
    static ClusterCa of(X509Certificate certificate, PrivateKey privateKey) {
        if (certificate.getBasicConstraints() < 0) {
            throw new IllegalArgumentException("the certificate " + subjectOf(certificate)
                    + " is not a CA (no basic constraints CA:true)");
        }
        String cluster = clusterOf(certificate);
        if (!matches(certificate.getPublicKey(), privateKey)) {
            throw new IllegalArgumentException("the private key is not the CA certificate's");
        }
        if (certificate.getNotAfter().toInstant().isBefore(Instant.now())) {
            throw new IllegalArgumentException("the CA certificate expired at " + certificate.getNotAfter()
                    .toInstant());
        }
        return new ClusterCa(cluster, certificate, privateKey);
    }

    /** When this CA's certificate expires. */
    Instant notAfter() {
        return certificate.getNotAfter().toInstant();
    }

    /**
     * Issues a certificate for {@code name}, valid for {@code days} days, with a new key pair.
     *
     * @throws IllegalArgumentException if {@code name} is of another cluster, or the certificate would outlive
     *                                  this CA
     */
    Issued issue(CertificateName name, int days) {
        if (!name.clusterId().equals(cluster)) {
            throw new IllegalArgumentException("cluster " + name.clusterId() + " (expected: this CA's cluster, "
                    + cluster + ")");
        }
        Instant now = Instant.now();
        Instant notAfter = now.plus(Duration.ofDays(days));
        if (notAfter.isAfter(notAfter())) {
            throw new IllegalArgumentException("a certificate valid for " + days + " days would outlive its CA,"
                    + " which expires at " + notAfter() + " (expected: at most " + Duration.between(now, notAfter())
                    .toDays() + " days, or a new CA)");
        }
        KeyPair keys = newKeyPair();
        try {
            JcaX509ExtensionUtils ids = new JcaX509ExtensionUtils();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(certificate, serial(),
                    Date.from(now.minus(BACKDATE)), Date.from(notAfter), name(name.id(), cluster), keys.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
                    .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(new KeyPurposeId[] {
                            KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}))
                    .addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName(
                            GeneralName.uniformResourceIdentifier, name.uri())))
                    .addExtension(Extension.subjectKeyIdentifier, false,
                            ids.createSubjectKeyIdentifier(keys.getPublic()))
                    .addExtension(Extension.authorityKeyIdentifier, false,
                            ids.createAuthorityKeyIdentifier(certificate));
            return new Issued(sign(builder, privateKey), keys.getPrivate());
        } catch (GeneralSecurityException | CertIOException e) {
            throw new IllegalStateException("cannot issue a certificate for " + name + ": " + e, e);
        }
    }

    private static X500Name name(String commonName, String cluster) {
        return new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.O, ORGANIZATION).addRDN(BCStyle.OU, cluster)
                .addRDN(BCStyle.CN, commonName).build();
    }

    /** The cluster id a CA certificate made here records: the OU of its subject, beside O=raftwire. */
    private static String clusterOf(X509Certificate certificate) {
        X500Name subject = subjectOf(certificate);
        RDN[] organization = subject.getRDNs(BCStyle.O);
        RDN[] unit = subject.getRDNs(BCStyle.OU);
        if (organization.length != 1 || unit.length != 1 || !ORGANIZATION.equals(IETFUtils.valueToString(
                organization[0].getFirst().getValue()))) {
            throw new IllegalArgumentException("the CA certificate's subject " + subject + " records no cluster id (expected: a CA made by 'raftwire certs ca', subject O=raftwire,"
                    + " OU=<cluster id>)");
        }
        return IETFUtils.valueToString(unit[0].getFirst().getValue());
    }

    private static X500Name subjectOf(X509Certificate certificate) {
        try {
            return new JcaX509CertificateHolder(certificate).getSubject();
        } catch (CertificateEncodingException e) {
            throw new IllegalArgumentException("the certificate cannot be encoded: " + e.getMessage(), e);
        }
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey key)
            throws GeneralSecurityException {
        try {
            return new JcaX509CertificateConverter().getCertificate(builder.build(
                    new JcaContentSignerBuilder(signatureAlgorithm(key)).build(key)));
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException("no signer for a " + key.getAlgorithm() + " key: " + e.getMessage(),
                    e);
        }
    }

    private static String signatureAlgorithm(PrivateKey key) {
        return switch (key.getAlgorithm()) {
            case "EC" -> "SHA256withECDSA";
            case "RSA" -> "SHA256withRSA";
            default -> throw new IllegalArgumentException("the CA key is a " + key.getAlgorithm() + " key"
                    + " (expected: EC or RSA)");
        };
    }

    /** Whether {@code privateKey} is the private half of {@code publicKey}: it signs, the public key verifies. */
    private static boolean matches(PublicKey publicKey, PrivateKey privateKey) {
        if (!publicKey.getAlgorithm().equals(privateKey.getAlgorithm())) {
            return false;
        }
        byte[] probe = new byte[32];
        RANDOM.nextBytes(probe);
        try {
            String algorithm = signatureAlgorithm(privateKey);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(privateKey);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(publicKey);
            verifier.update(probe);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK cannot make EC P-256 keys: " + e, e);
        }
    }

    /** 128 random bits, not zero (RFC 5280 wants a positive serial number). */
    private static BigInteger serial() {
        BigInteger serial;
        do {
            serial = new BigInteger(128, RANDOM);
        } while (serial.signum() == 0);
        return serial;
    }
}
