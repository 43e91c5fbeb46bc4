package io.raftwire.transport.netty.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.raftwire.config.HostPort;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The proxy's half-open mode: once blackholed, a side that closes is not told to the other. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TcpProxyTest {

    @Test
    void aBlackholePassesNoCloseFromTheUpstreamToTheClient() throws Exception {
        try (ServerSocket upstream = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                TcpProxy proxy = new TcpProxy(new HostPort("127.0.0.1", upstream.getLocalPort()), 0);
                Socket client = new Socket(proxy.address().host(), proxy.address().port())) {
            Socket accepted = upstream.accept();
            accepted.getOutputStream().write(7);
            InputStream in = client.getInputStream();
            assertEquals(7, in.read(), "forwarded before the blackhole");
            proxy.blackhole();
            accepted.close();
            client.setSoTimeout(1500);
            // the upstream's FIN must not arrive: the read times out instead of returning -1 (end of stream)
            assertThrows(SocketTimeoutException.class, in::read,
                    "the client saw the upstream's close through a blackhole");
        }
    }
}
