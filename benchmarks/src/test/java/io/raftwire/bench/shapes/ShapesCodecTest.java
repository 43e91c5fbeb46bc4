package io.raftwire.bench.shapes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The shapes benchmark compares like with like: every codec carries both orders exactly. */
@ExtendWith(LeakDetectionExtension.class)
class ShapesCodecTest {

    @Test
    void everyCodecRoundTripsTheBeanAndTheRecord() {
        List<Serializer> codecs = new ArrayList<>();
        for (String name : List.of("kryo", "protostuff", "jdk")) {
            codecs.add(Serializers.create(name, ShapeSamples.registry(), SerializerOptions.defaults()));
        }
        codecs.add(new HandwrittenShapesCodec());
        for (Serializer codec : codecs) {
            for (Object value : List.of(ShapeSamples.bean(), ShapeSamples.record())) {
                int id = value instanceof OrderBean ? ShapeSamples.BEAN_ID : ShapeSamples.RECORD_ID;
                ByteBuf buf = Unpooled.directBuffer();
                try {
                    int written = codec.encode(value, buf);
                    assertEquals(buf.readableBytes(), written);
                    Object decoded = codec.decode(id, buf);
                    assertEquals(value, decoded, codec.name() + " " + value.getClass().getSimpleName());
                    assertNotSame(value, decoded);
                    assertEquals(0, buf.readableBytes(), codec.name() + " left bytes");
                } finally {
                    buf.release();
                }
            }
        }
    }
}
