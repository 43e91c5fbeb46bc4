package io.raftwire.serializer.kryo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.message.MessageType;
import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** Which entry the payload's own value takes: the registry's switch on the generated path, none on the walk. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ExtendWith(LeakDetectionExtension.class)
class KryoSchemaTest {

    @Test
    void theGeneratedPathEntersThroughTheRegistrysOwnSwitch() {
        TypeRegistry registry = Fixtures.registry();
        KryoSchema schema = new KryoSchema(registry, SerializerOptions.defaults().withCodecPath(CodecPath.GENERATED));
        assertNotNull(schema.codecs());
        assertSame(registry.codecSwitch(), schema.codecs(), "one switch per registry, shared by its serializers");
        for (TypeModel model : registry.models()) {
            assertSame(schema.codecs(), schema.of(model).codecs(), model.name() + " enters through the switch");
        }
    }

    @Test
    void aPayloadIsEncodedThroughTheGeneratedEntryOnTheGeneratedPathOnly() {
        TypeRegistry registry = TypeRegistry.builder().register(MessageType.FIRST_USER_ID, Note.class).build();
        // Hidden classes (the switch, the generated codecs) leave no frames in a stack trace; the entry does.
        assertEquals(List.of("writeString", "writeGenerated", "writePayload"), entryFrames(registry,
                CodecPath.GENERATED), "the generated path: writePayload, then the switch (hidden), then the writer");
        assertEquals(List.of("writePayload"), entryFrames(registry, CodecPath.WALK),
                "the walk: from the entry straight to Kryo's writeObject, no generated code");
    }

    /**
     * Encodes a note the writer refuses (an unpaired surrogate), and returns the methods of {@link ModelSerializer}'s
     * generated entry ({@code writeString}, {@code writeGenerated}, {@code writePayload}) the refusal's stack passed
     * through, innermost first.
     */
    private static List<String> entryFrames(TypeRegistry registry, CodecPath path) {
        Serializer serializer = new KryoSerializerProvider().create(registry, SerializerOptions.defaults()
                .withCodecPath(path));
        ByteBuf out = Unpooled.buffer();
        try {
            SerializationException e = assertThrows(SerializationException.class,
                    () -> serializer.encode(new Note("\uD800"), out));
            assertEquals(0, out.writerIndex(), "a refused encode leaves nothing in the buffer");
            Throwable cause = e.getCause();
            assertNotNull(cause, e.getMessage());
            return Arrays.stream(cause.getStackTrace())
                    .filter(f -> f.getClassName().equals(ModelSerializer.class.getName()))
                    .map(StackTraceElement::getMethodName)
                    .filter(m -> List.of("writeString", "writeGenerated", "writePayload").contains(m))
                    .toList();
        } finally {
            out.release();
        }
    }

    /** A user type with one string. */
    public record Note(String text) {
    }

    @Test
    void theWalkHasNoSwitch() {
        TypeRegistry registry = Fixtures.registry();
        KryoSchema schema = new KryoSchema(registry, SerializerOptions.defaults().withCodecPath(CodecPath.WALK));
        assertNull(schema.codecs(), "the walk is the reference: it must not run generated code");
        for (TypeModel model : registry.models()) {
            assertNull(schema.of(model).codecs(), model.name());
        }
    }
}
