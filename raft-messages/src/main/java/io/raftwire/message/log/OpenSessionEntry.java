package io.raftwire.message.log;

import io.raftwire.message.Checks;
import io.raftwire.message.ToStrings;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.ReadConsistency;

import java.util.Arrays;
import java.util.Objects;

/**
 * Opens a client session bound to a service. Invariants: service name and type are not empty;
 * {@code 0 <= minTimeout <= maxTimeout}. Immutable and thread-safe (the config is copied in and out).
 */
public final class OpenSessionEntry extends TimestampedEntry {

    private final MemberId memberId;
    private final String serviceName;
    private final String serviceType;
    private final byte[] serviceConfig;
    private final ReadConsistency readConsistency;
    private final long minTimeout;
    private final long maxTimeout;

    /**
     * @param term the leader's term; {@code >= 0}
     * @param timestamp the leader's wall clock, in milliseconds since the epoch; {@code >= 0}
     * @param memberId the client node that opens the session
     * @param serviceName the service to bind to; not empty
     * @param serviceType the type of that service; not empty
     * @param serviceConfig the service's serialized configuration; may be empty; copied
     * @param readConsistency how the session's queries are served
     * @param minTimeout the shortest session timeout the client accepts, in milliseconds; {@code >= 0}
     * @param maxTimeout the longest session timeout the client accepts, in milliseconds; {@code >= minTimeout}
     * @throws NullPointerException if a reference argument is null
     * @throws IllegalArgumentException if a value is negative, a string is empty or {@code minTimeout > maxTimeout}
     */
    public OpenSessionEntry(long term, long timestamp, MemberId memberId, String serviceName, String serviceType,
            byte[] serviceConfig, ReadConsistency readConsistency, long minTimeout, long maxTimeout) {
        super(term, timestamp);
        this.memberId = Checks.notNull(memberId, "memberId");
        this.serviceName = Checks.notEmpty(serviceName, "serviceName");
        this.serviceType = Checks.notEmpty(serviceType, "serviceType");
        this.serviceConfig = Checks.copy(serviceConfig, "serviceConfig");
        this.readConsistency = Checks.notNull(readConsistency, "readConsistency");
        this.minTimeout = Checks.nonNegative(minTimeout, "minTimeout");
        this.maxTimeout = Checks.atLeast(maxTimeout, "maxTimeout", minTimeout, "minTimeout");
    }

    /** The client node that opens the session. */
    public MemberId memberId() {
        return memberId;
    }

    /** The service to bind to. */
    public String serviceName() {
        return serviceName;
    }

    /** The type of the service. */
    public String serviceType() {
        return serviceType;
    }

    /** A copy of the service's serialized configuration; may be empty. */
    public byte[] serviceConfig() {
        return serviceConfig.clone();
    }

    /** How the session's queries are served. */
    public ReadConsistency readConsistency() {
        return readConsistency;
    }

    /** The shortest session timeout the client accepts, in milliseconds. */
    public long minTimeout() {
        return minTimeout;
    }

    /** The longest session timeout the client accepts, in milliseconds. */
    public long maxTimeout() {
        return maxTimeout;
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        OpenSessionEntry that = (OpenSessionEntry) o;
        return memberId.equals(that.memberId) && serviceName.equals(that.serviceName)
                && serviceType.equals(that.serviceType) && Arrays.equals(serviceConfig, that.serviceConfig)
                && readConsistency == that.readConsistency && minTimeout == that.minTimeout
                && maxTimeout == that.maxTimeout;
    }

    @Override
    public int hashCode() {
        int result = 31 * super.hashCode() + Arrays.hashCode(serviceConfig);
        return 31 * result + Objects.hash(memberId, serviceName, serviceType, readConsistency, minTimeout, maxTimeout);
    }

    @Override
    public String toString() {
        return "OpenSessionEntry[term=" + term() + ", timestamp=" + timestamp() + ", memberId=" + memberId
                + ", serviceName=" + serviceName + ", serviceType=" + serviceType
                + ", serviceConfig=" + ToStrings.of(serviceConfig) + ", readConsistency=" + readConsistency
                + ", minTimeout=" + minTimeout + ", maxTimeout=" + maxTimeout + "]";
    }
}
