package io.raftwire.node.store;

import java.nio.file.Path;

/**
 * A torn write found and cut off at start-up: the newest log segment ended inside its last record (a crash while
 * appending). Such a record was never flushed, so MicroRaft never counted it as persisted.
 *
 * @param file         the segment file that was cut
 * @param offset       where the torn record started, and the file's new length; bytes
 * @param bytesDropped how many bytes were removed from the end of the file
 * @param reason       what was wrong with the record (short frame, short payload, CRC mismatch)
 */
public record TornTail(Path file, long offset, long bytesDropped, String reason) {

    /** One line for the log. */
    public String describe() {
        return "truncated torn tail of " + file + " at offset " + offset + ": dropped " + bytesDropped + " bytes ("
                + reason + "); a crash interrupted this write before it was flushed";
    }
}
