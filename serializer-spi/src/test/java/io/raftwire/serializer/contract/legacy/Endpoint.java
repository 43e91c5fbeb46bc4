package io.raftwire.serializer.contract.legacy;

import java.util.concurrent.atomic.AtomicInteger;

/** A host and port whose constructor parses and has a side effect (it counts instances), so it must not run on decode. */
public final class Endpoint {

    /** Instances built through the constructor. */
    public static final AtomicInteger CONSTRUCTED = new AtomicInteger();

    private final String host;
    private final int port;

    public Endpoint(String hostAndPort) {
        int colon = hostAndPort.lastIndexOf(':');
        this.host = hostAndPort.substring(0, colon);
        this.port = Integer.parseInt(hostAndPort.substring(colon + 1));
        CONSTRUCTED.incrementAndGet();
    }

    @Override
    public boolean equals(Object o) {
        return LegacyState.equal(this, o);
    }

    @Override
    public int hashCode() {
        return LegacyState.hash(this);
    }

    @Override
    public String toString() {
        return LegacyState.describe(this);
    }
}
