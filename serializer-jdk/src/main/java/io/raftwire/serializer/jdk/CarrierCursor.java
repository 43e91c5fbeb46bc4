package io.raftwire.serializer.jdk;

import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.TypeModel;

/**
 * Reading positions in a carrier's words and references, and the budget of the arrays handed to constructors; every
 * read refuses a carrier that ends early or holds what no writer writes. One per decode; not thread-safe.
 */
final class CarrierCursor {
    private static final Object[] NONE = {};

    private final long[] words;
    private final Object[] references;
    private int word;
    private int reference;
    /** Payload bytes not yet accounted for by a {@code byte[]} or {@code long[]} handed out. */
    private long arrayBytesLeft;

    CarrierCursor(Carrier carrier, int payloadBytes) {
        if (carrier.words() == null) {
            throw new MalformedPayloadException("carrier has no words (expected: at least the type id)");
        }
        this.words = carrier.words();
        this.references = carrier.references() == null ? NONE : carrier.references();
        this.arrayBytesLeft = payloadBytes;
    }

    long word(TypeModel owner) {
        if (word == words.length) {
            throw new MalformedPayloadException("payload ends inside " + owner.name() + " (expected: "
                    + "another word)");
        }
        return words[word++];
    }

    boolean present(TypeModel owner, Component c) {
        return present(owner, owner.name() + '.' + c.name());
    }

    /** Reads a presence word of the place {@code label} names: 1 present, 0 null. */
    boolean present(TypeModel owner, String label) {
        long flag = word(owner);
        if (flag != 0 && flag != 1) {
            throw new MalformedPayloadException(label + " presence = " + flag + " (expected: 0 or 1)");
        }
        return flag == 1;
    }

    Object reference(TypeModel owner) {
        if (reference == references.length) {
            throw new MalformedPayloadException("payload ends inside " + owner.name() + " (expected: another"
                    + " reference)");
        }
        Object v = references[reference++];
        if (v == null) {
            throw new MalformedPayloadException(owner.name() + " reference is null (expected: a String, byte[]"
                    + " or long[])");
        }
        return v;
    }

    /**
     * Charges an array about to be handed to a constructor against the payload size, and returns it; strings pass
     * free (nobody copies them). Each array of a valid payload is in it once ({@link CarrierWriter} never shares
     * one), so their sizes add up to less than the payload; more means handles repeat an array, and every
     * repeat would be copied by its constructor.
     */
    Object claim(TypeModel owner, Component c, Object reference) {
        return claim(owner.name() + '.' + c.name(), reference);
    }

    /** {@link #claim(TypeModel, Component, Object)} for a place named by {@code label}. */
    Object claim(String label, Object reference) {
        long bytes = reference instanceof byte[] b ? b.length
                : reference instanceof long[] l ? (long) Long.BYTES * l.length : 0;
        if (bytes > arrayBytesLeft) {
            throw new MalformedPayloadException(label + " = an array of " + bytes
                    + " bytes, beyond the " + arrayBytesLeft + " payload bytes its earlier arrays left (expected:"
                    + " each array of the payload used once)");
        }
        arrayBytesLeft -= bytes;
        return reference;
    }

    int wordsLeft() {
        return words.length - word;
    }

    int referencesLeft() {
        return references.length - reference;
    }

    void checkUsedUp(TypeModel root) {
        if (wordsLeft() != 0 || referencesLeft() != 0) {
            throw new MalformedPayloadException(wordsLeft() + " words and " + referencesLeft() + " references"
                    + " left after the " + root.name() + " (expected: none)");
        }
    }
}
