package io.raftwire.transport.netty;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.TlsProvider;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@code raftwire.tls.*} keys as typed values: mutual TLS between members, or plaintext. With TLS, every
 * connection in both directions is authenticated by a certificate issued by a CA in {@link #trustFile()}, and a
 * member's id is the one its certificate names (a SAN URI {@code raftwire://<cluster id>/<member id>}, see
 * {@link io.raftwire.transport.CertificateName}; client and admin certificates have forms of their own). Immutable.
 *
 * @param enabled         {@code raftwire.tls.enabled}
 * @param certificateFile {@code raftwire.tls.certificate-file}: PEM certificate chain, this node's first; {@code null}
 *                        when not set
 * @param privateKeyFile  {@code raftwire.tls.private-key-file}: PEM, unencrypted PKCS#8; {@code null} when not set
 * @param trustFile       {@code raftwire.tls.trust-file}: PEM CA certificates; {@code null} when not set
 * @param provider        {@code raftwire.tls.provider}
 */
public record TlsSettings(boolean enabled, Path certificateFile, Path privateKeyFile, Path trustFile,
        TlsProvider provider) {

    /** Checks for a null provider. */
    public TlsSettings {
        Objects.requireNonNull(provider, "provider");
    }

    /** Plaintext: no TLS, member ids unauthenticated. For loopback demos and tests only. */
    public static TlsSettings plaintext() {
        return new TlsSettings(false, null, null, null, ConfigKeys.TLS_PROVIDER.defaultValue());
    }

    /** Mutual TLS with these PEM files and the default provider. */
    public static TlsSettings of(Path certificateFile, Path privateKeyFile, Path trustFile) {
        return new TlsSettings(true, certificateFile, privateKeyFile, trustFile,
                ConfigKeys.TLS_PROVIDER.defaultValue());
    }

    /** The defaults of the configuration keys: TLS on, no files (so a transport cannot be built from them). */
    static TlsSettings defaults() {
        return new TlsSettings(ConfigKeys.TLS_ENABLED.defaultValue(), null, null, null,
                ConfigKeys.TLS_PROVIDER.defaultValue());
    }

    /** Another provider. */
    public TlsSettings withProvider(TlsProvider p) {
        return new TlsSettings(enabled, certificateFile, privateKeyFile, trustFile, p);
    }

    /** What is missing for TLS, one {@code key = value (expected: ...)} each; empty for plaintext. */
    List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (enabled) {
            missing(problems, ConfigKeys.TLS_CERTIFICATE_FILE.name(), certificateFile);
            missing(problems, ConfigKeys.TLS_PRIVATE_KEY_FILE.name(), privateKeyFile);
            missing(problems, ConfigKeys.TLS_TRUST_FILE.name(), trustFile);
        }
        return problems;
    }

    private static void missing(List<String> problems, String key, Path file) {
        if (file == null) {
            problems.add(key + " = \"\" (expected: a PEM file, because " + ConfigKeys.TLS_ENABLED.name()
                    + " = true; or " + ConfigKeys.TLS_ENABLED.name() + " = false for plaintext on loopback)");
        }
    }
}
