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
import io.raftwire.transport.CertificateName;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The two TLS contexts of a transport, built once from {@link TlsSettings}: the server side requires a client
 * certificate ({@link ClientAuth#REQUIRE}), both sides trust only the CAs of {@code raftwire.tls.trust-file}, speak
 * TLS 1.3 only, and do no host-name verification: a peer is identified by the member its certificate names
 * ({@link CertificateName}), checked at the raftwire handshake against the member id it claims and the one this
 * node expects. At construction this node's own certificate must name this node's id and cluster, in any role (a
 * client's transport carries a client or admin certificate).
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
        X509Certificate own = CertificateName.firstCertificate(ConfigKeys.TLS_CERTIFICATE_FILE.name(),
                tls.certificateFile());
        CertificateName named;
        try {
            named = CertificateName.of(own);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(ConfigKeys.TLS_CERTIFICATE_FILE.name() + " = "
                    + tls.certificateFile() + ": " + e.getMessage(), e);
        }
        // any role: a member's transports carry its member certificate, a client's its client or admin certificate
        if (!named.clusterId().equals(clusterId) || !named.id().equals(nodeId)) {
            throw new IllegalArgumentException(ConfigKeys.TLS_CERTIFICATE_FILE.name() + " = " + tls.certificateFile()
                    + " names " + named + " (expected: " + CertificateName.uri(clusterId, named.role(), nodeId)
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
     * Who the peer's certificate names, once TLS is established on {@code channel}; {@code null} for a
     * plaintext channel.
     *
     * @throws IllegalArgumentException if the peer presented no certificate or it names nobody
     */
    static CertificateName peerOf(Channel channel) {
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
        return CertificateName.of(x509);
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
}
