package io.raftwire.cli.codecs;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.Run;
import io.raftwire.message.MessageType;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code raftwire codecs} with a tiny workload: every provider and type in the tables, consistent timings. */
@ExtendWith(LeakDetectionExtension.class)
class CodecsCommandTest {

    private static final List<String> PROVIDERS = List.of("fory", "jdk", "kryo", "protostuff");

    @Test
    void shouldReportEveryProviderAndEveryTypeOfTheSet() {
        Run run = Run.of("codecs", "--seeds", "2", "--repetitions", "3", "--warmup-ms", "1", "--run-ms", "1");
        assertEquals(ExitCodes.OK, run.status(), run.out() + run.err());
        List<String> lines = run.outLines();
        assertTrue(lines.contains("| message | fory | jdk | kryo | protostuff | reference Kryo pre-reg |"), run.out());
        for (MessageType type : SampleMessages.MESSAGE_SET) {
            String name = type.javaType().getSimpleName();
            String row = lines.stream().filter(l -> l.startsWith("| " + name + " |")).findFirst()
                    .orElseThrow(() -> new AssertionError("no row for " + name + ": " + run.out()));
            assertEquals(7, row.split("\\|").length, row);
            assertTrue(row.endsWith(String.format(Locale.ROOT, " %,d |", ReferenceSizes.KRYO_PRE_REGISTERED.get(type))),
                    row);
        }
        assertTrue(lines.contains("| **whole set (32)** | " + cellsOf(lines, "| **whole set (32)** |") + " 38,404 |"),
                run.out());
        for (String provider : PROVIDERS) {
            assertTrue(lines.contains("- " + provider + ": OK, " + (MessageType.values().length + 2 * 32) + " of "
                    + (MessageType.values().length + 2 * 32) + " samples round-trip"), run.out());
            String timing = lines.stream().filter(l -> l.startsWith("| " + provider + " | ") && l.contains("["))
                    .findFirst().orElseThrow(() -> new AssertionError("no timing row for " + provider));
            String[] cells = timing.split("\\|");
            double encode = median(cells[2]);
            double decode = median(cells[3]);
            double roundTrip = median(cells[4]);
            assertTrue(decode <= roundTrip && encode <= roundTrip, "decode and encode can never look slower than"
                    + " the round trip: " + timing);
        }
        assertTrue(run.out().contains("Noise check: OK") || run.out().contains("WARNING: noisy measurement: "),
                "the noise rule is always reported: " + run.out());
        assertTrue(run.out().contains("Authoritative timing: the JMH suites"), run.out());
    }

    @Test
    void shouldTimeOnlyTheNamedSerializer() {
        Run run = Run.of("codecs", "--serializer", "kryo", "--seeds", "1", "--no-timing");
        assertEquals(ExitCodes.OK, run.status(), run.out());
        assertTrue(run.outLines().contains("| message | kryo | reference Kryo pre-reg |"), run.out());
        assertTrue(!run.out().contains("## Timing"), run.out());
    }

    @Test
    void shouldRefuseAnUnknownSerializerListingTheInstalledOnes() {
        Run run = Run.of("codecs", "--serializer", "avro", "--no-timing");
        assertEquals(ExitCodes.USAGE, run.status());
        assertEquals(List.of("raftwire codecs: --serializer: unknown serializer 'avro' (available: fory, jdk, kryo,"
                + " protostuff) (see 'raftwire codecs --help')"), run.errLines());
    }

    @Test
    void shouldRefuseASerializerNamedTwiceBeforeMeasuring() {
        Run run = Run.of("codecs", "--serializer", "kryo", "--serializer", "jdk", "--serializer", "kryo",
                "--no-timing");
        assertEquals(ExitCodes.USAGE, run.status());
        assertEquals(List.of("raftwire codecs: --serializer kryo given twice (expected: each serializer at most once)"
                + " (see 'raftwire codecs --help')"), run.errLines());
        assertEquals("", run.out(), "nothing is measured before the arguments are checked");
    }

    @Test
    void shouldRefuseTooFewRepetitionsForASpread() {
        Run run = Run.of("codecs", "--repetitions", "2");
        assertEquals(ExitCodes.USAGE, run.status());
        assertEquals(List.of("raftwire codecs: --repetitions = 2 (expected: >= 3, so that a median and a spread mean"
                + " something) (see 'raftwire codecs --help')"), run.errLines());
        assertEquals("", run.out(), "nothing is measured before the arguments are checked");
    }

    private static String cellsOf(List<String> lines, String prefix) {
        String row = lines.stream().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow();
        return row.substring(prefix.length(), row.lastIndexOf(" 38,404 |")).strip();
    }

    /** The median of a {@code median [min..max]} cell. */
    private static double median(String cell) {
        return Double.parseDouble(cell.strip().split(" ")[0].replace(",", ""));
    }
}
