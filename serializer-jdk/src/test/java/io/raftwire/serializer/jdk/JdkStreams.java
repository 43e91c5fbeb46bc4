package io.raftwire.serializer.jdk;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamConstants;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Hand-crafting of jdk payloads for hostile-input tests: locating a length field in a real payload and patching it,
 * splicing bytes, and writing arbitrary object graphs with a plain {@link ObjectOutputStream} (which, unlike the
 * provider's stream, will write anything serializable).
 */
final class JdkStreams {

    private JdkStreams() {
    }

    /** A plain JDK serialization stream of {@code graph}: what a peer with no raftwire rules would send. */
    static byte[] plainStream(Object graph) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(graph);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * Offset of the 4-byte length of the first {@code TC_ARRAY} whose class descriptor is new or a handle and whose
     * declared length is {@code length}.
     */
    static int arrayLengthOffset(byte[] stream, int length) {
        for (int i = 0; i < stream.length - 1; i++) {
            if (stream[i] != ObjectStreamConstants.TC_ARRAY) {
                continue;
            }
            int at = afterClassDesc(stream, i + 1);
            if (at > 0 && at + 4 <= stream.length && ByteBuffer.wrap(stream, at, 4).getInt() == length) {
                return at;
            }
        }
        throw new AssertionError("no array of length " + length + " in the stream");
    }

    /** Offset just after an array class descriptor starting at {@code at}, or -1 if there is none. */
    private static int afterClassDesc(byte[] s, int at) {
        if (s[at] == ObjectStreamConstants.TC_REFERENCE) {
            return at + 5;
        }
        if (s[at] != ObjectStreamConstants.TC_CLASSDESC || at + 3 >= s.length) {
            return -1;
        }
        int nameLength = ((s[at + 1] & 0xFF) << 8) | (s[at + 2] & 0xFF);
        int p = at + 3 + nameLength + 8 + 1;
        // arrays have no fields, no annotations and no serializable superclass: 0000 78 70
        if (p + 4 > s.length || s[p] != 0 || s[p + 1] != 0 || s[p + 2] != ObjectStreamConstants.TC_ENDBLOCKDATA
                || s[p + 3] != ObjectStreamConstants.TC_NULL) {
            return -1;
        }
        return p + 4;
    }

    /** Offset of the {@code TC_STRING} tag of the first string equal to {@code text} (modified UTF-8 = ASCII here). */
    static int stringOffset(byte[] stream, String text) {
        byte[] utf = text.getBytes(StandardCharsets.US_ASCII);
        byte[] needle = new byte[3 + utf.length];
        needle[0] = ObjectStreamConstants.TC_STRING;
        needle[1] = (byte) (utf.length >> 8);
        needle[2] = (byte) utf.length;
        System.arraycopy(utf, 0, needle, 3, utf.length);
        return indexOf(stream, needle);
    }

    /** Offset of the first occurrence of {@code needle}. */
    static int indexOf(byte[] stream, byte[] needle) {
        for (int i = 0; i + needle.length <= stream.length; i++) {
            if (Arrays.equals(stream, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new AssertionError("bytes not found in the stream");
    }

    /** A copy with the 4-byte big-endian int at {@code at} replaced. */
    static byte[] withInt(byte[] stream, int at, int value) {
        byte[] copy = stream.clone();
        ByteBuffer.wrap(copy).putInt(at, value);
        return copy;
    }

    /** Offset of the first word of a carrier's words in the stream, found by their big-endian bytes. */
    static int wordsOffset(byte[] stream, long[] words) {
        ByteBuffer bytes = ByteBuffer.allocate(words.length * Long.BYTES);
        for (long w : words) {
            bytes.putLong(w);
        }
        return indexOf(stream, bytes.array());
    }

    /** A copy with the 8-byte big-endian long at {@code at} replaced. */
    static byte[] withLong(byte[] stream, int at, long value) {
        byte[] copy = stream.clone();
        ByteBuffer.wrap(copy).putLong(at, value);
        return copy;
    }

    /** A copy with the 2-byte big-endian short at {@code at} replaced. */
    static byte[] withShort(byte[] stream, int at, int value) {
        byte[] copy = stream.clone();
        ByteBuffer.wrap(copy).putShort(at, (short) value);
        return copy;
    }

    /** A copy with {@code remove} bytes at {@code at} replaced by {@code insert}. */
    static byte[] splice(byte[] stream, int at, int remove, byte[] insert) {
        byte[] out = new byte[stream.length - remove + insert.length];
        System.arraycopy(stream, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(stream, at + remove, out, at + insert.length, stream.length - at - remove);
        return out;
    }

    /** {@code TC_LONGSTRING} with an 8-byte declared length. */
    static byte[] longStringHeader(long declared) {
        return ByteBuffer.allocate(9).put(ObjectStreamConstants.TC_LONGSTRING).putLong(declared).array();
    }

    /** Concatenation of byte arrays. */
    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
