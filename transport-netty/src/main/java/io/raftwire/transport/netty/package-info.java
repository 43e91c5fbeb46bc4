/**
 * The Netty implementation of {@link io.raftwire.transport.Transport}: {@link
 * io.raftwire.transport.netty.NettyTransport}, built from configuration by {@link
 * io.raftwire.transport.netty.NettyTransportFactory}, with its {@link io.raftwire.transport.netty.TransportSettings}.
 * Everything else here (lanes, connections, pipeline handlers) is package-private; the wire format is in the
 * {@code codec} sub-package.
 *
 * <p>Depends on the serializer SPI (never on a provider: providers are found by name through ServiceLoader), the
 * {@code config} module, slf4j and Netty's transport, handler and codec-base modules.
 */
package io.raftwire.transport.netty;
