package io.raftwire.cli.certs;

import java.security.PrivateKey;
import java.security.cert.X509Certificate;

/**
 * A certificate and its private key, fresh from {@link ClusterCa}.
 *
 * @param certificate the certificate
 * @param privateKey  its private key
 */
record Issued(X509Certificate certificate, PrivateKey privateKey) {
}
