package io.raftwire.serializer.fory;

import static io.raftwire.serializer.fory.Crafted.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.raftwire.message.MessageType;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.log.InitializeEntry;
import io.raftwire.message.request.AppendRequest;
import io.raftwire.message.request.ConfigureRequest;
import io.raftwire.message.request.InstallRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.response.MetadataResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftMember;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.message.value.SessionMetadata;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.contract.Canary;
import io.raftwire.serializer.contract.NamedPayload;
import io.raftwire.serializer.contract.Payloads;
import io.raftwire.serializer.contract.SerializerContract;
import io.raftwire.serializer.contract.UserTypes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import org.apache.fory.memory.MemoryBuffer;
import org.junit.jupiter.api.Test;

/**
 * The provider contract for Fory, with payloads crafted in this provider's layout: hostile lengths in every
 * length-carrying slot, and complete Fory payloads naming an unregistered class (written by a Fory that does not
 * require registration), or foreign ids, wherever Fory, or this layout, has a place for a type.
 */
class ForySerializerTest extends SerializerContract {

    /** Bytes after a hostile length, so that "remaining + 1" is concrete. */
    private static final byte[] FILLER = {1, 1, 1, 1, 1, 1, 1, 1};

    /**
     * One length-carrying field of one type: the payload bytes before it, an honest encoding of the field, the bytes
     * after it, and the value the honest payload decodes to.
     */
    private record Slot(String name, int typeId, byte[] before, byte[] field, byte[] after, Object value) {
        byte[] honest() {
            return concat(before, field, after);
        }
    }

    @Override
    protected String providerName() {
        return "fory";
    }

    @Override
    protected List<NamedPayload> hostileLengthPayloads(Serializer serializer) {
        List<NamedPayload> payloads = new ArrayList<>();
        for (Slot s : slots()) {
            String place = s.name().substring(0, s.name().indexOf(' '));
            // a length travels as a varuint32 of length + 1: ff ff ff ff 0f is 2^32-1, a length of 2^32-2
            payloads.add(new NamedPayload(s.name() + " length -1 (varuint32 ff ff ff ff 0f)", s.typeId(),
                    concat(s.before(), new Crafted().varint(-1).bytes(), FILLER),
                    place + " = " + 4294967294L + " (expected: 0.."));
            payloads.add(new NamedPayload(s.name() + " length 2^31-1", s.typeId(),
                    concat(s.before(), new Crafted().count(Integer.MAX_VALUE).bytes(), FILLER),
                    place + " = " + Integer.MAX_VALUE + " (expected: 0.."));
            payloads.add(new NamedPayload(s.name() + " length remaining+1", s.typeId(),
                    concat(s.before(), new Crafted().count(FILLER.length + 1).bytes(), FILLER),
                    place + " = " + (FILLER.length + 1) + " (expected: 0.."));
        }
        return payloads;
    }

    /** Fory writes the token as a zig-zag varint64; the filler is bytes. */
    @Override
    protected byte[] oneTokenPayload(int typeId, long token, int fillerUnits) {
        MemoryBuffer out = MemoryBuffer.newHeapBuffer(16);
        out.writeVarInt64(token);
        byte[] filler = new byte[fillerUnits];
        Arrays.fill(filler, (byte) 1);
        return concat(out.getBytes(0, out.writerIndex()), filler);
    }

    @Override
    protected List<NamedPayload> smuggledClassPayloads(Serializer serializer) {
        List<byte[]> gadgets = List.of(ForyGadgets.instance(Canary.class), ForyGadgets.mapHolding(Canary.class),
                ForyGadgets.listHolding(Canary.class));
        List<NamedPayload> payloads = new ArrayList<>();
        for (int typeId : new int[] {MessageType.APPEND_REQUEST.id(), MessageType.MEMBER_ID.id(),
            UserTypes.KV_COMMAND_ID, UserTypes.AUDIT_ENTRY_ID}) {
            for (byte[] gadget : gadgets) {
                payloads.add(new NamedPayload("fory by-name Canary gadget as the whole payload", typeId, gadget));
            }
        }
        for (byte[] gadget : gadgets) {
            payloads.add(new NamedPayload("fory by-name gadget in AppendRequest.entries",
                    MessageType.APPEND_REQUEST.id(),
                    concat(appendRequestUpToEntries(), new Crafted().count(1).bytes(), gadget)));
            payloads.add(new NamedPayload("fory by-name gadget in AuditEntry.entry", UserTypes.AUDIT_ENTRY_ID,
                    concat(gadget, new Crafted().count(0).varint(1).bytes())));
            payloads.add(new NamedPayload("fory by-name gadget in PrimitiveOperation.id",
                    MessageType.COMMAND_REQUEST.id(), concat(new Crafted().varlong(1).varlong(1).flag(true).bytes(),
                    gadget, new Crafted().count(0).bytes())));
        }
        // Type ids that are not registered, or registered but not a RaftLogEntry, in the one place ids travel.
        for (int id : new int[] {999, 1023, 1027, 32767, 65535, Integer.MAX_VALUE, -1,
            MessageType.MEMBER_ID.id(), MessageType.APPEND_REQUEST.id(), UserTypes.KV_COMMAND_ID}) {
            payloads.add(new NamedPayload("type id " + Integer.toUnsignedString(id) + " in AuditEntry.entry",
                    UserTypes.AUDIT_ENTRY_ID,
                    new Crafted().varint(id).varlong(1).varlong(1).count(0).varint(1).bytes()));
            payloads.add(new NamedPayload("type id " + Integer.toUnsignedString(id) + " in AppendRequest.entries",
                    MessageType.APPEND_REQUEST.id(), concat(appendRequestUpToEntries(),
                    new Crafted().count(1).varint(id).varlong(1).varlong(1).varlong(0).bytes())));
        }
        return payloads;
    }

    @Test
    void craftedSlotsDecodeWhenTheirLengthsAreHonest() {
        for (Slot s : slots()) {
            assertEquals(s.value(), Payloads.decodeHeap(serializer(), s.typeId(), s.honest()), s.name());
            assertEquals(s.value(), Payloads.decodeHeap(serializer(), s.typeId(), Payloads.encode(serializer(),
                    s.value())), s.name() + " round trip");
        }
    }

    @Test
    void craftedPolymorphicPrefixesDecodeWithARegisteredEntry() {
        byte[] initializeEntry = new Crafted().varint(MessageType.INITIALIZE_ENTRY.id()).varlong(1).varlong(2).bytes();
        AppendRequest append = new AppendRequest(1, new MemberId("l"), 0, 0, List.of(new InitializeEntry(1, 2)), 0);
        assertEquals(append, Payloads.decodeHeap(serializer(), MessageType.APPEND_REQUEST.id(),
                concat(appendRequestUpToEntries(), new Crafted().count(1).bytes(), initializeEntry,
                        new Crafted().varlong(0).bytes())));
        UserTypes.AuditEntry audit = new UserTypes.AuditEntry(new InitializeEntry(1, 2), Set.of(),
                UserTypes.Priority.LOW);
        assertEquals(audit, Payloads.decodeHeap(serializer(), UserTypes.AUDIT_ENTRY_ID,
                concat(initializeEntry, new Crafted().count(0).varint(1).bytes())));
    }

    /**
     * A count that just fits the bytes remaining (one per element) followed by elements that fail early: the collection
     * must not have been sized for the count.
     */
    @Test
    void countsThatJustFitDoNotSizeCollectionsBeforeTheElementsArrive() {
        int n = 100_000;
        byte[] padding = new byte[n];
        assertRefusedWithinAllocationBound(new NamedPayload("KvCommand.tags count " + n + ", first tag refused",
                UserTypes.KV_COMMAND_ID, concat(new Crafted().string("k").nul().varlong(0).count(n)
                        .count(Integer.MAX_VALUE).bytes(), padding)));
        assertRefusedWithinAllocationBound(new NamedPayload("AuditEntry.witnesses count " + n + ", second witness"
                + " repeats the first", UserTypes.AUDIT_ENTRY_ID, concat(new Crafted().nul().count(n).string("m1")
                        .string("m1").bytes(), padding)));
    }

    private static byte[] appendRequestUpToEntries() {
        return new Crafted().varlong(1).memberId("l").varlong(0).varlong(0).bytes();
    }

    private static List<Slot> slots() {
        byte[] openSessionTail = new Crafted().string("type").count(0).varint(1).varlong(0).varlong(0).bytes();
        OpenSessionRequest open = new OpenSessionRequest(new MemberId("n1"), "svc", "type", new byte[0],
                ReadConsistency.SEQUENTIAL, 0, 0);
        return List.of(
            new Slot("OpenSessionRequest.name (String)", MessageType.OPEN_SESSION_REQUEST.id(),
                new Crafted().memberId("n1").bytes(), new Crafted().string("svc").bytes(), openSessionTail, open),
            new Slot("MemberId.id (String in a VALUE)", MessageType.OPEN_SESSION_REQUEST.id(),
                new Crafted().flag(true).bytes(), new Crafted().string("n1").bytes(),
                concat(new Crafted().string("svc").bytes(), openSessionTail), open),
            new Slot("InstallRequest.data (byte[])", MessageType.INSTALL_REQUEST.id(),
                new Crafted().varlong(1).memberId("l").varlong(2).varlong(3).varint(0).varint(0).bytes(),
                new Crafted().count(3).raw((byte) 1, (byte) 2, (byte) 3).bytes(), new Crafted().flag(true).bytes(),
                new InstallRequest(1, new MemberId("l"), 2, 3, 0, 0, new byte[] {1, 2, 3}, true)),
            new Slot("KeepAliveRequest.sessionIds (long[])", MessageType.KEEP_ALIVE_REQUEST.id(), new byte[0],
                new Crafted().count(2).varlong(5).varlong(600).bytes(),
                new Crafted().count(2).varlong(1).varlong(2).count(2).varlong(3).varlong(4).bytes(),
                new KeepAliveRequest(new long[] {5, 600}, new long[] {1, 2}, new long[] {3, 4})),
            new Slot("AppendRequest.entries (List of POLYMORPHIC)", MessageType.APPEND_REQUEST.id(),
                appendRequestUpToEntries(),
                new Crafted().count(1).varint(MessageType.INITIALIZE_ENTRY.id()).varlong(1).varlong(2).bytes(),
                new Crafted().varlong(0).bytes(),
                new AppendRequest(1, new MemberId("l"), 0, 0, List.of(new InitializeEntry(1, 2)), 0)),
            new Slot("ConfigureRequest.members (List of VALUE)", MessageType.CONFIGURE_REQUEST.id(),
                new Crafted().varlong(1).memberId("l").varlong(2).varlong(3).bytes(),
                new Crafted().count(1).memberId("m").varint(RaftMember.Type.ACTIVE.ordinal() + 1).varlong(9).bytes(),
                new byte[0], new ConfigureRequest(1, new MemberId("l"), 2, 3,
                        List.of(new RaftMember(new MemberId("m"), RaftMember.Type.ACTIVE, 9)))),
            new Slot("KvCommand.tags (List of String)", UserTypes.KV_COMMAND_ID,
                new Crafted().string("k").nul().varlong(0).bytes(), new Crafted().count(2).string("a").string("b")
                .bytes(), new byte[0], new UserTypes.KvCommand("k", null, 0, List.of("a", "b"))),
            new Slot("TreeNode.children (recursive List of VALUE)", UserTypes.TREE_NODE_ID,
                new Crafted().string("root").bytes(), new Crafted().count(1).string("leaf").count(0).bytes(),
                new byte[0], new UserTypes.TreeNode("root", List.of(new UserTypes.TreeNode("leaf", List.of())))),
            new Slot("MetadataResponse.sessions (Set of VALUE)", MessageType.METADATA_RESPONSE.id(),
                new Crafted().varint(RaftResponse.Status.OK.ordinal() + 1).flag(false).bytes(),
                new Crafted().count(1).varlong(7).string("s").string("t").bytes(), new byte[0],
                new MetadataResponse(RaftResponse.Status.OK, null, Set.of(new SessionMetadata(7, "s", "t")))),
            new Slot("AuditEntry.witnesses (Set of VALUE)", UserTypes.AUDIT_ENTRY_ID, new Crafted().nul().bytes(),
                new Crafted().count(1).string("m1").bytes(), new Crafted().varint(1).bytes(),
                new UserTypes.AuditEntry(null, Set.of(new MemberId("m1")), UserTypes.Priority.LOW)));
    }
}
