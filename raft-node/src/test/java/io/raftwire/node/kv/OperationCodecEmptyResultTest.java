package io.raftwire.node.kv;

import io.raftwire.node.KvNodes;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A result whose components are all null is no bytes at all with protostuff, and still a result: an OK response's
 * empty result bytes are decoded, and refused as "empty" only when they do not decode.
 */
class OperationCodecEmptyResultTest {

    /** An application's result that may hold nothing, as a lookup of a missing key answers. */
    record Found(String value, String previous) {
    }

    private static OperationCodec codec(String provider) {
        TypeRegistry registry = KvNodes.registry(b -> b.register(1024, Found.class));
        return new OperationCodec(Serializers.create(provider, registry, SerializerOptions.defaults()));
    }

    @Test
    void anAllNullResultIsNoBytesWithProtostuffAndDecodesToItself() {
        OperationCodec codec = codec("protostuff");
        byte[] bytes = codec.encodeResult(new Found(null, null));
        assertEquals(0, bytes.length, "protostuff writes no field of an all-null value");
        assertEquals(new Found(null, null), codec.decodeResult(bytes, Found.class));
    }

    @Test
    void emptyBytesThatDoNotDecodeAreStillRefusedAsAnEmptyResult() {
        assertEquals("empty result for KvResult (expected: the bytes of an OK response; an ERROR response carries no"
                + " result)", assertThrows(SerializationException.class,
                        () -> codec("kryo").decodeResult(new byte[0], KvResult.class)).getMessage());
    }
}
