package io.raftwire.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SeedsTest {

    @Test
    void shouldReplayTheSeedGivenAsAProperty() {
        assertEquals(42L, Seeds.chosen("42"));
        assertEquals(-7L, Seeds.chosen(" -7 "));
    }

    @Test
    void shouldDrawAFreshSeedWithoutTheProperty() {
        Set<Long> seeds = new HashSet<>();
        for (int i = 0; i < 8; i++) {
            seeds.add(Seeds.chosen(null));
        }
        assertNotEquals(1, seeds.size(), "eight draws gave one seed");
    }

    @Test
    void shouldRefuseASeedThatIsNotANumberNamingTheProperty() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Seeds.chosen("0x2A"));
        assertEquals("test.seed = 0x2A (expected: a decimal long)", e.getMessage());
    }
}
