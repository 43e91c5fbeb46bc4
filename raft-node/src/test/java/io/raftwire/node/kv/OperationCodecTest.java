package io.raftwire.node.kv;

import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.OperationType;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.serializer.SerializationException;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.List;
import java.util.Map;

import static io.raftwire.node.kv.KvFixtures.bytes;
import static io.raftwire.node.kv.KvFixtures.codec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
@ExtendWith(LeakDetectionExtension.class)
class OperationCodecTest {

    static final List<String> SERIALIZERS = KvFixtures.SERIALIZERS;

    @ParameterizedTest
    @FieldSource("SERIALIZERS")
    void everyCommandRoundTripsAndIsNamedByTypeIdAndSerializer(String name) {
        OperationCodec codec = codec(name);
        Map<Object, Integer> commands = Map.of(new KvPut("k", bytes("v")), 1100, new KvPut("empty", new byte[0]), 1100,
                new KvGet("k"), 1101, new KvDelete("\u00e9t\u00e9"), 1102, new KvCompareAndSet("k", 0, bytes("x")),
                1103, new KvCompareAndSet("k", Long.MAX_VALUE, new byte[KvLimits.MAX_VALUE_BYTES]), 1103);
        commands.forEach((command, typeId) -> {
            PrimitiveOperation op = codec.command(command);
            assertEquals(typeId + "@" + name, op.id().id());
            assertEquals(OperationType.COMMAND, op.id().type());
            assertEquals(command, codec.decode(op));
        });
        PrimitiveOperation query = codec.query(new KvGet("k"));
        assertEquals(OperationType.QUERY, query.id().type());
        assertEquals(new KvGet("k"), codec.decode(query));
        assertEquals(name, OperationCodec.serializerOf(query.id()));
    }

    @ParameterizedTest
    @FieldSource("SERIALIZERS")
    void resultsRoundTripWithAndWithoutValue(String name) {
        OperationCodec codec = codec(name);
        for (KvResult r : List.of(new KvResult(true, bytes("v"), 7), new KvResult(false, null, 0),
                new KvResult(true, new byte[0], 1))) {
            assertEquals(r, codec.decodeResult(codec.encodeResult(r), KvResult.class));
        }
    }

    @ParameterizedTest
    @FieldSource("SERIALIZERS")
    void refusesOperationsItCannotDecodeNamingWhy(String name) {
        OperationCodec codec = codec(name);
        byte[] put = codec.command(new KvPut("k", bytes("v"))).value();
        String other = name.equals("kryo") ? "jdk" : "kryo";
        assertRefused(codec, op("1100@" + other, put), "operation id '1100@" + other + "' (expected: <type id>@"
                + name + ")");
        assertRefused(codec, op("KvPut", put), "operation id 'KvPut' (expected: <type id>@" + name + ")");
        assertRefused(codec, op("x1@" + name, put), "(expected: <type id>@<serializer> with a decimal type id)");
        assertRefused(codec, op("@" + name, put), "(expected: <type id>@<serializer> with a type id of 1..5 digits)");
        assertRefused(codec, op("1149@" + name, put),
                "names type id 1149, which is not registered (expected: a registered operation type)");
        assertRefused(codec, op("1100@" + name, new byte[] {1}), "cannot decode operation KvPut from 1 bytes with "
                + name + ": ");
    }

    @ParameterizedTest
    @FieldSource("SERIALIZERS")
    void refusesResultsItCannotDecodeNamingWhy(String name) {
        OperationCodec codec = codec(name);
        assertEquals("empty result for KvResult (expected: the bytes of an OK response; an ERROR response carries no"
                + " result)", assertThrows(SerializationException.class,
                        () -> codec.decodeResult(new byte[0], KvResult.class)).getMessage());
        assertEquals("java.lang.String is not a registered type (expected: a result type of this codec's registry)",
                assertThrows(SerializationException.class, () -> codec.decodeResult(new byte[] {1}, String.class))
                        .getMessage());
        assertTrue(assertThrows(SerializationException.class, () -> codec.command(new Object())).getMessage()
                .startsWith("java.lang.Object is not a registered type"));
        assertTrue(assertThrows(SerializationException.class,
                () -> codec.decodeResult(new byte[] {1, 2}, KvResult.class)).getMessage()
                .startsWith("cannot decode result KvResult from 2 bytes with " + name + ": "));
        // a catalog type decodes (the registry knows it); it is the state machine that refuses it as a command
        assertEquals(MemberId.from("m"), codec.decode(codec.command(MemberId.from("m"))));
    }

    private static PrimitiveOperation op(String id, byte[] value) {
        return new PrimitiveOperation(DefaultOperationId.command(id), value);
    }

    private static void assertRefused(OperationCodec codec, PrimitiveOperation op, String message) {
        String actual = assertThrows(SerializationException.class, () -> codec.decode(op)).getMessage();
        assertTrue(actual.contains(message), () -> "'" + actual + "' (expected to contain: '" + message + "')");
    }
}
