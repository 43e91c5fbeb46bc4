package io.raftwire.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * The fory provider decoding hostile payloads, one target per message shape ({@link DecodeTarget}). Plain
 * {@code mvn verify} replays the seeds and past findings under
 * {@code src/test/resources/io/raftwire/fuzz/ForyFuzzTestInputs/<method>/}; to fuzz one target for its
 * {@code maxDuration}: {@code JAZZER_FUZZ=1 mvn -pl fuzz-tests -am test -Dtest='io.raftwire.fuzz.ForyFuzzTest#requests'
 * -Dsurefire.failIfNoSpecifiedTests=false} (see RELIABILITY.md).
 */
class ForyFuzzTest {

    private static final DecodeTarget REQUESTS = new DecodeTarget("fory", Shape.REQUESTS);
    private static final DecodeTarget RESPONSES = new DecodeTarget("fory", Shape.RESPONSES);
    private static final DecodeTarget LOG_ENTRIES = new DecodeTarget("fory", Shape.LOG_ENTRIES);

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
