package io.raftwire.bench;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.Serializer;

import org.openjdk.jmh.infra.Blackhole;

/**
 * One pass over a set of messages, the loops every codec benchmark times: encode each into one reused buffer, decode
 * each from its own pre-encoded payload, or both. Single-threaded; the buffers stay owned by the caller.
 */
public final class Passes {

    private Passes() {
    }

    /** Encodes each message into {@code out}, cleared before each one. */
    public static void encode(Serializer codec, Object[] messages, ByteBuf out, Blackhole bh) {
        for (Object message : messages) {
            out.clear();
            bh.consume(codec.encode(message, out));
        }
    }

    /** Decodes each payload (reader index reset to 0) as the type id at the same position. */
    public static void decode(Serializer codec, ByteBuf[] payloads, int[] typeIds, Blackhole bh) {
        for (int i = 0; i < payloads.length; i++) {
            ByteBuf payload = payloads[i];
            payload.readerIndex(0);
            bh.consume(codec.decode(typeIds[i], payload));
        }
    }

    /** Encodes each message into {@code out}, cleared before each one, and decodes it from there. */
    public static void roundTrip(Serializer codec, Object[] messages, int[] typeIds, ByteBuf out, Blackhole bh) {
        for (int i = 0; i < messages.length; i++) {
            out.clear();
            codec.encode(messages[i], out);
            bh.consume(codec.decode(typeIds[i], out));
        }
    }

    /** Releases {@code out} and every payload. */
    public static void release(ByteBuf out, ByteBuf[] payloads) {
        out.release();
        for (ByteBuf buf : payloads) {
            buf.release();
        }
    }
}
