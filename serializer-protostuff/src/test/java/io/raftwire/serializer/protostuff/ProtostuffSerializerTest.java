package io.raftwire.serializer.protostuff;

import io.raftwire.message.MessageType;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.contract.NamedPayload;
import io.raftwire.serializer.contract.SerializerContract;
import io.raftwire.serializer.contract.UserTypes;

import java.util.ArrayList;
import java.util.List;

/**
 * The provider contract for protostuff, with payloads crafted by hand in the protostuff wire format
 * ({@link Wire}): hostile declared lengths for every length-carrying shape, and class names or foreign type ids in
 * polymorphic slots.
 */
class ProtostuffSerializerTest extends SerializerContract {

    private static final String CANARY = "io.raftwire.serializer.contract.Canary";
    /** Protostuff runtime's field number for a polymorphic value's class name and body (RuntimeFieldFactory). */
    private static final int RUNTIME_ID_POJO = 127;

    @Override
    protected String providerName() {
        return "protostuff";
    }

    @Override
    protected List<NamedPayload> hostileLengthPayloads(Serializer serializer) {
        List<NamedPayload> payloads = new ArrayList<>();
        // String: OpenSessionRequest.name (field 2), after the node (field 1).
        lengths(payloads, "OpenSessionRequest.name string length", MessageType.OPEN_SESSION_REQUEST.id(),
                new Wire().member(1, "n1"), 2, Wire.LENGTH_DELIMITED, "abc".getBytes());
        // String inside a nested value: MemberId.id of a VoteRequest's candidate.
        lengths(payloads, "VoteRequest.candidate.id string length", MessageType.VOTE_REQUEST.id(),
                new Wire().int64(1, 3).start(2), 1, Wire.LENGTH_DELIMITED, new byte[] {0x0C, 0x18, 0x01});
        // byte[]: InstallRequest.data (field 7), after term, leader, index, timestamp, version, offset.
        lengths(payloads, "InstallRequest.data byte[] length", MessageType.INSTALL_REQUEST.id(),
                new Wire().int64(1, 2).member(2, "n1").int64(3, 9).int64(4, 1).int64(5, 1).int64(6, 0), 7,
                Wire.LENGTH_DELIMITED, new byte[] {1, 2, 3, 4, 0x40, 0x01});
        // long[]: KeepAliveRequest.sessionIds (field 1), packed.
        lengths(payloads, "KeepAliveRequest.sessionIds long[] byte length", MessageType.KEEP_ALIVE_REQUEST.id(),
                new Wire(), 1, Wire.LENGTH_DELIMITED, new byte[] {1, 2, 3});
        // List of polymorphic values: AppendRequest.entries (field 5) count.
        lengths(payloads, "AppendRequest.entries list count", MessageType.APPEND_REQUEST.id(),
                new Wire().int64(1, 2).member(2, "n1").int64(3, 1).int64(4, 1), 5, Wire.VARINT,
                new Wire().int64(5, 41).start(5).int64(1, 1).int64(2, 1).end(5).bytes());
        // List of strings: KvCommand.tags (field 4) count.
        lengths(payloads, "KvCommand.tags list count", UserTypes.KV_COMMAND_ID,
                new Wire().string(1, "k").int64(3, 0), 4, Wire.VARINT, new Wire().string(4, "a").bytes());
        // Set of values: MetadataResponse.sessions (field 3) count.
        lengths(payloads, "MetadataResponse.sessions set count", MessageType.METADATA_RESPONSE.id(),
                new Wire().int64(1, 0), 3, Wire.VARINT,
                new Wire().start(3).int64(1, 1).string(2, "s").string(3, "t").end(3).bytes());
        // Set of values in a user type: AuditEntry.witnesses (field 2) count.
        lengths(payloads, "AuditEntry.witnesses set count", UserTypes.AUDIT_ENTRY_ID, new Wire(), 2, Wire.VARINT,
                new Wire().member(2, "m1").int64(3, 0).bytes());
        return payloads;
    }

    /** Adds the payload {@code prefix, tag(field), declared, tail} for declared -1, 2^31-1 and remaining+1. */
    private static void lengths(List<NamedPayload> payloads, String what, int typeId, Wire prefix, int field,
            int wireType, byte[] tail) {
        byte[] head = prefix.tag(field, wireType).bytes();
        long[] declared = {-1, Integer.MAX_VALUE, tail.length + 1};
        String[] names = {"-1", "2^31-1", "remaining+1"};
        for (int i = 0; i < declared.length; i++) {
            byte[] bytes = new Wire().append(head).varint(declared[i]).append(tail).bytes();
            payloads.add(new NamedPayload(what + " " + names[i], typeId, bytes, " = " + declared[i] + " (expected: 0.."
                    + Math.min(tail.length, tail.length / (wireType == Wire.VARINT ? 2 : 1)) + ","));
        }
    }

    /** Protostuff writes the token as field 1, a sint64 (zig-zag varint); the filler is bytes. */
    @Override
    protected byte[] oneTokenPayload(int typeId, long token, int fillerUnits) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.write(1 << 3);
        for (long v = (token << 1) ^ (token >> 63); ; v >>>= 7) {
            if ((v & ~0x7FL) == 0) {
                out.write((int) v);
                break;
            }
            out.write((int) (v & 0x7F) | 0x80);
        }
        for (int i = 0; i < fillerUnits; i++) {
            out.write(1);
        }
        return out.toByteArray();
    }

    @Override
    protected List<NamedPayload> smuggledClassPayloads(Serializer serializer) {
        int append = MessageType.APPEND_REQUEST.id();
        Wire appendHead = new Wire().int64(1, 2).member(2, "n1").int64(3, 1).int64(4, 1).int64(5, 1);
        List<NamedPayload> payloads = new ArrayList<>();
        // What protostuff's RuntimeSchema writes for a polymorphic field: a group holding the class name under
        // field 127, then the object under field 127.
        payloads.add(new NamedPayload("AppendRequest.entries element as a runtime-schema pojo naming Canary", append,
                new Wire().append(appendHead.bytes()).start(5).string(RUNTIME_ID_POJO, CANARY)
                        .start(RUNTIME_ID_POJO).end(RUNTIME_ID_POJO).end(5).int64(6, 1).bytes()));
        payloads.add(new NamedPayload("AppendRequest.entries element as a class-name string", append,
                new Wire().append(appendHead.bytes()).string(5, CANARY).int64(6, 1).bytes()));
        payloads.add(new NamedPayload("AppendRequest.entries element with unregistered type id 999", append,
                new Wire().append(appendHead.bytes()).int64(5, 999).start(5).int64(1, 1).int64(2, 1).end(5)
                        .int64(6, 1).bytes()));
        payloads.add(new NamedPayload("AppendRequest.entries element with MemberId's id (not a RaftLogEntry)",
                append, new Wire().append(appendHead.bytes()).int64(5, MessageType.MEMBER_ID.id())
                        .member(5, "n1").int64(6, 1).bytes()));
        payloads.add(new NamedPayload("AuditEntry.entry with unregistered user type id 32767",
                UserTypes.AUDIT_ENTRY_ID, new Wire().int64(1, 32767).start(1).end(1).int64(2, 0).int64(3, 0)
                        .bytes()));
        payloads.add(new NamedPayload("AuditEntry.entry with KvCommand's id (registered, not a RaftLogEntry)",
                UserTypes.AUDIT_ENTRY_ID, new Wire().int64(1, UserTypes.KV_COMMAND_ID).start(1).string(1, "k")
                        .int64(3, 0).int64(4, 0).end(1).int64(2, 0).int64(3, 0).bytes()));
        payloads.add(new NamedPayload("PrimitiveOperation.id as a runtime-schema HashMap{Canary}",
                MessageType.PRIMITIVE_OPERATION.id(), new Wire().start(1).string(RUNTIME_ID_POJO, "java.util.HashMap")
                        .start(RUNTIME_ID_POJO).start(1).string(RUNTIME_ID_POJO, CANARY).start(RUNTIME_ID_POJO)
                        .end(RUNTIME_ID_POJO).end(1).end(RUNTIME_ID_POJO).end(1).bytes()));
        payloads.add(new NamedPayload("MemberId with an extra field 127 naming Canary", MessageType.MEMBER_ID.id(),
                new Wire().string(1, "n1").string(RUNTIME_ID_POJO, CANARY).bytes()));
        return payloads;
    }
}
