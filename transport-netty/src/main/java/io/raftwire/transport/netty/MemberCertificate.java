package io.raftwire.transport.netty;

import io.raftwire.transport.PeerText;

import java.net.URI;
import java.net.URISyntaxException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The member a certificate names. A raftwire member certificate carries exactly one subject alternative name of type
 * URI with the scheme {@code raftwire}: {@code raftwire://<cluster id>/<member id>}, for example
 * {@code raftwire://prod/node-1}. The subject (CN) and DNS names are not used, so a certificate for a host name
 * issued by the same CA names no member. Binding the cluster id as well means a certificate of one cluster's member
 * cannot join another cluster that trusts the same CA.
 *
 * @param clusterId the cluster id in the URI's authority
 * @param memberId  the member id in the URI's path
 */
record MemberCertificate(String clusterId, String memberId) {

    /** The URI scheme of the member name. */
    static final String SCHEME = "raftwire";
    /** SAN type number of a URI (RFC 5280 GeneralName uniformResourceIdentifier). */
    private static final int SAN_URI = 6;

    MemberCertificate {
        Objects.requireNonNull(clusterId, "clusterId");
        Objects.requireNonNull(memberId, "memberId");
    }

    /** The SAN URI that names {@code memberId} of {@code clusterId}. */
    static String uri(String clusterId, String memberId) {
        return SCHEME + "://" + clusterId + "/" + memberId;
    }

    /**
     * Reads the member a certificate names.
     *
     * @throws IllegalArgumentException saying what the certificate lacks (its text is escaped: it came from a peer)
     */
    static MemberCertificate of(X509Certificate certificate) {
        List<String> uris = new ArrayList<>();
        try {
            Collection<List<?>> names = certificate.getSubjectAlternativeNames();
            if (names != null) {
                for (List<?> name : names) {
                    if (name.size() >= 2 && Integer.valueOf(SAN_URI).equals(name.get(0))
                            && name.get(1) instanceof String s && s.regionMatches(true, 0, SCHEME + ":", 0,
                            SCHEME.length() + 1)) {
                        uris.add(s);
                    }
                }
            }
        } catch (CertificateParsingException e) {
            throw new IllegalArgumentException("certificate subject alternative names cannot be read: "
                    + PeerText.escape(e.getMessage()), e);
        }
        if (uris.size() != 1) {
            throw new IllegalArgumentException("certificate of " + PeerText.escape(certificate
                    .getSubjectX500Principal().getName()) + " has " + uris.size() + " raftwire SAN URIs (expected:"
                    + " exactly one, " + uri("<cluster id>", "<member id>") + ")");
        }
        return parse(uris.get(0));
    }

    private static MemberCertificate parse(String text) {
        try {
            URI uri = new URI(text);
            String cluster = uri.getHost() != null ? uri.getHost() : uri.getAuthority();
            String path = uri.getPath();
            if (cluster != null && path != null && path.length() > 1 && path.indexOf('/', 1) < 0
                    && uri.getPort() < 0 && uri.getUserInfo() == null && uri.getQuery() == null
                    && uri.getFragment() == null) {
                return new MemberCertificate(cluster, path.substring(1));
            }
        } catch (URISyntaxException e) {
            // reported below
        }
        throw new IllegalArgumentException("certificate SAN URI = " + PeerText.escape(text) + " (expected: "
                + uri("<cluster id>", "<member id>") + ")");
    }

    @Override
    public String toString() {
        return uri(clusterId, memberId);
    }
}
