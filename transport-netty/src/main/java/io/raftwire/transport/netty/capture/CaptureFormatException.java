package io.raftwire.transport.netty.capture;

import java.io.IOException;

/** A capture file that does not follow {@link CaptureFormat}; the message says where and what was expected. */
public final class CaptureFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what was wrong, where, and what was expected
     */
    public CaptureFormatException(String message) {
        super(message);
    }
}
