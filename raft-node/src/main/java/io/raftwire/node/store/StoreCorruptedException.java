package io.raftwire.node.store;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A data directory that cannot be restored without losing or inventing data: a damaged record that is not the torn
 * tail of the newest log segment, an unknown type id, a record that does not decode, a file written for another
 * group, serializer or type registry, or a gap or overlap in the log's indices. Start-up must stop; nothing on disk has
 * been changed by the check that threw this.
 *
 * <p>The message reads {@code <file> at offset <n>: <what was found> (expected: <what was expected>)}.
 */
public final class StoreCorruptedException extends IOException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long offset;

    /**
     * @param file   the damaged file
     * @param offset the byte offset in it where the problem starts; {@code >= 0}
     * @param reason what was found and what was expected, in {@code ... (expected: ...)} form
     */
    public StoreCorruptedException(Path file, long offset, String reason) {
        this(file, offset, reason, null);
    }

    /** The same, keeping the underlying failure (for example the serializer's decode error) as the cause. */
    public StoreCorruptedException(Path file, long offset, String reason, Throwable cause) {
        super(file + " at offset " + offset + ": " + reason, cause);
        this.file = file;
        this.offset = offset;
    }

    /** The damaged file. */
    public Path file() {
        return file;
    }

    /** The byte offset in {@link #file()} where the problem starts. */
    public long offset() {
        return offset;
    }
}
