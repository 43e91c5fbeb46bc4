package io.raftwire.transport;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Who a raftwire certificate names, and in which role. A raftwire certificate carries exactly one subject alternative
 * name of type URI with the scheme {@code raftwire}, in one of three forms:
 * <ul>
 *   <li>{@code raftwire://<cluster id>/<member id>}: a member ({@link Caller.Role#MEMBER}), e.g.
 *       {@code raftwire://prod/node-1};</li>
 *   <li>{@code raftwire://<cluster id>/client/<client id>}: a client ({@link Caller.Role#CLIENT});</li>
 *   <li>{@code raftwire://<cluster id>/admin/<admin id>}: an operator ({@link Caller.Role#ADMIN}).</li>
 * </ul>
 * The number of path segments tells the forms apart (a member id never contains {@code /}), so no certificate is
 * two of them; a certificate with two raftwire URIs (two roles, or two names) is refused. Names are taken exactly as
 * written: nothing is percent-decoded or case-folded, so {@code node%2D1} is not {@code node-1}. The subject (CN) and
 * DNS names are not used, so a certificate for a host name issued by the same CA names nobody, and binding the cluster
 * id means a certificate of one cluster is nobody in another cluster that trusts the same CA. Immutable.
 *
 * @param clusterId the cluster id: the URI's authority
 * @param role      the role: from the URI's path form
 * @param id        the member, client or admin id: the URI's last path segment
 */
public record CertificateName(String clusterId, Caller.Role role, String id) {

    /** The URI scheme of raftwire names. */
    public static final String SCHEME = "raftwire";
    /** What a raftwire SAN URI looks like, for refusals. */
    public static final String FORMS = uri("<cluster id>", Caller.Role.MEMBER, "<member id>") + ", "
            + uri("<cluster id>", Caller.Role.CLIENT, "<client id>") + " or "
            + uri("<cluster id>", Caller.Role.ADMIN, "<admin id>");
    /** SAN type number of a URI (RFC 5280 GeneralName uniformResourceIdentifier). */
    private static final int SAN_URI = 6;

    /** Checks for nulls. */
    public CertificateName {
        Objects.requireNonNull(clusterId, "clusterId");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(id, "id");
    }

    /** The SAN URI that names {@code id} in {@code role} in {@code clusterId}. */
    public static String uri(String clusterId, Caller.Role role, String id) {
        return switch (role) {
            case MEMBER -> SCHEME + "://" + clusterId + "/" + id;
            case CLIENT -> SCHEME + "://" + clusterId + "/client/" + id;
            case ADMIN -> SCHEME + "://" + clusterId + "/admin/" + id;
        };
    }

    /** This name's SAN URI. */
    public String uri() {
        return uri(clusterId, role, id);
    }

    /** The caller a connection authenticated by this certificate is. */
    public Caller caller() {
        return new Caller(id, role, uri());
    }

    /**
     * Reads the name a certificate carries.
     *
     * @throws IllegalArgumentException saying what the certificate lacks (its text is escaped: it may come from a peer)
     */
    public static CertificateName of(X509Certificate certificate) {
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
                    .getSubjectX500Principal().getName()) + " has " + uris.size() + " raftwire SAN URIs "
                    + PeerText.escape(String.valueOf(uris)) + " (expected: exactly one, " + FORMS + ")");
        }
        return parse(uris.get(0));
    }

    /**
     * Reads the name the first certificate of a PEM chain file carries: a node's or a client's
     * {@code raftwire.tls.certificate-file}.
     *
     * @param key  the configuration key or option the file was given by, for the message
     * @param file the PEM file
     * @throws IllegalArgumentException naming {@code key} and the file if it cannot be read or names nobody
     */
    public static CertificateName read(String key, Path file) {
        X509Certificate certificate = firstCertificate(key, file);
        try {
            return of(certificate);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + " = " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The first certificate of a PEM chain file.
     *
     * @throws IllegalArgumentException naming {@code key} and the file if it cannot be read
     */
    public static X509Certificate firstCertificate(String key, Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            Certificate c = CertificateFactory.getInstance("X.509").generateCertificate(in);
            if (c instanceof X509Certificate x509) {
                return x509;
            }
            throw new CertificateException("not an X.509 certificate");
        } catch (IOException | CertificateException e) {
            throw new IllegalArgumentException(key + " = " + file + " (expected: a readable PEM certificate chain): "
                    + e, e);
        }
    }

    /**
     * The name in one raftwire SAN URI, taken as written (raw authority and path: nothing decoded). Only printable
     * ASCII is taken (ids are ASCII, see {@code raftwire.node.id}), so a name is safe to log as it is.
     */
    private static CertificateName parse(String text) {
        boolean printableAscii = text.chars().allMatch(c -> c > 0x20 && c < 0x7f);
        try {
            URI uri = new URI(text);
            String cluster = uri.getRawAuthority();
            String path = uri.getRawPath();
            if (printableAscii && cluster != null && !cluster.isEmpty() && uri.getRawUserInfo() == null && uri.getPort() < 0
                    && cluster.indexOf(':') < 0 && uri.getRawQuery() == null && uri.getRawFragment() == null
                    && path != null && path.startsWith("/")) {
                String[] segments = path.substring(1).split("/", -1);
                CertificateName name = name(cluster, segments);
                if (name != null) {
                    return name;
                }
            }
        } catch (URISyntaxException e) {
            // reported below
        }
        throw new IllegalArgumentException("certificate SAN URI = " + PeerText.escape(text) + " (expected: "
                + FORMS + ")");
    }

    private static CertificateName name(String cluster, String[] segments) {
        for (String s : segments) {
            if (s.isEmpty()) {
                return null;
            }
        }
        if (segments.length == 1) {
            return new CertificateName(cluster, Caller.Role.MEMBER, segments[0]);
        }
        if (segments.length == 2 && segments[0].equals("client")) {
            return new CertificateName(cluster, Caller.Role.CLIENT, segments[1]);
        }
        if (segments.length == 2 && segments[0].equals("admin")) {
            return new CertificateName(cluster, Caller.Role.ADMIN, segments[1]);
        }
        return null;
    }

    @Override
    public String toString() {
        return uri();
    }
}
