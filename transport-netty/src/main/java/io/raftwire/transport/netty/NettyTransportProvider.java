package io.raftwire.transport.netty;

import io.raftwire.config.RaftwireConfig;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportFactory;

/**
 * The Netty transport as the API's {@link TransportFactory}, registered in
 * {@code META-INF/services/io.raftwire.transport.TransportFactory}: what {@link TransportFactory#installed()} finds
 * when this module is on the class path. Delegates to {@link NettyTransportFactory}. Stateless and thread-safe.
 */
public final class NettyTransportProvider implements TransportFactory {

    /** Called by {@link java.util.ServiceLoader}. */
    public NettyTransportProvider() {
    }

    /** {@code netty}. */
    @Override
    public String name() {
        return "netty";
    }

    /** A {@link NettyTransport}; see {@link NettyTransportFactory#create(RaftwireConfig, TypeRegistry)}. */
    @Override
    public Transport create(RaftwireConfig config, TypeRegistry registry) {
        return NettyTransportFactory.create(config, registry);
    }

    /** Builds the {@link TransportSettings} and drops them; see {@link NettyTransportFactory#settings}. */
    @Override
    public void check(RaftwireConfig config) {
        NettyTransportFactory.settings(config);
    }
}
