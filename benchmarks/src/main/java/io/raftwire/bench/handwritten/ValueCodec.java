package io.raftwire.bench.handwritten;

import io.netty.buffer.ByteBuf;
import io.raftwire.message.MessageType;
import io.raftwire.message.value.DefaultEventType;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.EventType;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.OperationId;
import io.raftwire.message.value.OperationType;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.RaftMember;
import io.raftwire.message.value.SessionMetadata;
import io.raftwire.serializer.model.MalformedPayloadException;

import java.util.List;

/**
 * Hand code for the value types nested in messages (ids 61..68), and for lists of them.
 *
 * <p>Final value types travel without a type id. The two interface-typed components, {@link OperationId} and
 * {@link EventType}, are polymorphic: a varint type id (one byte) precedes the value, and only the catalog's
 * {@link DefaultOperationId} and {@link DefaultEventType} are accepted.
 */
final class ValueCodec {

    private static final int DEFAULT_OPERATION_ID = MessageType.DEFAULT_OPERATION_ID.id();
    private static final int DEFAULT_EVENT_TYPE = MessageType.DEFAULT_EVENT_TYPE.id();
    private static final RaftMember.Type[] MEMBER_TYPES = RaftMember.Type.values();
    private static final RaftError.Type[] ERROR_TYPES = RaftError.Type.values();
    private static final OperationType[] OPERATION_TYPES = OperationType.values();

    private ValueCodec() {
    }

    static void write(MessageType type, Object value, ByteBuf out) {
        switch (type) {
            case MEMBER_ID -> writeMemberId(out, (MemberId) value);
            case RAFT_MEMBER -> writeMember(out, (RaftMember) value);
            case SESSION_METADATA -> writeSession(out, (SessionMetadata) value);
            case RAFT_ERROR -> writeError(out, (RaftError) value);
            case PRIMITIVE_OPERATION -> writeOperation(out, (PrimitiveOperation) value);
            case DEFAULT_OPERATION_ID -> writeOperationIdBody(out, (DefaultOperationId) value);
            case PRIMITIVE_EVENT -> writeEvent(out, (PrimitiveEvent) value);
            case DEFAULT_EVENT_TYPE -> Wire.writeString(out, ((DefaultEventType) value).id());
            default -> throw new IllegalArgumentException("type = " + type + " (expected: a value type, ids 61..68)");
        }
    }

    static Object read(MessageType type, ByteBuf in) {
        return switch (type) {
            case MEMBER_ID -> readMemberId(in);
            case RAFT_MEMBER -> readMember(in);
            case SESSION_METADATA -> readSession(in);
            case RAFT_ERROR -> readError(in);
            case PRIMITIVE_OPERATION -> readOperation(in);
            case DEFAULT_OPERATION_ID -> readOperationIdBody(in);
            case PRIMITIVE_EVENT -> readEvent(in);
            case DEFAULT_EVENT_TYPE -> new DefaultEventType(Wire.readString(in));
            default -> throw new IllegalArgumentException("type = " + type + " (expected: a value type, ids 61..68)");
        };
    }

    static void writeMemberId(ByteBuf out, MemberId id) {
        Wire.writeString(out, id.id());
    }

    static MemberId readMemberId(ByteBuf in) {
        return new MemberId(Wire.readString(in));
    }

    /** A presence byte (0 or 1), then the id. */
    static void writeNullableMemberId(ByteBuf out, MemberId id) {
        Wire.writeBoolean(out, id != null);
        if (id != null) {
            writeMemberId(out, id);
        }
    }

    static MemberId readNullableMemberId(ByteBuf in) {
        return Wire.readBoolean(in) ? readMemberId(in) : null;
    }

    static void writeMemberIds(ByteBuf out, List<MemberId> ids) {
        int n = ids.size();
        Wire.writeInt(out, n);
        for (int i = 0; i < n; i++) {
            writeMemberId(out, ids.get(i));
        }
    }

    static List<MemberId> readMemberIds(ByteBuf in) {
        MemberId[] ids = new MemberId[Wire.readLength(in, "member id list")];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = readMemberId(in);
        }
        return List.of(ids);
    }

    static void writeMember(ByteBuf out, RaftMember member) {
        writeMemberId(out, member.id());
        out.writeByte(member.type().ordinal());
        Wire.writeLong(out, member.updated());
    }

    static RaftMember readMember(ByteBuf in) {
        MemberId id = readMemberId(in);
        RaftMember.Type type = MEMBER_TYPES[Wire.readOrdinal(in, MEMBER_TYPES.length, "member type")];
        return new RaftMember(id, type, Wire.readLong(in));
    }

    static void writeMembers(ByteBuf out, List<RaftMember> members) {
        int n = members.size();
        Wire.writeInt(out, n);
        for (int i = 0; i < n; i++) {
            writeMember(out, members.get(i));
        }
    }

    static List<RaftMember> readMembers(ByteBuf in) {
        RaftMember[] members = new RaftMember[Wire.readLength(in, "member list")];
        for (int i = 0; i < members.length; i++) {
            members[i] = readMember(in);
        }
        return List.of(members);
    }

    static void writeSession(ByteBuf out, SessionMetadata session) {
        Wire.writeLong(out, session.id());
        Wire.writeString(out, session.name());
        Wire.writeString(out, session.type());
    }

    static SessionMetadata readSession(ByteBuf in) {
        long id = Wire.readLong(in);
        String name = Wire.readString(in);
        return new SessionMetadata(id, name, Wire.readString(in));
    }

    static void writeError(ByteBuf out, RaftError error) {
        out.writeByte(error.type().ordinal());
        Wire.writeNullableString(out, error.message());
        writeNullableMemberId(out, error.leader());
    }

    static RaftError readError(ByteBuf in) {
        RaftError.Type type = ERROR_TYPES[Wire.readOrdinal(in, ERROR_TYPES.length, "error type")];
        String message = Wire.readNullableString(in);
        return new RaftError(type, message, readNullableMemberId(in));
    }

    /** One byte, 0 for {@code null} or the error type's ordinal + 1, then the nullable message and leader. */
    static void writeNullableError(ByteBuf out, RaftError error) {
        if (error == null) {
            out.writeByte(0);
            return;
        }
        out.writeByte(error.type().ordinal() + 1);
        Wire.writeNullableString(out, error.message());
        writeNullableMemberId(out, error.leader());
    }

    static RaftError readNullableError(ByteBuf in) {
        int tag = Wire.readOrdinal(in, ERROR_TYPES.length + 1, "error tag");
        if (tag == 0) {
            return null;
        }
        String message = Wire.readNullableString(in);
        return new RaftError(ERROR_TYPES[tag - 1], message, readNullableMemberId(in));
    }

    static void writeOperation(ByteBuf out, PrimitiveOperation operation) {
        OperationId id = operation.id();
        if (!(id instanceof DefaultOperationId)) {
            throw new IllegalArgumentException("operation id class = " + id.getClass().getName()
                    + " (expected: DefaultOperationId; the hand codec knows only the catalog)");
        }
        Wire.writeInt(out, DEFAULT_OPERATION_ID);
        writeOperationIdBody(out, (DefaultOperationId) id);
        Wire.writeBytes(out, ArrayFields.value(operation));
    }

    static PrimitiveOperation readOperation(ByteBuf in) {
        int typeId = Wire.readInt(in);
        if (typeId != DEFAULT_OPERATION_ID) {
            throw new MalformedPayloadException("operation id type = " + typeId + " (expected: "
                    + DEFAULT_OPERATION_ID + ")");
        }
        DefaultOperationId id = readOperationIdBody(in);
        return new PrimitiveOperation(id, Wire.readBytes(in));
    }

    private static void writeOperationIdBody(ByteBuf out, DefaultOperationId id) {
        Wire.writeString(out, id.id());
        out.writeByte(id.type().ordinal());
    }

    private static DefaultOperationId readOperationIdBody(ByteBuf in) {
        String id = Wire.readString(in);
        return new DefaultOperationId(id, OPERATION_TYPES[Wire.readOrdinal(in, OPERATION_TYPES.length,
                "operation type")]);
    }

    static void writeEvent(ByteBuf out, PrimitiveEvent event) {
        EventType type = event.type();
        if (!(type instanceof DefaultEventType)) {
            throw new IllegalArgumentException("event type class = " + type.getClass().getName()
                    + " (expected: DefaultEventType; the hand codec knows only the catalog)");
        }
        Wire.writeInt(out, DEFAULT_EVENT_TYPE);
        Wire.writeString(out, type.id());
        Wire.writeBytes(out, ArrayFields.value(event));
    }

    static PrimitiveEvent readEvent(ByteBuf in) {
        int typeId = Wire.readInt(in);
        if (typeId != DEFAULT_EVENT_TYPE) {
            throw new MalformedPayloadException("event type id = " + typeId + " (expected: " + DEFAULT_EVENT_TYPE
                    + ")");
        }
        DefaultEventType type = new DefaultEventType(Wire.readString(in));
        return new PrimitiveEvent(type, Wire.readBytes(in));
    }

    static void writeEvents(ByteBuf out, List<PrimitiveEvent> events) {
        int n = events.size();
        Wire.writeInt(out, n);
        for (int i = 0; i < n; i++) {
            writeEvent(out, events.get(i));
        }
    }

    static List<PrimitiveEvent> readEvents(ByteBuf in) {
        PrimitiveEvent[] events = new PrimitiveEvent[Wire.readLength(in, "event list")];
        for (int i = 0; i < events.length; i++) {
            events[i] = readEvent(in);
        }
        return List.of(events);
    }
}
