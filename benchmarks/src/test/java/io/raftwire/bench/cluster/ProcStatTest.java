package io.raftwire.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Reading a process's CPU ticks from its {@code /proc/<pid>/stat} line. */
class ProcStatTest {

    @Test
    void utimeAndStimeAreCountedAfterTheCommandNameEvenWhenItHoldsSpacesAndParentheses() {
        String line = "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 51234 0 12 0 731 129 0 0 20 0 41 0 9876 "
                + "3000000000 60000 18446744073709551615";
        assertEquals(731 + 129, ProcStat.cpuTicks(line));
    }

    @Test
    void aTruncatedLineIsRefusedNamingWhatWasExpected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProcStat.cpuTicks("4242 (java) S 1 2"));
        assertTrue(e.getMessage().startsWith("stat line without utime and stime (expected: pid (comm) state ... with"
                + " at least 15 fields)"), e.getMessage());
    }

    @Test
    void aProcessThatIsNotThereReadsAsNoTime() {
        assertEquals(0, ProcStat.cpuTicks(Long.MAX_VALUE));
    }
}
