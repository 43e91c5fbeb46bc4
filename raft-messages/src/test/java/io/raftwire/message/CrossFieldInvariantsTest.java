package io.raftwire.message;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.log.KeepAliveEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The invariants that relate two components: timeout bounds, parallel arrays, and ERROR responses. */
class CrossFieldInvariantsTest {

    private static final MemberId NODE = new MemberId("n1");
    private static final long[] FOUR = {1, 2, 3, 4};
    private static final long[] THREE = {1, 2, 3};

    @ParameterizedTest(name = "{0}")
    @MethodSource("violations")
    void shouldRejectInconsistentComponents(Executable constructor, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, constructor);
        assertEquals(message, e.getMessage());
    }

    static Stream<Arguments> violations() {
        return Stream.of(
                Arguments.of(Named.of("OpenSessionRequest minTimeout > maxTimeout", (Executable) () ->
                        new OpenSessionRequest(NODE, "s", "t", new byte[0], ReadConsistency.LINEARIZABLE, 10, 9)),
                        "maxTimeout = 9 (expected: >= minTimeout = 10)"),
                Arguments.of(Named.of("OpenSessionEntry minTimeout > maxTimeout", (Executable) () ->
                        new OpenSessionEntry(1, 1, NODE, "s", "t", new byte[0], ReadConsistency.SEQUENTIAL, 5, 0)),
                        "maxTimeout = 0 (expected: >= minTimeout = 5)"),
                Arguments.of(Named.of("KeepAliveRequest short commandSequences", (Executable) () ->
                        new KeepAliveRequest(FOUR, THREE, FOUR)),
                        "commandSequences.length = 3 (expected: == sessionIds.length = 4)"),
                Arguments.of(Named.of("KeepAliveRequest short eventIndexes", (Executable) () ->
                        new KeepAliveRequest(FOUR, FOUR, THREE)),
                        "eventIndexes.length = 3 (expected: == sessionIds.length = 4)"),
                Arguments.of(Named.of("KeepAliveEntry long commandSequences", (Executable) () ->
                        new KeepAliveEntry(1, 1, THREE, FOUR, THREE)),
                        "commandSequences.length = 4 (expected: == sessionIds.length = 3)"),
                Arguments.of(Named.of("RaftError leader on an error other than NO_LEADER", (Executable) () ->
                        new RaftError(RaftError.Type.UNAVAILABLE, "busy", NODE)),
                        "leader = MemberId[id=n1] (expected: null unless type = NO_LEADER)"));
    }

    @Test
    void shouldAcceptEqualTimeouts() {
        OpenSessionRequest request =
                new OpenSessionRequest(NODE, "s", "t", new byte[0], ReadConsistency.LINEARIZABLE, 7, 7);
        assertEquals(request.minTimeout(), request.maxTimeout());
    }

    @Test
    void shouldRequireAnErrorInEveryErrorResponse() {
        for (MessageType type : MessageType.values()) {
            if (!RaftResponse.class.isAssignableFrom(type.javaType())) {
                continue;
            }
            Object[] args = Canonical.components(Samples.base(type));
            args[0] = Status.ERROR;
            args[1] = null;
            NullPointerException e = assertThrows(NullPointerException.class,
                    () -> Canonical.construct(type.javaType(), args), type.name());
            assertEquals("error = null (expected: not null)", e.getMessage());
            Object[] ok = Arrays.copyOf(args, args.length);
            ok[0] = Status.OK;
            assertEquals(Status.OK, ((RaftResponse) Canonical.construct(type.javaType(), ok)).status());
        }
    }
}
