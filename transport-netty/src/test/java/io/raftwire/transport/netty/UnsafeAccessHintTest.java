package io.raftwire.transport.netty;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnsafeAccessHintTest {

    @Test
    void namesTheOptionAndNettysCauseOnJava25WithoutUnsafe() {
        Optional<String> hint = UnsafeAccessHint.hint(25, false, new UnsupportedOperationException(
                "sun.misc.Unsafe: unavailable (io.netty.noUnsafe=true by default on Java 25+)"));
        assertTrue(hint.isPresent(), "Java 25 without Unsafe must get the hint");
        String message = hint.get();
        assertTrue(message.contains("--sun-misc-unsafe-memory-access=allow"), message);
        assertTrue(message.contains("io.netty.noUnsafe=true by default on Java 25+"), message);
        assertTrue(message.contains("Java 25 JVM"), message);
    }

    @Test
    void saysNothingWhereNettyUsesUnsafeOrTheOptionDoesNotExist() {
        assertEquals(Optional.empty(), UnsafeAccessHint.hint(25, true, null), "Unsafe in use: nothing to say");
        assertEquals(Optional.empty(), UnsafeAccessHint.hint(17, false, null),
                "before Java 24 the option does not exist: Unsafe off is the user's own choice");
        assertEquals(Optional.empty(), UnsafeAccessHint.hint(23, false, null), "Java 23: allow is the default");
    }

    @Test
    void aMissingCauseIsSaidSo() {
        assertTrue(UnsafeAccessHint.hint(24, false, null).orElseThrow().contains("(no cause given)"));
    }
}
