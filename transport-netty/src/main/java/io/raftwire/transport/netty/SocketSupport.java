package io.raftwire.transport.netty;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.raftwire.config.SocketImplementation;

/**
 * The socket implementation chosen by {@code raftwire.transport.native}: NIO always works; epoll needs Netty's native
 * epoll jar for the platform on the class path ({@code netty-transport-native-epoll}, classifier
 * {@code linux-x86_64} or {@code linux-aarch_64}).
 *
 * @param name          {@code nio} or {@code epoll}, for logs
 * @param ioHandler     the event-loop I/O handler factory
 * @param socket        the client channel class
 * @param serverSocket  the server channel class
 */
record SocketSupport(String name, IoHandlerFactory ioHandler, Class<? extends SocketChannel> socket,
        Class<? extends ServerSocketChannel> serverSocket) {

    static SocketSupport nio() {
        return new SocketSupport("nio", NioIoHandler.newFactory(), NioSocketChannel.class,
                NioServerSocketChannel.class);
    }

    /**
     * Selects the implementation.
     *
     * @throws IllegalStateException if epoll is required but not available, saying why
     */
    static SocketSupport select(SocketImplementation wanted) {
        if (wanted == SocketImplementation.NIO) {
            return nio();
        }
        String unavailable = EpollProbe.unavailability();
        if (unavailable == null) {
            return EpollProbe.epoll();
        }
        if (wanted == SocketImplementation.AUTO) {
            return nio();
        }
        throw new IllegalStateException("raftwire.transport.native = epoll but epoll is not available: " + unavailable
                + " (expected: netty-transport-native-epoll for this platform on the class path, or nio or auto)");
    }

    /** Isolates the optional epoll classes: they are only loaded when epoll is asked for. */
    private static final class EpollProbe {
        private EpollProbe() {
        }

        static String unavailability() {
            try {
                return io.netty.channel.epoll.Epoll.isAvailable() ? null
                        : String.valueOf(io.netty.channel.epoll.Epoll.unavailabilityCause());
            } catch (LinkageError e) {
                return "netty-transport-classes-epoll is not on the class path (" + e + ")";
            }
        }

        static SocketSupport epoll() {
            return new SocketSupport("epoll", io.netty.channel.epoll.EpollIoHandler.newFactory(),
                    io.netty.channel.epoll.EpollSocketChannel.class,
                    io.netty.channel.epoll.EpollServerSocketChannel.class);
        }
    }
}
