package io.raftwire.config;

/**
 * Which TLS implementation secures the transport ({@link ConfigKeys#TLS_PROVIDER}); written in lower case in
 * configuration ({@code jdk}, {@code openssl}).
 */
public enum TlsProvider {
    /** The JDK's own {@code SSLEngine}: available everywhere, no native code. */
    JDK,
    /**
     * OpenSSL/BoringSSL through Netty's {@code netty-tcnative}; the application adds the tcnative jar for its platform,
     * and start-up fails when Netty reports OpenSSL unavailable.
     */
    OPENSSL
}
