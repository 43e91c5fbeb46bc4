package io.raftwire.serializer.model;

import java.util.Locale;

/**
 * The rule every provider applies to a string it writes: well-formed UTF-16. A surrogate that is not half of a pair
 * (a high one not followed by a low one, or a low one alone) has no UTF-8 form, so it cannot reach the peer as it
 * is: the libraries' encoders write {@code '?'} or U+FFFD in its place, which would change the string without a word.
 * Every provider refuses such a string at encode instead, the jdk provider too (its own format could carry it), so
 * that a value one provider accepts is accepted by all. A {@code char} component carries any value, a lone surrogate
 * included.
 *
 * <p>The jdk provider's format, Java serialization's modified UTF-8, can carry an unpaired surrogate, so that provider
 * also refuses one in a string it reads ({@link #requireWellFormedOnDecode}): a peer cannot hand the state machine a
 * string that no raftwire encoder would send on (in a snapshot, say). The UTF-8 providers cannot decode one at all
 * ({@link Utf8}).
 */
public final class Utf16 {

    private Utf16() {
    }

    /**
     * Bytes of {@code s} in UTF-8, counted without encoding it.
     *
     * @throws IllegalArgumentException at the first unpaired surrogate, which UTF-8 cannot carry
     */
    public static long utf8Length(String s) {
        int n = s.length();
        long bytes = n;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    bytes++;
                } else if (!Character.isSurrogate(c)) {
                    bytes += 2;
                } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    bytes += 2; // a pair: two chars, four bytes
                    i++;
                } else {
                    throw unpairedSurrogate(s, i);
                }
            }
        }
        return bytes;
    }

    /**
     * Refuses {@code s} if it holds an unpaired surrogate; a null string passes.
     *
     * @throws IllegalArgumentException naming the first unpaired surrogate and where it is
     */
    public static void requireWellFormed(String s) {
        int at = s == null ? -1 : firstUnpaired(s);
        if (at >= 0) {
            throw unpairedSurrogate(s, at);
        }
    }

    /**
     * Refuses {@code s}, a string just read from a peer's payload at {@code label}, if it holds an unpaired surrogate.
     *
     * @throws MalformedPayloadException naming the place, the first unpaired surrogate and where it is
     */
    public static void requireWellFormedOnDecode(String s, String label) {
        int at = firstUnpaired(s);
        if (at >= 0) {
            throw new MalformedPayloadException(label + ": " + unpairedSurrogate(s, at).getMessage());
        }
    }

    /** The index of the first unpaired surrogate of {@code s}, or -1. */
    private static int firstUnpaired(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (!Character.isHighSurrogate(c) || i + 1 == n || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return i;
                }
                i++;
            }
        }
        return -1;
    }

    /** The refusal of {@code s}, whose char {@code at} is an unpaired surrogate (for encoders that meet it). */
    public static IllegalArgumentException unpairedSurrogate(String s, int at) {
        return new IllegalArgumentException(String.format(Locale.ROOT, "a string of %d chars has an unpaired surrogate"
                + " U+%04X at char %d, which UTF-8 cannot carry (expected: well-formed UTF-16, every surrogate half of"
                + " a pair)", s.length(), (int) s.charAt(at), at));
    }
}
