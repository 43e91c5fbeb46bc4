package io.raftwire.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.Serializer;

/**
 * The messages of one {@link MessageSet} ready for a codec: instances, their registered type ids, and a check that
 * the codec round-trips every one of them. Immutable once built; the messages are immutable too, so threads may share
 * a workload.
 */
public final class Workload {

    private final Object[] messages;
    private final int[] typeIds;

    private Workload(Object[] messages, int[] typeIds) {
        this.messages = messages;
        this.typeIds = typeIds;
    }

    /**
     * Builds the set with {@link MessageSet#SEED} and checks that {@code codec} round-trips every message.
     *
     * @throws IllegalStateException naming the first message that does not come back equal
     */
    public static Workload of(MessageSet set, Serializer codec) {
        return of(set.build(MessageSet.SEED).toArray(), codec);
    }

    /**
     * The given messages, in order (for example a captured cluster mix); checks that {@code codec} round-trips every
     * one. The array becomes the workload's: the caller must not modify it.
     *
     * @throws IllegalStateException naming the first message that does not come back equal
     */
    public static Workload of(Object[] messages, Serializer codec) {
        int[] typeIds = new int[messages.length];
        for (int i = 0; i < messages.length; i++) {
            typeIds[i] = codec.registry().idOf(messages[i]);
        }
        Workload workload = new Workload(messages, typeIds);
        workload.verify(codec);
        return workload;
    }

    /** Number of messages in one pass. */
    public int size() {
        return messages.length;
    }

    /** The messages, in order; the caller must not modify the array. */
    public Object[] messages() {
        return messages;
    }

    /** The registered type id of each message, in order; the caller must not modify the array. */
    public int[] typeIds() {
        return typeIds;
    }

    /**
     * Encodes every message into its own direct buffer of exactly the payload size, for decode benchmarks.
     *
     * @return one buffer per message; the caller owns them and must release them
     */
    public ByteBuf[] encodeEach(Serializer codec, ByteBufAllocator allocator) {
        ByteBuf[] encoded = new ByteBuf[messages.length];
        ByteBuf scratch = Unpooled.buffer(64 * 1024);
        try {
            for (int i = 0; i < messages.length; i++) {
                scratch.clear();
                int bytes = codec.encode(messages[i], scratch);
                encoded[i] = allocator.directBuffer(bytes, bytes).writeBytes(scratch);
            }
        } finally {
            scratch.release();
        }
        return encoded;
    }

    private void verify(Serializer codec) {
        ByteBuf buf = Unpooled.buffer(64 * 1024);
        try {
            for (int i = 0; i < messages.length; i++) {
                buf.clear();
                codec.encode(messages[i], buf);
                Object decoded = codec.decode(typeIds[i], buf);
                if (!messages[i].equals(decoded)) {
                    throw new IllegalStateException(codec.name() + " does not round-trip message " + i + " (expected: "
                            + messages[i] + ", got: " + decoded + ")");
                }
            }
        } finally {
            buf.release();
        }
    }
}
