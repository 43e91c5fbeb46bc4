package io.raftwire.config;

/**
 * Which socket implementation the transport uses ({@link ConfigKeys#TRANSPORT_NATIVE}); written in lower case in
 * configuration ({@code nio}, {@code epoll}, {@code auto}).
 */
public enum SocketImplementation {
    /** Java NIO sockets: available everywhere. */
    NIO,
    /** Linux epoll through Netty's native transport; start-up fails when it is not available. */
    EPOLL,
    /** Epoll when Netty reports it available, otherwise NIO. */
    AUTO
}
