package io.raftwire.transport.netty;

import io.netty.channel.epoll.Epoll;
import io.raftwire.config.SocketImplementation;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code raftwire.transport.native}: NIO always, epoll when Netty's native library is there. */
class SocketSupportTest {

    @Test
    void shouldAlwaysProvideNio() {
        assertEquals("nio", SocketSupport.select(SocketImplementation.NIO).name());
    }

    @Test
    void shouldUseEpollOnlyWhenAvailable() {
        if (Epoll.isAvailable()) {
            assertEquals("epoll", SocketSupport.select(SocketImplementation.AUTO).name());
            assertEquals("epoll", SocketSupport.select(SocketImplementation.EPOLL).name());
        } else {
            assertEquals("nio", SocketSupport.select(SocketImplementation.AUTO).name());
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> SocketSupport.select(SocketImplementation.EPOLL));
            assertTrue(e.getMessage().startsWith("raftwire.transport.native = epoll but epoll is not available: "),
                    e.getMessage());
            assertTrue(e.getMessage().endsWith("(expected: netty-transport-native-epoll for this platform on the class"
                    + " path, or nio or auto)"), e.getMessage());
        }
    }
}
