package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.ToStrings;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.ReadConsistency;

import java.util.Arrays;
import java.util.Objects;

/**
 * A client opens a session bound to a service. Invariants: name and type name are not empty;
 * {@code 0 <= minTimeout <= maxTimeout}. Answered by {@link io.raftwire.message.response.OpenSessionResponse}.
 * Immutable and thread-safe (the config is copied in and out).
 *
 * @param node the client node that opens the session
 * @param name the service to bind to; not empty
 * @param typeName the type of that service; not empty
 * @param config the service's serialized configuration; may be empty; copied
 * @param readConsistency how the session's queries are served
 * @param minTimeout the shortest session timeout the client accepts, in milliseconds; {@code >= 0}
 * @param maxTimeout the longest session timeout the client accepts, in milliseconds; {@code >= minTimeout}
 */
public record OpenSessionRequest(MemberId node, String name, String typeName, byte[] config,
        ReadConsistency readConsistency, long minTimeout, long maxTimeout) implements RaftRequest {

    /**
     * Checks the invariants, and copies the arrays and lists, as documented on the components.
     *
     * @throws NullPointerException if a reference argument is null
     * @throws IllegalArgumentException if a value is negative, a string is empty or {@code minTimeout > maxTimeout}
     */
    public OpenSessionRequest {
        node = Checks.notNull(node, "node");
        name = Checks.notEmpty(name, "name");
        typeName = Checks.notEmpty(typeName, "typeName");
        config = Checks.copy(config, "config");
        readConsistency = Checks.notNull(readConsistency, "readConsistency");
        minTimeout = Checks.nonNegative(minTimeout, "minTimeout");
        maxTimeout = Checks.atLeast(maxTimeout, "maxTimeout", minTimeout, "minTimeout");
    }

    /** A copy of the service's serialized configuration; may be empty. */
    public byte[] config() {
        return config.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof OpenSessionRequest)) {
            return false;
        }
        OpenSessionRequest that = (OpenSessionRequest) o;
        return node.equals(that.node) && name.equals(that.name) && typeName.equals(that.typeName)
                && Arrays.equals(config, that.config) && readConsistency == that.readConsistency
                && minTimeout == that.minTimeout && maxTimeout == that.maxTimeout;
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hash(node, name, typeName, readConsistency, minTimeout, maxTimeout)
                + Arrays.hashCode(config);
    }

    @Override
    public String toString() {
        return "OpenSessionRequest[node=" + node + ", name=" + name + ", typeName=" + typeName
                + ", config=" + ToStrings.of(config) + ", readConsistency=" + readConsistency
                + ", minTimeout=" + minTimeout + ", maxTimeout=" + maxTimeout + "]";
    }
}
