package io.raftwire.bench.mix;

import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameKind;

import java.nio.ByteBuffer;

/**
 * One message frame as a running cluster sent it: the complete frame (length field included) and what its header
 * says.
 *
 * @param frame the frame as on the wire; not copied, not to be modified
 * @param order when it was captured (microseconds since the epoch), for keeping a sample in capture order
 */
record CapturedFrame(byte[] frame, long order) {

    /** The frame's kind, from its flags. */
    FrameKind kind() {
        return FrameDescriptor.kindOf(frame[FrameDescriptor.FLAGS_OFFSET] & 0xFF);
    }

    /** The serializer id of the frame header. */
    int serializerId() {
        return frame[FrameDescriptor.SERIALIZER_ID_OFFSET] & 0xFF;
    }

    /** The message's registered type id. */
    int typeId() {
        return ByteBuffer.wrap(frame).getShort(FrameDescriptor.TYPE_ID_OFFSET) & 0xFFFF;
    }

    /** Bytes of the serialized message after the header. */
    int payloadBytes() {
        return frame.length - FrameDescriptor.HEADER_LENGTH;
    }
}
