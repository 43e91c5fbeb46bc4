package io.raftwire.serializer.model;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The rule every provider that carries strings as UTF-8 applies to a string it reads: the bytes must be well-formed
 * UTF-8, which is all raftwire's encoders write ({@link Utf16}: a string that has no UTF-8 form is refused at encode).
 * The JDK's decoder, which the providers use for speed, puts U+FFFD in place of a malformed sequence (a stray
 * continuation byte, a truncated or overlong sequence, an encoded surrogate), so bytes that no raftwire encoder writes
 * would decode to a string the sender never had; such a payload is refused instead.
 *
 * <p>The check costs nothing on the common path: a decoded string holds U+FFFD only if the bytes were malformed or
 * carried U+FFFD itself, and a string whose chars all fit in one byte (every ASCII string) is known not to hold it
 * without a scan (with the JVM's compact strings, the default; without them {@code indexOf} scans the chars). Only
 * then are the bytes checked strictly. Thread-safe; the bytes are only read.
 */
public final class Utf8 {

    private Utf8() {
    }

    /**
     * Refuses {@code decoded}, the JDK's UTF-8 decoding of {@code length} bytes of {@code bytes} from {@code offset},
     * if those bytes are not well-formed UTF-8.
     *
     * @param label names the string's place in the payload, for the refusal
     * @throws MalformedPayloadException naming the place, the first malformed byte and its offset in the string
     */
    public static void requireWellFormed(String decoded, byte[] bytes, int offset, int length, String label) {
        if (decoded.indexOf('\uFFFD') >= 0) {
            requireWellFormed(ByteBuffer.wrap(bytes, offset, length), label);
        }
    }

    /**
     * As {@link #requireWellFormed(String, byte[], int, int, String)}, for bytes in a buffer: {@code bytes} holds
     * exactly the string's bytes between its position and limit, and is read only if {@code decoded} holds U+FFFD
     * (through a duplicate; its position and limit do not move).
     */
    public static void requireWellFormed(String decoded, ByteBuffer bytes, String label) {
        if (decoded.indexOf('\uFFFD') >= 0) {
            requireWellFormed(bytes.duplicate(), label);
        }
    }

    private static void requireWellFormed(ByteBuffer bytes, String label) {
        int start = bytes.position();
        int length = bytes.remaining();
        CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            strict.decode(bytes);
        } catch (CharacterCodingException e) {
            int at = bytes.position() - start;
            throw new MalformedPayloadException(String.format(Locale.ROOT, "%s: a string of %d bytes is not"
                    + " well-formed UTF-8: byte 0x%02X at byte %d starts a malformed sequence (expected: well-formed"
                    + " UTF-8, as raftwire encoders write; the JDK would have put U+FFFD in its place)", label, length,
                    bytes.get(bytes.position()) & 0xFF, at));
        }
    }
}
