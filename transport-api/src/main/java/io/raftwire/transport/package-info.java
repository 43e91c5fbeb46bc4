/**
 * The raftwire transport API, free of Netty types: {@link io.raftwire.transport.Transport} (requests with a
 * {@link java.util.concurrent.CompletableFuture} of the response, one-way sends, a handler per request type,
 * lifecycle, peer reachability), its handler interfaces, {@link io.raftwire.transport.TransportException}, the
 * {@link io.raftwire.transport.TransportStats metrics snapshot}, and {@link io.raftwire.transport.FreePorts} for
 * loopback clusters whose members must know each other's ports before they bind.
 *
 * <p>Depends on the JDK and the {@code config} module's address types only. The implementation is in
 * {@code io.raftwire.transport.netty}.
 */
package io.raftwire.transport;
