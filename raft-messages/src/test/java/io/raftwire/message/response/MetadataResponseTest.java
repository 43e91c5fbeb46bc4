package io.raftwire.message.response;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.value.SessionMetadata;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The only set-typed component: its iteration order must be the caller's, so that encoding is deterministic. */
class MetadataResponseTest {

    @Test
    void shouldIterateSessionsInTheOrderTheyWereGiven() {
        Set<SessionMetadata> sessions = new LinkedHashSet<>();
        for (long id : new long[] {42, 7, 99, 1, 64, 13, 0, 1000, 5, 77, 3, 512}) {
            sessions.add(new SessionMetadata(id, "service-" + id, "map"));
        }
        MetadataResponse response = new MetadataResponse(Status.OK, null, sessions);
        assertEquals(new ArrayList<>(sessions), new ArrayList<>(response.sessions()));
        MetadataResponse rebuilt = new MetadataResponse(Status.OK, null, response.sessions());
        assertEquals(new ArrayList<>(sessions), new ArrayList<>(rebuilt.sessions()));
    }

    @Test
    void shouldEqualAResponseWithTheSameSessionsInAnotherOrder() {
        SessionMetadata a = new SessionMetadata(1, "a", "map");
        SessionMetadata b = new SessionMetadata(2, "b", "map");
        MetadataResponse ab = new MetadataResponse(Status.OK, null, new LinkedHashSet<>(List.of(a, b)));
        MetadataResponse ba = new MetadataResponse(Status.OK, null, new LinkedHashSet<>(List.of(b, a)));
        assertEquals(ab, ba);
        assertEquals(ab.hashCode(), ba.hashCode());
    }
}
