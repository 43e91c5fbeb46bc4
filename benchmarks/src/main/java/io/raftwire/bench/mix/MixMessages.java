package io.raftwire.bench.mix;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.netty.codec.FrameDescriptor;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The captured sample ({@value #RESOURCE}) decoded once into the messages it carries. */
final class MixMessages {

    /** The class-path resource {@link ClusterMixCapture} wrote. */
    static final String RESOURCE = "/mix/cluster-mix.frames";

    private MixMessages() {
    }

    /**
     * Every message of the sample, in capture order, decoded by the serializer that wrote it.
     *
     * @throws IllegalStateException if the resource is missing or a frame no longer decodes (the wire format
     *                               changed: capture a new sample with {@link ClusterMixCapture})
     */
    static Object[] load(TypeRegistry registry) {
        List<CapturedFrame> frames;
        try (InputStream in = MixMessages.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path (expected: the sample"
                        + " ClusterMixCapture writes)");
            }
            frames = MixSample.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<Integer, Serializer> writers = new HashMap<>();
        Object[] messages = new Object[frames.size()];
        for (int i = 0; i < messages.length; i++) {
            CapturedFrame f = frames.get(i);
            Serializer writer = writers.computeIfAbsent(f.serializerId(), id -> create(id, registry));
            ByteBuf payload = Unpooled.wrappedBuffer(f.frame(), FrameDescriptor.HEADER_LENGTH, f.payloadBytes());
            try {
                messages[i] = writer.decode(f.typeId(), payload);
            } catch (RuntimeException e) {
                throw new IllegalStateException("frame " + i + " of " + RESOURCE + " (" + registry.describe(f.typeId())
                        + ") no longer decodes: " + e.getMessage() + " (expected: a sample of the current wire"
                        + " format; write a new one with ClusterMixCapture)", e);
            } finally {
                payload.release();
            }
        }
        return messages;
    }

    private static Serializer create(int id, TypeRegistry registry) {
        for (SerializerProvider p : Serializers.providers()) {
            if (p.id() == id) {
                return p.create(registry, SerializerOptions.defaults());
            }
        }
        throw new IllegalStateException("serializer id " + id + " of " + RESOURCE + " is not installed");
    }
}
