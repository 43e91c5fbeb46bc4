/**
 * The raftwire transport API, free of Netty types: {@link io.raftwire.transport.Transport} (requests with a
 * {@link java.util.concurrent.CompletableFuture} of the response, one-way sends, a handler per request type,
 * lifecycle, peer reachability), its handler interfaces, {@link io.raftwire.transport.TransportException}, the
 * {@link io.raftwire.transport.TransportStats metrics snapshot}, {@link io.raftwire.transport.FreePorts} for
 * loopback clusters whose members must know each other's ports before they bind, and what code written against the
 * API needs besides: {@link io.raftwire.transport.TransportFactory} (the implementation on the class path, found with
 * {@link java.util.ServiceLoader}), {@link io.raftwire.transport.SerializerConfig} (the serializer part of a
 * configuration), {@link io.raftwire.transport.PeerText} (the escaping of text a peer sent), and who a request comes
 * from: {@link io.raftwire.transport.Caller} (id and role, given to a
 * {@link io.raftwire.transport.CallerRequestHandler}) and {@link io.raftwire.transport.CertificateName} (the member,
 * client or admin a certificate names, read with the JDK's certificate classes only).
 *
 * <p>Module transport-api. Depends on the JDK, slf4j-api, the {@code config} module and the serializer SPI
 * ({@code TypeRegistry}, {@code SerializerOptions}, {@code PoolStats}); no Netty type appears in it
 * ({@code ArchitectureRulesTest}). The implementation is {@code io.raftwire.transport.netty} in transport-netty.
 */
package io.raftwire.transport;
