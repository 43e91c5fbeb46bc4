package io.raftwire.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The kryo provider decoding hostile payloads, one target per message shape ({@link DecodeTarget}). Plain
 * {@code mvn verify} replays the seeds and past findings under
 * {@code src/test/resources/io/raftwire/fuzz/KryoFuzzTestInputs/<method>/}; to fuzz one target for its
 * {@code maxDuration}: {@code JAZZER_FUZZ=1 mvn -pl fuzz-tests -am test -Dtest='io.raftwire.fuzz.KryoFuzzTest#requests'
 * -Dsurefire.failIfNoSpecifiedTests=false} (see RELIABILITY.md).
 */
@ExtendWith(LeakDetectionExtension.class)
class KryoFuzzTest {

    private static final DecodeTarget REQUESTS = new DecodeTarget("kryo", Shape.REQUESTS);
    private static final DecodeTarget RESPONSES = new DecodeTarget("kryo", Shape.RESPONSES);
    private static final DecodeTarget LOG_ENTRIES = new DecodeTarget("kryo", Shape.LOG_ENTRIES);

    @FuzzTest(maxDuration = "90s")
    void requests(byte[] input) {
        REQUESTS.run(input);
    }

    @FuzzTest(maxDuration = "90s")
    void responses(byte[] input) {
        RESPONSES.run(input);
    }

    @FuzzTest(maxDuration = "90s")
    void logEntries(byte[] input) {
        LOG_ENTRIES.run(input);
    }
}
