package io.raftwire.transport.netty.capture;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A capture file another {@link CaptureWriter} is writing (in this process or another): opening a second writer on it
 * is refused, because the two would overwrite each other's records.
 */
public final class CaptureFileInUseException extends IOException {

    private static final long serialVersionUID = 1L;

    /**
     * @param path the file
     */
    public CaptureFileInUseException(Path path) {
        super(path + " is already being written by another capture (expected: a file of its own for each"
                + " transport)");
    }
}
