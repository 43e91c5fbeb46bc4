package io.raftwire.node.server;

import io.microraft.QueryPolicy;
import io.raftwire.message.value.ReadConsistency;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A lease read uses the engine's lease only while raftwire's failure detector is off ({@code leaseReads}); with it on
 * it is a linearizable read (integration-tests {@code LeaseReadIT} shows the stale read this prevents).
 */
@Timeout(10)
class ClientServiceTest {

    @Test
    void aLeaseReadIsALinearizableReadUnlessTheDetectorIsOff() {
        assertEquals(QueryPolicy.LINEARIZABLE, ClientService.policyOf(ReadConsistency.LINEARIZABLE_LEASE, false));
        assertEquals(QueryPolicy.LEADER_LEASE, ClientService.policyOf(ReadConsistency.LINEARIZABLE_LEASE, true));
    }
}
