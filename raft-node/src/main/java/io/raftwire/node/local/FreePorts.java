package io.raftwire.node.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Picks loopback ports that were free a moment ago, for clusters whose members must know each other's addresses
 * before they bind. Another process may take a port in between; callers that bind fail with the transport's
 * {@code UNREACHABLE} reason then and may retry with new ports. Stateless.
 */
public final class FreePorts {

    private FreePorts() {
    }

    /**
     * {@code count} distinct ports on 127.0.0.1, each bound and released once.
     *
     * @throws UncheckedIOException if the operating system gives none
     */
    public static List<Integer> pick(int count) {
        List<ServerSocket> held = new ArrayList<>(count);
        try {
            List<Integer> ports = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                held.add(s);
                ports.add(s.getLocalPort());
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port (expected: the OS to assign one)", e);
        } finally {
            for (ServerSocket s : held) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // released anyway when the process exits
                }
            }
        }
    }
}
