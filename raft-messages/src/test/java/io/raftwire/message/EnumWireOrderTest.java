package io.raftwire.message;

import io.raftwire.message.value.OperationType;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.RaftMember;
import io.raftwire.message.value.ReadConsistency;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Enums travel by ordinal inside their owner, so constant order is a wire contract like the ids of
 * {@link MessageType}: append new constants; never reorder or remove one.
 */
class EnumWireOrderTest {

    @Test
    void shouldKeepThePinnedConstantOrder() {
        assertOrder("SEQUENTIAL LINEARIZABLE_LEASE LINEARIZABLE", ReadConsistency.values());
        assertOrder("COMMAND QUERY", OperationType.values());
        assertOrder("INACTIVE PASSIVE PROMOTABLE ACTIVE", RaftMember.Type.values());
        assertOrder("OK ERROR", RaftResponse.Status.values());
        assertOrder("NO_LEADER QUERY_FAILURE COMMAND_FAILURE APPLICATION_ERROR ILLEGAL_MEMBER_STATE UNKNOWN_CLIENT "
                + "UNKNOWN_SESSION UNKNOWN_SERVICE CLOSED_SESSION PROTOCOL_ERROR CONFIGURATION_ERROR UNAVAILABLE",
                RaftError.Type.values());
    }

    @Test
    void shouldGiveEveryErrorTypeItsOwnAnonymousClass() {
        for (RaftError.Type type : RaftError.Type.values()) {
            assertNotEquals(RaftError.Type.class, type.getClass(), type + " has a body");
            assertEquals(RaftError.Type.class, type.getDeclaringClass());
        }
    }

    @Test
    void shouldCallOnlyTransientConditionsRetriable() {
        Set<RaftError.Type> retriable = Arrays.stream(RaftError.Type.values()).filter(RaftError.Type::retriable)
                .collect(Collectors.toSet());
        assertEquals(Set.of(RaftError.Type.NO_LEADER, RaftError.Type.ILLEGAL_MEMBER_STATE,
                RaftError.Type.CONFIGURATION_ERROR, RaftError.Type.UNAVAILABLE), retriable);
    }

    private static void assertOrder(String expected, Enum<?>[] constants) {
        assertEquals(expected, Arrays.stream(constants).map(Enum::name).collect(Collectors.joining(" ")));
    }
}
