package io.raftwire.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SeedsTest {

    @Test
    void shouldReplayTheSeedGivenAsAPropertyInEitherMode() {
        assertEquals(42L, Seeds.chosen("42", false, "a"));
        assertEquals(-7L, Seeds.chosen(" -7 ", true, "a"));
    }

    @Test
    void shouldDeriveTheSameSeedFromTheSameNameWhenFixed() {
        assertEquals(Seeds.chosen(null, false, "InboundFuzzTest truncated"),
                Seeds.chosen(null, false, "InboundFuzzTest truncated"));
        assertNotEquals(Seeds.chosen(null, false, "InboundFuzzTest truncated"),
                Seeds.chosen(null, false, "InboundFuzzTest garbage"), "two tests share one seed");
        // pinned: the default suite must run the same inputs on every machine and Java version
        assertEquals(0xaf63dc4c8601ec8cL, Seeds.fixedFor("a"));
    }

    @Test
    void shouldDrawAFreshSeedOnEveryCallWhenFresh() {
        Set<Long> seeds = new HashSet<>();
        for (int i = 0; i < 8; i++) {
            seeds.add(Seeds.chosen(null, true, "a"));
        }
        assertNotEquals(1, seeds.size(), "eight fresh draws gave one seed");
    }

    @Test
    void shouldReadTheMode() {
        assertFalse(Seeds.fresh(null));
        assertFalse(Seeds.fresh("fixed"));
        assertTrue(Seeds.fresh(" FRESH "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Seeds.fresh("random"));
        assertEquals("test.seeds = random (expected: fixed or fresh)", e.getMessage());
    }

    @Test
    void shouldRefuseASeedThatIsNotANumberNamingTheProperty() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Seeds.chosen("0x2A", false, "a"));
        assertEquals("test.seed = 0x2A (expected: a decimal long)", e.getMessage());
    }
}
