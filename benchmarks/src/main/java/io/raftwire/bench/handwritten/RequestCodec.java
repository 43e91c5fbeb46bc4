package io.raftwire.bench.handwritten;

import io.netty.buffer.ByteBuf;
import io.raftwire.message.MessageType;
import io.raftwire.message.request.AppendRequest;
import io.raftwire.message.request.CloseSessionRequest;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.ConfigureRequest;
import io.raftwire.message.request.InstallRequest;
import io.raftwire.message.request.JoinRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.LeaveRequest;
import io.raftwire.message.request.MetadataRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.request.PollRequest;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.request.QueryRequest;
import io.raftwire.message.request.ReconfigureRequest;
import io.raftwire.message.request.ResetRequest;
import io.raftwire.message.request.TransferRequest;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.ReadConsistency;

/**
 * Hand code for the 17 requests (ids 1..17): components in constructor order, numbers as varints, nested values
 * inline; see {@link Wire} for the primitive encodings.
 */
final class RequestCodec {

    private static final ReadConsistency[] CONSISTENCIES = ReadConsistency.values();

    private RequestCodec() {
    }

    static void write(MessageType type, Object m, ByteBuf out) {
        switch (type) {
            case OPEN_SESSION_REQUEST -> writeOpenSession(out, (OpenSessionRequest) m);
            case APPEND_REQUEST -> writeAppend(out, (AppendRequest) m);
            case CLOSE_SESSION_REQUEST -> {
                CloseSessionRequest r = (CloseSessionRequest) m;
                Wire.writeLong(out, r.session());
                Wire.writeBoolean(out, r.delete());
            }
            case COMMAND_REQUEST -> {
                CommandRequest r = (CommandRequest) m;
                Wire.writeLong(out, r.session());
                Wire.writeLong(out, r.sequence());
                ValueCodec.writeOperation(out, r.operation());
            }
            case CONFIGURE_REQUEST -> writeConfigure(out, (ConfigureRequest) m);
            case INSTALL_REQUEST -> writeInstall(out, (InstallRequest) m);
            case JOIN_REQUEST -> ValueCodec.writeMember(out, ((JoinRequest) m).member());
            case KEEP_ALIVE_REQUEST -> {
                KeepAliveRequest r = (KeepAliveRequest) m;
                EntryCodec.writeParallel(out, ArrayFields.sessionIds(r), ArrayFields.commandSequences(r),
                        ArrayFields.eventIndexes(r));
            }
            case LEAVE_REQUEST -> ValueCodec.writeMember(out, ((LeaveRequest) m).member());
            case METADATA_REQUEST -> Wire.writeLong(out, ((MetadataRequest) m).session());
            case POLL_REQUEST -> {
                PollRequest r = (PollRequest) m;
                writeElection(out, r.term(), r.candidate(), r.lastLogIndex(), r.lastLogTerm());
            }
            case PUBLISH_REQUEST -> writePublish(out, (PublishRequest) m);
            case QUERY_REQUEST -> {
                QueryRequest r = (QueryRequest) m;
                Wire.writeLong(out, r.session());
                Wire.writeLong(out, r.sequence());
                ValueCodec.writeOperation(out, r.operation());
                Wire.writeLong(out, r.index());
            }
            case RECONFIGURE_REQUEST -> {
                ReconfigureRequest r = (ReconfigureRequest) m;
                ValueCodec.writeMember(out, r.member());
                Wire.writeLong(out, r.index());
                Wire.writeLong(out, r.term());
            }
            case RESET_REQUEST -> {
                ResetRequest r = (ResetRequest) m;
                Wire.writeLong(out, r.session());
                Wire.writeLong(out, r.index());
            }
            case TRANSFER_REQUEST -> ValueCodec.writeMemberId(out, ((TransferRequest) m).member());
            case VOTE_REQUEST -> {
                VoteRequest r = (VoteRequest) m;
                writeElection(out, r.term(), r.candidate(), r.lastLogIndex(), r.lastLogTerm());
            }
            default -> throw new IllegalArgumentException("type = " + type + " (expected: a request, ids 1..17)");
        }
    }

    static Object read(MessageType type, ByteBuf in) {
        return switch (type) {
            case OPEN_SESSION_REQUEST -> readOpenSession(in);
            case APPEND_REQUEST -> readAppend(in);
            case CLOSE_SESSION_REQUEST -> new CloseSessionRequest(Wire.readLong(in), Wire.readBoolean(in));
            case COMMAND_REQUEST -> new CommandRequest(Wire.readLong(in), Wire.readLong(in),
                    ValueCodec.readOperation(in));
            case CONFIGURE_REQUEST -> readConfigure(in);
            case INSTALL_REQUEST -> readInstall(in);
            case JOIN_REQUEST -> new JoinRequest(ValueCodec.readMember(in));
            case KEEP_ALIVE_REQUEST -> readKeepAlive(in);
            case LEAVE_REQUEST -> new LeaveRequest(ValueCodec.readMember(in));
            case METADATA_REQUEST -> new MetadataRequest(Wire.readLong(in));
            case POLL_REQUEST -> new PollRequest(Wire.readLong(in), ValueCodec.readMemberId(in), Wire.readLong(in),
                    Wire.readLong(in));
            case PUBLISH_REQUEST -> new PublishRequest(Wire.readLong(in), Wire.readLong(in), Wire.readLong(in),
                    ValueCodec.readEvents(in));
            case QUERY_REQUEST -> readQuery(in);
            case RECONFIGURE_REQUEST -> new ReconfigureRequest(ValueCodec.readMember(in), Wire.readLong(in),
                    Wire.readLong(in));
            case RESET_REQUEST -> new ResetRequest(Wire.readLong(in), Wire.readLong(in));
            case TRANSFER_REQUEST -> new TransferRequest(ValueCodec.readMemberId(in));
            case VOTE_REQUEST -> new VoteRequest(Wire.readLong(in), ValueCodec.readMemberId(in), Wire.readLong(in),
                    Wire.readLong(in));
            default -> throw new IllegalArgumentException("type = " + type + " (expected: a request, ids 1..17)");
        };
    }

    private static void writeOpenSession(ByteBuf out, OpenSessionRequest r) {
        ValueCodec.writeMemberId(out, r.node());
        Wire.writeString(out, r.name());
        Wire.writeString(out, r.typeName());
        Wire.writeBytes(out, ArrayFields.config(r));
        out.writeByte(r.readConsistency().ordinal());
        Wire.writeLong(out, r.minTimeout());
        Wire.writeLong(out, r.maxTimeout());
    }

    private static OpenSessionRequest readOpenSession(ByteBuf in) {
        MemberId node = ValueCodec.readMemberId(in);
        String name = Wire.readString(in);
        String typeName = Wire.readString(in);
        byte[] config = Wire.readBytes(in);
        ReadConsistency consistency = CONSISTENCIES[Wire.readOrdinal(in, CONSISTENCIES.length, "read consistency")];
        long minTimeout = Wire.readLong(in);
        return new OpenSessionRequest(node, name, typeName, config, consistency, minTimeout, Wire.readLong(in));
    }

    private static void writeAppend(ByteBuf out, AppendRequest r) {
        Wire.writeLong(out, r.term());
        ValueCodec.writeMemberId(out, r.leader());
        Wire.writeLong(out, r.prevLogIndex());
        Wire.writeLong(out, r.prevLogTerm());
        EntryCodec.writeEntries(out, r.entries());
        Wire.writeLong(out, r.commitIndex());
    }

    private static AppendRequest readAppend(ByteBuf in) {
        long term = Wire.readLong(in);
        MemberId leader = ValueCodec.readMemberId(in);
        long prevLogIndex = Wire.readLong(in);
        long prevLogTerm = Wire.readLong(in);
        return new AppendRequest(term, leader, prevLogIndex, prevLogTerm, EntryCodec.readEntries(in),
                Wire.readLong(in));
    }

    private static void writeConfigure(ByteBuf out, ConfigureRequest r) {
        Wire.writeLong(out, r.term());
        ValueCodec.writeMemberId(out, r.leader());
        Wire.writeLong(out, r.index());
        Wire.writeLong(out, r.timestamp());
        ValueCodec.writeMembers(out, r.members());
    }

    private static ConfigureRequest readConfigure(ByteBuf in) {
        long term = Wire.readLong(in);
        MemberId leader = ValueCodec.readMemberId(in);
        long index = Wire.readLong(in);
        long timestamp = Wire.readLong(in);
        return new ConfigureRequest(term, leader, index, timestamp, ValueCodec.readMembers(in));
    }

    private static void writeInstall(ByteBuf out, InstallRequest r) {
        Wire.writeLong(out, r.term());
        ValueCodec.writeMemberId(out, r.leader());
        Wire.writeLong(out, r.index());
        Wire.writeLong(out, r.timestamp());
        Wire.writeInt(out, r.version());
        Wire.writeInt(out, r.offset());
        Wire.writeBytes(out, ArrayFields.data(r));
        Wire.writeBoolean(out, r.complete());
    }

    private static InstallRequest readInstall(ByteBuf in) {
        long term = Wire.readLong(in);
        MemberId leader = ValueCodec.readMemberId(in);
        long index = Wire.readLong(in);
        long timestamp = Wire.readLong(in);
        int version = Wire.readInt(in);
        int offset = Wire.readInt(in);
        byte[] data = Wire.readBytes(in);
        return new InstallRequest(term, leader, index, timestamp, version, offset, data, Wire.readBoolean(in));
    }

    private static KeepAliveRequest readKeepAlive(ByteBuf in) {
        int n = Wire.readLength(in, "keep-alive arrays");
        return new KeepAliveRequest(EntryCodec.readLongs(in, n), EntryCodec.readLongs(in, n),
                EntryCodec.readLongs(in, n));
    }

    private static void writePublish(ByteBuf out, PublishRequest r) {
        Wire.writeLong(out, r.session());
        Wire.writeLong(out, r.eventIndex());
        Wire.writeLong(out, r.previousIndex());
        ValueCodec.writeEvents(out, r.events());
    }

    private static QueryRequest readQuery(ByteBuf in) {
        long session = Wire.readLong(in);
        long sequence = Wire.readLong(in);
        PrimitiveOperation operation = ValueCodec.readOperation(in);
        return new QueryRequest(session, sequence, operation, Wire.readLong(in));
    }

    /** Vote and poll requests share their shape. */
    private static void writeElection(ByteBuf out, long term, MemberId candidate, long lastLogIndex,
            long lastLogTerm) {
        Wire.writeLong(out, term);
        ValueCodec.writeMemberId(out, candidate);
        Wire.writeLong(out, lastLogIndex);
        Wire.writeLong(out, lastLogTerm);
    }
}
