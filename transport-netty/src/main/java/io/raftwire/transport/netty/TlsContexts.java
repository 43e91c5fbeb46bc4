package io.raftwire.transport.netty;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.TlsProvider;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The two TLS contexts of a transport, built once from {@link TlsSettings}: the server side requires a client
 * certificate ({@link ClientAuth#REQUIRE}), both sides trust only the CAs of {@code raftwire.tls.trust-file}, speak
 * TLS 1.3 only, and do no host-name verification: a peer is identified by the member its certificate names
 * ({@link MemberCertificate}), checked at the raftwire handshake against the member id it claims and the one this
 * node expects. At construction this node's own certificate must name this node's member id and cluster.
 *
 * <p>Immutable and thread-safe.
 */
final class TlsContexts {

    private static final String[] PROTOCOLS = {"TLSv1.3"};

    private final SslContext server;
    private final SslContext client;
    private final int handshakeTimeoutMs;

    /**
     * @throws IllegalArgumentException naming the key and file that cannot be used, and why
     */
    TlsContexts(TlsSettings tls, String clusterId, String nodeId, int handshakeTimeoutMs) {
        SslProvider provider = provider(tls.provider());
        X509Certificate own = firstCertificate(tls.certificateFile());
        MemberCertificate named;
        try {
            named = MemberCertificate.of(own);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(ConfigKeys.TLS_CERTIFICATE_FILE.name() + " = "
                    + tls.certificateFile() + ": " + e.getMessage(), e);
        }
        if (!named.clusterId().equals(clusterId) || !named.memberId().equals(nodeId)) {
            throw new IllegalArgumentException(ConfigKeys.TLS_CERTIFICATE_FILE.name() + " = " + tls.certificateFile()
                    + " names " + named + " (expected: " + MemberCertificate.uri(clusterId, nodeId)
                    + ", this node's cluster id and member id)");
        }
        try {
            this.server = SslContextBuilder.forServer(tls.certificateFile().toFile(), tls.privateKeyFile().toFile())
                    .trustManager(tls.trustFile().toFile())
                    .clientAuth(ClientAuth.REQUIRE)
                    .sslProvider(provider)
                    .protocols(PROTOCOLS)
                    .build();
            this.client = SslContextBuilder.forClient()
                    .keyManager(tls.certificateFile().toFile(), tls.privateKeyFile().toFile())
                    .trustManager(tls.trustFile().toFile())
                    .endpointIdentificationAlgorithm(null)
                    .sslProvider(provider)
                    .protocols(PROTOCOLS)
                    .build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("raftwire.tls.* files cannot be used (" + ConfigKeys
                    .TLS_CERTIFICATE_FILE.name() + " = " + tls.certificateFile() + ", "
                    + ConfigKeys.TLS_PRIVATE_KEY_FILE.name() + " = " + tls.privateKeyFile() + ", "
                    + ConfigKeys.TLS_TRUST_FILE.name() + " = " + tls.trustFile() + "; expected: a PEM chain, its"
                    + " unencrypted PKCS#8 key and PEM CA certificates): " + e.getMessage(), e);
        }
        KeyPairCheck.requireMatch(own, tls.certificateFile(), tls.privateKeyFile());
        this.handshakeTimeoutMs = handshakeTimeoutMs;
    }

    /** The TLS handler of a connection this node accepted; it times out after handshake-timeout-ms. */
    SslHandler newServerHandler(ByteBufAllocator alloc) {
        return withTimeout(server.newHandler(alloc));
    }

    /**
     * The TLS handler of a connection this node accepted, running the TLS engine's handshake work (with the JDK
     * provider: the key exchange, signature and certificate checks) on {@code handshakeWork} instead of the
     * channel's event loop; it times out after handshake-timeout-ms.
     */
    SslHandler newServerHandler(ByteBufAllocator alloc, Executor handshakeWork) {
        return withTimeout(server.newHandler(alloc, handshakeWork));
    }

    /** The TLS handler of a connection this node opens. */
    SslHandler newClientHandler(ByteBufAllocator alloc) {
        return withTimeout(client.newHandler(alloc));
    }

    private SslHandler withTimeout(SslHandler h) {
        h.setHandshakeTimeout(handshakeTimeoutMs, TimeUnit.MILLISECONDS);
        return h;
    }

    /**
     * The member the peer's certificate names, once TLS is established on {@code channel}; {@code null} for a
     * plaintext channel.
     *
     * @throws IllegalArgumentException if the peer presented no certificate or it names no member
     */
    static MemberCertificate peerOf(Channel channel) {
        SslHandler ssl = channel.pipeline().get(SslHandler.class);
        if (ssl == null) {
            return null;
        }
        Certificate[] chain;
        try {
            chain = ssl.engine().getSession().getPeerCertificates();
        } catch (SSLPeerUnverifiedException e) {
            throw new IllegalArgumentException("no verified peer certificate (expected: one issued by a CA in "
                    + ConfigKeys.TLS_TRUST_FILE.name() + ")", e);
        }
        if (chain.length == 0 || !(chain[0] instanceof X509Certificate x509)) {
            throw new IllegalArgumentException("no X.509 peer certificate (expected: one issued by a CA in "
                    + ConfigKeys.TLS_TRUST_FILE.name() + ")");
        }
        return MemberCertificate.of(x509);
    }

    private static SslProvider provider(TlsProvider p) {
        if (p == TlsProvider.JDK) {
            return SslProvider.JDK;
        }
        if (!OpenSsl.isAvailable()) {
            throw new IllegalArgumentException(ConfigKeys.TLS_PROVIDER.name() + " = openssl, but OpenSSL is not"
                    + " available (expected: netty-tcnative for this platform on the class path, or jdk): "
                    + OpenSsl.unavailabilityCause());
        }
        return SslProvider.OPENSSL;
    }

    private static X509Certificate firstCertificate(Path file) {
        try {
            byte[] pem = Files.readAllBytes(file);
            Certificate c = CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(pem));
            if (c instanceof X509Certificate x509) {
                return x509;
            }
            throw new CertificateException("not an X.509 certificate");
        } catch (IOException | CertificateException e) {
            throw new IllegalArgumentException(ConfigKeys.TLS_CERTIFICATE_FILE.name() + " = " + file
                    + " (expected: a readable PEM certificate chain): " + e, e);
        }
    }
}
