package io.raftwire.transport.netty.capture;

import java.nio.charset.StandardCharsets;

/**
 * The raftwire capture file, written down once. A file is a header followed by zero or more records, until the end of
 * the file:
 *
 * <pre>
 *  File header (5 bytes)
 *  +-------+-------+-------+-------+---------+
 *  |  'R'  |  'W'  |  'C'  |  'P'  | Version |     magic "RWCP", version {@value #VERSION}
 *  +-------+-------+-------+-------+---------+
 *
 *  Record (14 + Peer Length + Frame Length bytes)
 *  +-----------+---------------------------------------------------------------+
 *  | Direction |              Timestamp (int64, microseconds since the epoch)   |
 *  |   (u8)    |                                                               |
 *  +-----------+-------------+-------------------------------------------------+
 *  | Peer Length (u8, 0..64) | Peer Member Id (ASCII, Peer Length bytes)  ...  |
 *  +-------------------------+-------------------------------------------------+
 *  |               Frame Length (int32, 0..{@value #MAX_FRAME_BYTES})          |
 *  +---------------------------------------------------------------------------+
 *  | Frame (Frame Length bytes): the frame exactly as on the wire, its own 4-byte length field included ...  |
 *  +---------------------------------------------------------------------------+
 * </pre>
 *
 * <ul>
 *   <li>All integers are big-endian, as in the frame itself ({@code FrameDescriptor}).</li>
 *   <li><b>Direction</b>: {@code 0} = received by the capturing node, {@code 1} = sent by it
 *       ({@link CaptureRecord.Direction}).</li>
 *   <li><b>Timestamp</b>: when the capturing node saw the frame, in microseconds since 1970-01-01T00:00Z (wall
 *       clock; may step backwards when the clock is adjusted).</li>
 *   <li><b>Peer Member Id</b>: the member at the other end of the connection; empty while it is not known yet (the
 *       first frames of an accepted connection, before its handshake).</li>
 *   <li><b>Frame</b>: the complete frame. Inbound frames are captured after the length field was stripped by the
 *       frame decoder; the writer puts it back, so every record holds the bytes that travelled.</li>
 * </ul>
 *
 * <p>The magic read as a frame length is 1,381,450,576, more than the largest allowed
 * {@code raftwire.transport.max-frame-bytes} (1 GiB): a capture file can never be mistaken for a file of raw frames,
 * so readers tell them apart by the first four bytes ({@link #startsWithMagic}).
 */
public final class CaptureFormat {

    /** The magic number, {@code "RWCP"}. */
    public static final int MAGIC = 0x52574350;
    /** The format version this implementation writes and reads. */
    public static final int VERSION = 1;
    /** Size of the file header: magic and version. */
    public static final int HEADER_BYTES = 5;
    /** Record bytes besides the peer id and the frame: direction, timestamp, peer length, frame length. */
    public static final int RECORD_OVERHEAD_BYTES = 1 + 8 + 1 + 4;
    /** Longest peer member id recorded, in ASCII characters (as in the handshake). */
    public static final int MAX_PEER_CHARS = 64;
    /** Largest frame a record may hold: 1 GiB, the largest {@code raftwire.transport.max-frame-bytes}. */
    public static final int MAX_FRAME_BYTES = 1024 * 1024 * 1024;

    private CaptureFormat() {
    }

    /**
     * Whether {@code bytes} (the start of a file) begin with the capture magic.
     *
     * @param bytes the first bytes of a file; fewer than 4 bytes never match
     */
    public static boolean startsWithMagic(byte[] bytes) {
        return bytes.length >= 4 && ((bytes[0] & 0xFF) << 24 | (bytes[1] & 0xFF) << 16 | (bytes[2] & 0xFF) << 8
                | bytes[3] & 0xFF) == MAGIC;
    }

    /**
     * The peer id as it is recorded: printable ASCII only (anything else becomes {@code ?}), cut to
     * {@value #MAX_PEER_CHARS} characters; {@code null} becomes empty.
     */
    static byte[] peerBytes(String peerId) {
        if (peerId == null) {
            return new byte[0];
        }
        String cut = peerId.length() > MAX_PEER_CHARS ? peerId.substring(0, MAX_PEER_CHARS) : peerId;
        byte[] bytes = cut.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] < 0x20 || bytes[i] > 0x7E) {
                bytes[i] = '?';
            }
        }
        return bytes;
    }
}
