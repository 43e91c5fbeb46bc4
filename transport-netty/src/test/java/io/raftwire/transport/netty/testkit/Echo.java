package io.raftwire.transport.netty.testkit;

import java.util.Objects;

/**
 * A small test message (user type id {@value TestTypes#ECHO_ID}), used as request and response.
 *
 * @param n    any number
 * @param text any text, not null
 */
public record Echo(long n, String text) {

    /** Checks for null. */
    public Echo {
        Objects.requireNonNull(text, "text");
    }
}
