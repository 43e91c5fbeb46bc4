package io.raftwire.node.kv;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.node.kv.TwoVersions.Color1;
import io.raftwire.node.kv.TwoVersions.Color2;
import io.raftwire.node.kv.TwoVersions.Done1;
import io.raftwire.node.kv.TwoVersions.Done2;
import io.raftwire.node.kv.TwoVersions.Paint1;
import io.raftwire.node.kv.TwoVersions.Paint2;
import io.raftwire.node.kv.TwoVersions.Put1;
import io.raftwire.node.kv.TwoVersions.Put2;
import io.raftwire.node.kv.TwoVersions.Reset2;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelState;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.List;

import static io.raftwire.node.kv.TwoVersions.V1;
import static io.raftwire.node.kv.TwoVersions.V2;
import static io.raftwire.node.kv.TwoVersions.codec;
import static io.raftwire.node.kv.TwoVersions.level1;
import static io.raftwire.node.kv.TwoVersions.level2;
import static io.raftwire.node.kv.TwoVersions.plain;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Operation codecs across a rolling upgrade: a member or client of version 2 of the application's types writes at the
 * cluster's feature level so that version 1 reads it, reads what version 1 wrote (tagged with a level or not), refuses
 * a value the level cannot hold naming the level, answers at the level of the operation, and refuses a malformed or
 * unknown level suffix naming the id and the levels it knows.
 */
@Timeout(30)
@ExtendWith(LeakDetectionExtension.class)
class OperationCodecLevelsTest {

    static final List<String> PROVIDERS = List.of("kryo", "jdk", "protostuff");

    @ParameterizedTest
    @FieldSource("PROVIDERS")
    void version2WritesAtLevel1AndVersion1ReadsIt(String provider) {
        OperationCodec v2 = codec(provider, V2, level1());
        OperationCodec v1 = codec(provider, V1, level1());

        PrimitiveOperation op = v2.command(new Put2("k", 7, "dropped at level 1"));
        PrimitiveEvent event = v2.event(new Put2("e", 8, "dropped too"));

        assertEquals(1, v2.writeLevel(), "v2's schema is not recorded: it writes at the current level");
        assertEquals("1024@" + provider + "/1", op.id().id());
        assertEquals(new Put1("k", 7), v1.decode(op));
        assertEquals("1024@" + provider + "/1", event.type().id());
        assertEquals(new Put1("e", 8), v1.decodeEvent(event));
    }

    @ParameterizedTest
    @FieldSource("PROVIDERS")
    void version2ReadsLevel1AndUnversionedBytes(String provider) {
        OperationCodec v2 = codec(provider, V2, level2());
        PrimitiveOperation atLevel1 = codec(provider, V1, level2()).command(new Put1("k", 7));
        PrimitiveOperation unversioned = plain(provider, V1).query(new Put1("u", 9));

        assertEquals("1024@" + provider + "/1", atLevel1.id().id(), "v1 keeps writing at its own level 1");
        assertEquals("1024@" + provider, unversioned.id().id());
        assertEquals(new Put2("k", 7, null), v2.decode(atLevel1));
        assertEquals(new Put2("u", 9, null), v2.decode(unversioned), "unversioned bytes are read as level 1");
        assertEquals(2, v2.writeLevel());
        assertEquals("1025@" + provider + "/2", v2.command(new Reset2("r")).id().id());
    }

    @ParameterizedTest
    @FieldSource("PROVIDERS")
    void aTypeTheLevelLacksIsRefusedNamingTheLevel(String provider) {
        OperationCodec v2 = codec(provider, V2, level1());

        SerializationException e = assertThrows(SerializationException.class, () -> v2.command(new Reset2("r")));

        String m = e.getMessage();
        assertEquals("cannot encode Reset2 at feature level 1: ", m.substring(0, m.indexOf(": ") + 2), m);
        assertEquals(" (expected: a value the types of feature level 1 can hold; a type or enum constant added since"
                + " needs a later level)", m.substring(m.lastIndexOf(" (expected: a value the types")), m);
    }

    @ParameterizedTest
    @FieldSource("PROVIDERS")
    void anEnumConstantTheLevelLacksIsRefusedNamingTheLevelAndOneItHasIsWritten(String provider) {
        OperationCodec v2 = codec(provider, V2, level1());

        SerializationException e = assertThrows(SerializationException.class,
                () -> v2.command(new Paint2(Color2.BLUE)));
        PrimitiveOperation red = v2.command(new Paint2(Color2.RED));

        String m = e.getMessage();
        assertEquals("cannot encode Paint2 at feature level 1: ", m.substring(0, m.indexOf(": ") + 2), m);
        assertTrue(m.contains("BLUE"), m);
        assertEquals(new Paint1(Color1.RED), codec(provider, V1, level1()).decode(red));
    }

    @ParameterizedTest
    @FieldSource("PROVIDERS")
    void aResultIsWrittenAtTheLevelOfItsOperation(String provider) {
        OperationCodec member = codec(provider, V2, level2());
        OperationCodec v1Client = codec(provider, V1, level2());
        OperationCodec v2Client = codec(provider, V2, level2());

        PrimitiveOperation old = v1Client.command(new Put1("k", 1));
        PrimitiveOperation recent = v2Client.command(new Put2("k", 2, "n"));
        assertEquals(new Put2("k", 1, null), member.decode(old));
        byte[] toOld = member.encodeResult(new Done2(5, "member"), old);
        byte[] toRecent = member.encodeResult(new Done2(6, "member"), recent);

        assertEquals(new Done1(5), v1Client.decodeResult(toOld, Done1.class, old.id()));
        assertEquals(new Done2(6, "member"), v2Client.decodeResult(toRecent, Done2.class, recent.id()));
        assertEquals(new Done1(5), v1Client.decodeResult(toOld, Done1.class), "v1's write level is 1");
    }

    @ParameterizedTest
    @FieldSource("PROVIDERS")
    void withNoLevelsTheCodecWritesAsBefore(String provider) {
        OperationCodec none = codec(provider, V2, FeatureLevels.NONE);
        OperationCodec detached = plain(provider, V2);
        Put2 put = new Put2("k", 7, "n");

        for (OperationCodec c : List.of(none, detached)) {
            PrimitiveOperation op = c.command(put);
            assertEquals(0, c.writeLevel());
            assertEquals("1024@" + provider, op.id().id());
            assertArrayEquals(ownBytes(provider, put), op.value(), "the serializer's own bytes");
            assertEquals(put, c.decode(op));
            assertEquals(new Done2(1, "x"), c.decodeResult(c.encodeResult(new Done2(1, "x"), op), Done2.class,
                    op.id()));
        }
    }

    @ParameterizedTest
    @FieldSource("PROVIDERS")
    void atItsOwnLevelACodecWritesTheSerializersOwnBytes(String provider) {
        Put2 put = new Put2("k", 7, "n");

        PrimitiveOperation op = codec(provider, V2, level2()).command(put);

        assertEquals("1024@" + provider + "/2", op.id().id());
        assertArrayEquals(ownBytes(provider, put), op.value());
    }

    @Test
    void malformedOrUnknownLevelSuffixesAreRefusedNamingTheIdAndTheLevelsKnown() {
        OperationCodec v2 = codec("kryo", V2, level2());
        byte[] put = v2.command(new Put2("k", 1, null)).value();
        String expected = " (expected: <type id>@kryo/<level> with a decimal level of 1..1024, no leading zero)";

        for (String suffix : List.of("", "0", "01", "x", "-1", "1025", "99999", "1/2", "2 ")) {
            String id = "1024@kryo/" + suffix;
            assertEquals("operation id '" + id + "' has the level suffix '/" + suffix + "'" + expected,
                    refusal(v2, id, put));
        }
        assertEquals("operation id '1024@kryo/3' names feature level 3, which is not recorded here (expected: a level"
                + " of 1..2, the highest recorded here)", refusal(v2, "1024@kryo/3", put));
        assertEquals("operation id '1024@kryo/1' names feature level 1, which is not recorded here (expected: no"
                + " level suffix: no feature level is recorded here)", refusal(plain("kryo", V2), "1024@kryo/1",
                        put));
        assertEquals("operation id '1024@jdk/1' (expected: <type id>@kryo)", refusal(v2, "1024@jdk/1", put));
        for (String typeId : List.of("", "99999999999", "-1", "1x")) {
            String id = typeId + "@kryo/1";
            assertEquals("operation id '" + id + "' (expected: <type id>@<serializer> with a "
                    + (typeId.isEmpty() || typeId.length() > 5 ? "type id of 1..5 digits)" : "decimal type id)"),
                    refusal(v2, id, put));
        }
        String huge = "9".repeat(100_000) + "@kryo/1";
        assertEquals("operation id '" + "9".repeat(64) + "...' (expected: <type id>@<serializer> with a type id of"
                + " 1..5 digits)", refusal(v2, huge, put), "a huge id is cut in the message");
        assertEquals("operation id '99999@kryo/1' names type id 99999, which is not registered (expected: a"
                + " registered operation type)", refusal(v2, "99999@kryo/1", put));
        assertEquals("kryo", OperationCodec.serializerOf(DefaultOperationId.command("1024@kryo/2")));
        assertEquals("kryo", OperationCodec.serializerOf(DefaultOperationId.command("1024@kryo")));
        assertEquals(null, OperationCodec.serializerOf(DefaultOperationId.command("raftwire.feature-level.read")));
    }

    @Test
    void anEventOfALevelTheClientDoesNotKnowIsRefusedUntilItLearnsIt() {
        LevelState learnt = new LevelState(level1());
        OperationCodec client = plain("kryo", V2).withLevels(learnt);
        PrimitiveEvent event = codec("kryo", V2, level2()).event(new Put2("k", 3, "n"));

        assertEquals("event type '1024@kryo/2' names feature level 2, which is not recorded here (expected: a level"
                + " of 1..1, the highest recorded here)", assertThrows(SerializationException.class,
                        () -> client.decodeEvent(event)).getMessage());
        learnt.advance(level2());
        assertEquals(new Put2("k", 3, "n"), client.decodeEvent(event));
        assertEquals(2, NestedId.levelOf(event.type().id()));
    }

    @Test
    void codecsTakeTheLevelsOnceAndKeepTheGivenCodecsAsTheyWere() {
        OperationCodec given = plain("kryo", V2);
        OperationCodecs codecs = new OperationCodecs(List.of(given));
        LevelState state = new LevelState(level1());

        codecs.attachLevels(state);

        assertEquals(level1(), codecs.levels());
        assertEquals("1024@kryo/1", codecs.forSerializer("kryo").command(new Put2("k", 1, null)).id().id());
        assertEquals("1024@kryo", given.command(new Put2("k", 1, null)).id().id(), "the given codec is unchanged");
        state.advance(level1().raisedTo(new FeatureLevel(2, V2.schema())));
        assertEquals("1024@kryo/2", codecs.forSerializer("kryo").command(new Put2("k", 1, null)).id().id());
        assertEquals("feature levels attached twice to the codecs [kryo] (expected: once, by the group before the"
                + " first operation)", assertThrows(IllegalStateException.class,
                        () -> codecs.attachLevels(state)).getMessage());
    }

    private static String refusal(OperationCodec codec, String id, byte[] value) {
        return assertThrows(SerializationException.class,
                () -> codec.decode(new PrimitiveOperation(DefaultOperationId.command(id), value))).getMessage();
    }

    private static byte[] ownBytes(String provider, Object value) {
        ByteBuf buf = Unpooled.buffer();
        try {
            Serializers.create(provider, V2, SerializerOptions.defaults()).encode(value, buf);
            return ByteBufUtil.getBytes(buf);
        } finally {
            buf.release();
        }
    }
}
