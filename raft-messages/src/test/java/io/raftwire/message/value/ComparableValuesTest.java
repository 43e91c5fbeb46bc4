package io.raftwire.message.value;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Set elements of the catalog are {@link Comparable} so that hash sets degrade to trees, not lists, under colliding
 * hash codes; that is only sound if the order is consistent with equals.
 */
class ComparableValuesTest {

    @Test
    void sessionMetadataOrderIsConsistentWithEquals() {
        List<SessionMetadata> values = new ArrayList<>();
        for (long id : new long[] {0, 1, Long.MAX_VALUE}) {
            for (String name : List.of("a", "b")) {
                for (String type : List.of("x", "y")) {
                    values.add(new SessionMetadata(id, name, type));
                }
            }
        }
        for (SessionMetadata a : values) {
            for (SessionMetadata b : values) {
                assertEquals(a.equals(b), a.compareTo(b) == 0, a + " vs " + b);
                assertEquals(Integer.signum(a.compareTo(b)), -Integer.signum(b.compareTo(a)), a + " vs " + b);
            }
        }
    }

    @Test
    void memberIdOrderIsConsistentWithEquals() {
        List<MemberId> values = List.of(new MemberId("a"), new MemberId("b"), new MemberId("\uD83D\uDE80"));
        for (MemberId a : values) {
            for (MemberId b : values) {
                assertEquals(a.equals(b), a.compareTo(b) == 0, a + " vs " + b);
                assertEquals(Integer.signum(a.compareTo(b)), -Integer.signum(b.compareTo(a)), a + " vs " + b);
            }
        }
    }
}
