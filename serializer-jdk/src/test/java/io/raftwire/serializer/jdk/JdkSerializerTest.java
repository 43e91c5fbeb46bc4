package io.raftwire.serializer.jdk;

import static io.raftwire.serializer.jdk.JdkStreams.arrayLengthOffset;
import static io.raftwire.serializer.jdk.JdkStreams.plainStream;
import static io.raftwire.serializer.jdk.JdkStreams.withInt;
import static io.raftwire.serializer.jdk.JdkStreams.withShort;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.message.MessageType;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.log.RaftLogEntry;
import io.raftwire.message.request.AppendRequest;
import io.raftwire.message.request.InstallRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.response.MetadataResponse;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.OperationType;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.message.value.SessionMetadata;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.AllocationMeter;
import io.raftwire.serializer.contract.Canary;
import io.raftwire.serializer.contract.NamedPayload;
import io.raftwire.serializer.contract.Payloads;
import io.raftwire.serializer.contract.SerializerContract;
import io.raftwire.serializer.contract.UserTypes;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

/**
 * The serializer contract for the jdk provider, with hostile payloads crafted in the JDK stream format: declared
 * lengths patched into real payloads (array lengths, the carrier's collection size words, string lengths), and plain
 * {@code ObjectOutputStream} streams that name classes.
 */
class JdkSerializerTest extends SerializerContract {

    private static final int VOTE_REQUEST = MessageType.VOTE_REQUEST.id();
    private static final String PROBE = "hostile-length-probe";

    @Override
    protected String providerName() {
        return "jdk";
    }

    /**
     * Java serialization reads strings in modified UTF-8, which takes an overlong form (as the same character) and
     * carries unpaired surrogates: the latter are refused by raftwire's own check, the rest by the stream.
     */
    @Override
    protected boolean refusesOverlongUtf8() {
        return false;
    }

    @Override
    protected String malformedStringReason(byte[] forged) {
        return forged[0] == (byte) 0xED ? "a string of 3 chars has an unpaired surrogate U+D800 at char 1, which UTF-8"
                + " cannot carry (expected: well-formed UTF-16, every surrogate half of a pair)" : "a string in the stream is not well-formed modified UTF-8 (expected: the form"
                + " ObjectOutputStream writes)";
    }

    @Override
    protected List<NamedPayload> hostileLengthPayloads(Serializer serializer) {
        List<NamedPayload> out = new ArrayList<>();
        arrayLengths(out, serializer, "InstallRequest.data byte[]", installRequest(40), 40, 1);
        arrayLengths(out, serializer, "KeepAliveRequest.sessionIds long[]", keepAliveRequest(7), 7, Long.BYTES);
        AppendRequest append = appendRequest(11);
        sizeWords(out, serializer, "AppendRequest.entries list", append, words(serializer, append), 12);
        MetadataResponse metadata = metadataResponse(13);
        sizeWords(out, serializer, "MetadataResponse.sessions set", metadata, words(serializer, metadata), 14);
        long[] words = words(serializer, append);
        arrayLengths(out, serializer, "carrier words long[]", append, words.length, Long.BYTES);
        Object[] references = new CarrierWriter(serializer.registry(), SerializerOptions.defaults())
                .write(serializer.registry().find(AppendRequest.class), append).references();
        arrayLengths(out, serializer, "carrier references Object[]", append, references.length,
                StreamClasses.MIN_REFERENCE_BYTES);
        stringLengths(out, serializer);
        return out;
    }

    private static long[] words(Serializer serializer, Object value) {
        return new CarrierWriter(serializer.registry(), SerializerOptions.defaults())
                .write(serializer.registry().find(value.getClass()), value).words();
    }

    private static void arrayLengths(List<NamedPayload> out, Serializer serializer, String name, Object value,
            int length, int unitBytes) {
        byte[] valid = Payloads.encode(serializer, value);
        int id = serializer.registry().idOf(value);
        int at = arrayLengthOffset(valid, length);
        int remaining = valid.length - at - Integer.BYTES;
        String type = name.substring(name.lastIndexOf(' ') + 1);
        out.add(new NamedPayload(name + " length -1", id, withInt(valid, at, -1),
                "is negative (expected: >= 0)")); // JDK 17: "array length -1 is negative", JDK 25 without the -1
        out.add(new NamedPayload(name + " length 2^31-1", id, withInt(valid, at, Integer.MAX_VALUE),
                type + " length = " + Integer.MAX_VALUE + " (expected: 0.."));
        out.add(new NamedPayload(name + " length remaining+1", id, withInt(valid, at, remaining + 1),
                type + " length = " + (remaining + 1) + " (expected: 0.."));
        if (unitBytes > 1) {
            out.add(new NamedPayload(name + " length remaining/" + unitBytes + "+1", id,
                    withInt(valid, at, remaining / unitBytes + 1),
                    type + " length = " + (remaining / unitBytes + 1) + " (expected: 0.." + remaining / unitBytes
                            + ","));
        }
    }

    /** Patches the size word ({@code size + 1}) of a collection, found by its value in the carrier's words. */
    private static void sizeWords(List<NamedPayload> out, Serializer serializer, String name, Object value,
            long[] words, long sizeWord) {
        byte[] valid = Payloads.encode(serializer, value);
        int id = serializer.registry().idOf(value);
        int index = 0;
        while (words[index] != sizeWord) {
            index++;
        }
        int at = JdkStreams.wordsOffset(valid, words) + Long.BYTES * index;
        long left = words.length - index - 1;
        String place = name.substring(0, name.indexOf(' '));
        // -2, not -1: a size word of 0 (size -1 + 1) is the null marker, which the constructor, not a bound, refuses
        for (long size : new long[] {-2, Integer.MAX_VALUE, left + 1, Long.MAX_VALUE - 1}) {
            out.add(new NamedPayload(name + " size " + (size == left + 1 ? "remaining+1" : String.valueOf(size)), id,
                    JdkStreams.withLong(valid, at, size + 1), place + " size = " + size + " (expected: 0.." + left
                    + ","));
        }
    }

    private static void stringLengths(List<NamedPayload> out, Serializer serializer) {
        OpenSessionRequest value = new OpenSessionRequest(new MemberId("client-1"), PROBE, "kv", new byte[] {1},
                ReadConsistency.LINEARIZABLE, 100, 200);
        int id = MessageType.OPEN_SESSION_REQUEST.id();
        byte[] valid = Payloads.encode(serializer, value);
        int at = JdkStreams.stringOffset(valid, PROBE);
        int remaining = valid.length - at - 3;
        out.add(new NamedPayload("OpenSessionRequest.name TC_STRING length 0xffff (-1)", id,
                withShort(valid, at + 1, 0xFFFF), "string length = 65535 (expected: 0.." + remaining + ","));
        out.add(new NamedPayload("OpenSessionRequest.name TC_STRING length remaining+1", id,
                withShort(valid, at + 1, remaining + 1), "string length = " + (remaining + 1) + " (expected: 0.."
                        + remaining + ","));
        for (long declared : new long[] {-1, Integer.MAX_VALUE, remaining + 1, Long.MAX_VALUE}) {
            byte[] hostile = JdkStreams.splice(valid, at, 3, JdkStreams.longStringHeader(declared));
            out.add(new NamedPayload("OpenSessionRequest.name TC_LONGSTRING length " + declared, id, hostile,
                    "long string length = " + declared + " (expected: 0.."));
        }
        int name = JdkStreams.indexOf(valid, Carrier.class.getName().getBytes(StandardCharsets.US_ASCII));
        out.add(new NamedPayload("carrier class name length 0xffff", id, withShort(valid, name - 2, 0xFFFF),
                "class name length = 65535 (expected: 0.."));
    }

    /**
     * 32 KiB: a refused jdk decode allocated at most 22,452 bytes beyond twice the payload (measured 2026-11-23, JDK
     * 17): {@code ObjectInputStream}'s own block buffer, handle table and descriptor objects come on top of what
     * raftwire's checks allow.
     */
    @Override
    protected long allocationSlackBytes() {
        return 32 * 1024;
    }

    /**
     * 5: a refused jdk decode that reads a whole large array before the refusal allocates several times the
     * payload (JDK serialization reads into buffers and objects of its own before raftwire's checks see the value).
     * Measured 2026-11-29: the long profile's fresh seed
     * 2422449841804428322 (mutation 16353 of the 31,807-byte {@code InstallRequest} fixture, whose data is a 31,500-byte
     * array) allocated 142,472 bytes, 4.5 times the payload, on JDK 17 and JDK 25 alike.
     */
    @Override
    protected long allocationPerPayloadByte() {
        return 5;
    }

    /** The jdk provider's token is a word of the carrier, after the record's type id; the filler is words. */
    @Override
    protected byte[] oneTokenPayload(int typeId, long token, int fillerUnits) {
        long[] words = new long[2 + fillerUnits];
        words[0] = typeId;
        words[1] = token;
        return JdkStreams.plainStream(new Carrier(words, null));
    }

    @Override
    protected List<NamedPayload> smuggledClassPayloads(Serializer serializer) {
        List<NamedPayload> out = new ArrayList<>();
        // Building these streams runs Canary's constructor and hashCode here; only effects of decoding must count.
        int before = Canary.SIDE_EFFECTS.get();
        try {
            Canary canary = new Canary();
            Map<Object, Object> map = new HashMap<>();
            map.put(canary, 1);
            out.add(new NamedPayload("a Canary object", VOTE_REQUEST, plainStream(canary)));
            out.add(new NamedPayload("HashMap{Canary: 1}", VOTE_REQUEST, plainStream(map)));
            out.add(new NamedPayload("a carrier holding a Canary", VOTE_REQUEST,
                    plainStream(new Carrier(new long[] {VOTE_REQUEST, 1, 61, 1, 2, 3}, new Object[] {canary}))));
        } finally {
            Canary.SIDE_EFFECTS.set(before);
        }
        out.add(new NamedPayload("a carrier holding the Canary class", VOTE_REQUEST,
                plainStream(new Carrier(new long[] {VOTE_REQUEST, 1, 61, 1, 2, 3}, new Object[] {Canary.class}))));
        out.add(new NamedPayload("a carrier holding a catalog enum constant", VOTE_REQUEST, plainStream(new Carrier(
                new long[] {VOTE_REQUEST, 1, 61, 1, 2, 3}, new Object[] {ReadConsistency.LINEARIZABLE}))));
        out.add(new NamedPayload("a registered class named in place of the carrier", MessageType.MEMBER_ID.id(),
                registeredClassNamed(serializer)));
        out.add(new NamedPayload("a dynamic proxy class descriptor", VOTE_REQUEST, JdkStreams.concat(
                new byte[] {(byte) 0xAC, (byte) 0xED, 0, 5, 0x73, 0x7D, 0, 0, 0, 1, 0, 18},
                "java.lang.Runnable".getBytes(StandardCharsets.US_ASCII), new byte[] {0x78, 0x70})));
        return out;
    }

    /** Our MemberId payload with the carrier's class name replaced by MemberId's own (both are 34 characters). */
    private static byte[] registeredClassNamed(Serializer serializer) {
        byte[] valid = Payloads.encode(serializer, new MemberId("node-1"));
        byte[] carrier = Carrier.class.getName().getBytes(StandardCharsets.US_ASCII);
        byte[] member = MemberId.class.getName().getBytes(StandardCharsets.US_ASCII);
        if (carrier.length != member.length) {
            throw new AssertionError("class names differ in length: " + carrier.length + " vs " + member.length);
        }
        return JdkStreams.splice(valid, JdkStreams.indexOf(valid, carrier), carrier.length, member);
    }

    /**
     * A JDK stream can name one array many times by handle, and every catalog constructor copies its arrays: before
     * format 2, a payload holding one 16 KiB array once and 400 handles to it decoded into 400 copies (6.4 MB from 52
     * KB, and the amplification grows with the square of the payload). The arrays a payload yields must add up to no
     * more than its bytes. Here 40 entries share the array; the refusal may read the payload and copy its array once
     * (plus the JDK stream's own costs), never once per handle.
     */
    @Test
    void anArrayNamedManyTimesByHandleIsRefused() {
        AppendRequest append = appendRequest(40);
        Carrier carrier = new CarrierWriter(serializer().registry(), SerializerOptions.defaults())
                .write(serializer().registry().find(AppendRequest.class), append);
        byte[] shared = new byte[16 * 1024];
        Object[] references = carrier.references().clone();
        for (int i = 0; i < references.length; i++) {
            if (references[i] instanceof byte[]) {
                references[i] = shared;
            }
        }
        byte[] payload = plainStream(new Carrier(carrier.words(), references));
        int id = MessageType.APPEND_REQUEST.id();
        SerializationException e = assertThrows(SerializationException.class,
                () -> Payloads.decodeHeap(serializer(), id, payload), "40 handles to one array decoded");
        assertTrue(e.getMessage().contains("each array of the payload used once"), e.getMessage());
        long before = AllocationMeter.allocatedBytes();
        assertThrows(SerializationException.class, () -> Payloads.decodeHeap(serializer(), id, payload));
        long used = AllocationMeter.allocatedBytes() - before;
        assertTrue(used <= 4L * payload.length + ALLOCATION_SLACK_BYTES, "refusing " + payload.length
                + " bytes allocated " + used + " (40 copies of the array alone: " + 40 * shared.length + ")");
    }

    /** The writer never shares an array between two places, so a value that does still decodes within that budget. */
    @Test
    void aValueHoldingOneArrayTwiceIsWrittenWithTwoCopies() {
        Serializer twins = Serializers.create("jdk", TypeRegistry.builder().register(1024, Twins.class).build(),
                SerializerOptions.defaults());
        byte[] data = new byte[64 * 1024];
        Arrays.fill(data, (byte) 7);
        Twins decoded = (Twins) Payloads.decodeHeap(twins, 1024, Payloads.encode(twins, new Twins(data, data)));
        assertArrayEquals(data, decoded.left());
        assertArrayEquals(data, decoded.right());
        assertNotSame(decoded.left(), decoded.right());
    }

    /**
     * A count that just fits the references left, followed by a refused element: the list must not have been sized
     * for the count (a list of strings cost 8 bytes per 3 payload bytes, the stream's array and the list's).
     */
    @Test
    void countsThatJustFitDoNotSizeCollectionsBeforeTheElementsArrive() {
        int n = 100_000;
        Object[] references = new Object[n + 1];
        references[0] = "k";
        references[1] = "a";
        byte[] stream = plainStream(new Carrier(new long[] {UserTypes.KV_COMMAND_ID, 1, 0, 0, n + 1L}, references));
        assertRefusedWithinAllocationBound(new NamedPayload("KvCommand.tags size " + n + ", second tag null",
                UserTypes.KV_COMMAND_ID, JdkStreams.concat(stream, new byte[2 * n + 16])));
    }

    /** A user type that keeps the arrays it is given, so one instance can hold the same array twice. */
    public record Twins(byte[] left, byte[] right) {
    }

    static InstallRequest installRequest(int dataBytes) {
        byte[] data = new byte[dataBytes];
        Arrays.fill(data, (byte) 0xAB);
        return new InstallRequest(3, new MemberId("leader-1"), 10, 1_700_000_000_000L, 1, 0, data, false);
    }

    static KeepAliveRequest keepAliveRequest(int sessions) {
        long[] ids = LongStream.range(100, 100 + sessions).toArray();
        return new KeepAliveRequest(ids, ids.clone(), ids.clone());
    }

    static AppendRequest appendRequest(int entries) {
        List<RaftLogEntry> list = new ArrayList<>();
        for (int i = 0; i < entries; i++) {
            list.add(new CommandEntry(3, 1_700_000_000_000L + i, 7, i, new PrimitiveOperation(
                    new DefaultOperationId("put", OperationType.COMMAND), new byte[] {(byte) i})));
        }
        return new AppendRequest(3, new MemberId("leader-1"), 40, 3, list, 39);
    }

    static MetadataResponse metadataResponse(int sessions) {
        Set<SessionMetadata> set = new LinkedHashSet<>();
        for (int i = 0; i < sessions; i++) {
            set.add(new SessionMetadata(i, "session-" + i, "kv"));
        }
        return new MetadataResponse(RaftResponse.Status.OK, null, set);
    }
}
