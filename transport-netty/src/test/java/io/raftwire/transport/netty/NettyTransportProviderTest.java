package io.raftwire.transport.netty;

import io.raftwire.config.RaftwireConfig;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportFactory;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Code written against the transport API finds this module's transport through {@link TransportFactory}. */
class NettyTransportProviderTest {

    @Test
    void shouldBeTheInstalledTransportFactory() {
        TransportFactory factory = TransportFactory.installed();
        assertInstanceOf(NettyTransportProvider.class, factory, "registered in META-INF/services");
        assertEquals("netty", factory.name());
    }

    @Test
    void shouldCreateAnUnstartedNettyTransport() {
        RaftwireConfig config = RaftwireConfig.of(Map.of("raftwire.node.address", "127.0.0.1:0",
                "raftwire.tls.enabled", "false"));
        try (Transport t = TransportFactory.installed().create(config, TypeRegistry.catalog())) {
            assertInstanceOf(NettyTransport.class, t);
            assertEquals("127.0.0.1:0", String.valueOf(t.localAddress()), "not bound yet: no socket opened");
        }
    }

    @Test
    void shouldRefuseWhatTheSettingsRefuseWithTheSameMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TransportFactory.installed().check(RaftwireConfig.defaults()));
        assertTrue(e.getMessage().startsWith("invalid transport settings: raftwire.tls.certificate-file = \"\""
                + " (expected: a PEM file, because raftwire.tls.enabled = true;"), e.getMessage());
        assertEquals(assertThrows(IllegalArgumentException.class,
                () -> NettyTransportFactory.settings(RaftwireConfig.defaults())).getMessage(), e.getMessage());
    }
}
