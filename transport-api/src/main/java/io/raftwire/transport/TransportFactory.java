package io.raftwire.transport;

import io.raftwire.config.RaftwireConfig;
import io.raftwire.serializer.TypeRegistry;

/**
 * Creates {@link Transport}s from a configuration: the seam between code written against this API (the Raft node, the
 * client library) and an implementation. An implementation registers itself in
 * {@code META-INF/services/io.raftwire.transport.TransportFactory} (transport-netty does) and is found with
 * {@link java.util.ServiceLoader} by {@link #installed()}, so code using this API compiles without the implementation.
 *
 * <p>Implementations are stateless and thread-safe, and have a public no-argument constructor.
 */
public interface TransportFactory {

    /**
     * The one implementation on the class path.
     *
     * @throws IllegalStateException if there is none, or more than one (the message names those found)
     */
    static TransportFactory installed() {
        return InstalledTransport.factory();
    }

    /** A short name of the implementation, for messages; for example {@code netty}. */
    String name();

    /**
     * A transport for the given types (the catalog plus the application's), configured by {@code config}'s
     * {@code raftwire.cluster.id}, {@code raftwire.node.*}, {@code raftwire.peers}, {@code raftwire.serializer.*},
     * {@code raftwire.transport.*} and {@code raftwire.tls.*} keys. Not started: no socket is opened.
     *
     * @throws IllegalArgumentException                      if {@link #check} would refuse the configuration
     * @throws io.raftwire.serializer.SerializationException if a configured serializer is not on the class path (the
     *                                                       message lists those that are)
     */
    Transport create(RaftwireConfig config, TypeRegistry registry);

    /**
     * Checks the settings {@link #create} would refuse (TLS enabled without its files, say) without creating anything,
     * so that a caller can refuse a configuration before it touches the disk.
     *
     * @throws IllegalArgumentException listing every problem
     */
    void check(RaftwireConfig config);
}
