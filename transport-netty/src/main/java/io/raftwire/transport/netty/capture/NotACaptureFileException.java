package io.raftwire.transport.netty.capture;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A capture file path that names an existing file holding something else (a store file, a config file, a typo for
 * another path): a capture replaces an earlier capture at the same path, never anything else.
 */
public final class NotACaptureFileException extends IOException {

    private static final long serialVersionUID = 1L;

    /**
     * @param path  the file
     * @param size  its size in bytes
     * @param start its first bytes (up to four), in hexadecimal
     */
    public NotACaptureFileException(Path path, long size, String start) {
        this(path + " holds " + size + " bytes that are not a raftwire capture (it starts with " + start
                + "; expected: a new or empty file, or an earlier capture, which is replaced)");
    }

    /** @param message what the file holds and what was expected */
    public NotACaptureFileException(String message) {
        super(message);
    }
}
