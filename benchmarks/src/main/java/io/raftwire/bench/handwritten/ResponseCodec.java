package io.raftwire.bench.handwritten;

import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.FastThreadLocal;
import io.raftwire.message.MessageType;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.response.AppendResponse;
import io.raftwire.message.response.CloseSessionResponse;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.ConfigurationResponse;
import io.raftwire.message.response.ConfigureResponse;
import io.raftwire.message.response.InstallResponse;
import io.raftwire.message.response.JoinResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.LeaveResponse;
import io.raftwire.message.response.MetadataResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.response.OperationResponse;
import io.raftwire.message.response.PollResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.response.ReconfigureResponse;
import io.raftwire.message.response.TransferResponse;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.SessionMetadata;
import io.raftwire.serializer.model.MalformedPayloadException;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Hand code for the 15 responses (ids 21..35).
 *
 * <p>Every response starts with one header byte: bit 0 is the status ordinal, bits 1..4 are 0 for no error or the
 * error type's ordinal + 1. An error's nullable message follows the header. Then come the response's own components in
 * constructor order.
 */
final class ResponseCodec {

    private static final Status[] STATUSES = Status.values();
    private static final RaftError.Type[] ERROR_TYPES = RaftError.Type.values();
    private static final FastThreadLocal<SessionMetadata[]> SCRATCH = new FastThreadLocal<>() {
        @Override
        protected SessionMetadata[] initialValue() {
            return new SessionMetadata[16];
        }
    };

    private ResponseCodec() {
    }

    static void write(MessageType type, Object m, ByteBuf out) {
        writeHeader(out, (RaftResponse) m);
        switch (type) {
            case OPEN_SESSION_RESPONSE -> {
                OpenSessionResponse r = (OpenSessionResponse) m;
                Wire.writeLong(out, r.session());
                Wire.writeLong(out, r.timeout());
            }
            case APPEND_RESPONSE -> {
                AppendResponse r = (AppendResponse) m;
                Wire.writeLong(out, r.term());
                Wire.writeBoolean(out, r.succeeded());
                Wire.writeLong(out, r.lastLogIndex());
            }
            case CLOSE_SESSION_RESPONSE, CONFIGURE_RESPONSE, INSTALL_RESPONSE, TRANSFER_RESPONSE -> {
                // status and error only
            }
            case COMMAND_RESPONSE, QUERY_RESPONSE -> writeOperation(out, (OperationResponse) m);
            case JOIN_RESPONSE, LEAVE_RESPONSE, RECONFIGURE_RESPONSE -> writeConfiguration(out,
                    (ConfigurationResponse) m);
            case KEEP_ALIVE_RESPONSE -> {
                KeepAliveResponse r = (KeepAliveResponse) m;
                ValueCodec.writeNullableMemberId(out, r.leader());
                ValueCodec.writeMemberIds(out, r.members());
                Wire.writeLongs(out, ArrayFields.sessionIds(r));
            }
            case METADATA_RESPONSE -> writeSessions(out, ((MetadataResponse) m).sessions());
            case POLL_RESPONSE -> {
                PollResponse r = (PollResponse) m;
                Wire.writeLong(out, r.term());
                Wire.writeBoolean(out, r.accepted());
            }
            case VOTE_RESPONSE -> {
                VoteResponse r = (VoteResponse) m;
                Wire.writeLong(out, r.term());
                Wire.writeBoolean(out, r.voted());
            }
            default -> throw new IllegalArgumentException("type = " + type + " (expected: a response, ids 21..35)");
        }
    }

    static Object read(MessageType type, ByteBuf in) {
        int header = in.readUnsignedByte();
        Status status = STATUSES[header & 1];
        RaftError error = readError(in, header >>> 1);
        return switch (type) {
            case OPEN_SESSION_RESPONSE -> new OpenSessionResponse(status, error, Wire.readLong(in), Wire.readLong(in));
            case APPEND_RESPONSE -> new AppendResponse(status, error, Wire.readLong(in), Wire.readBoolean(in),
                    Wire.readLong(in));
            case CLOSE_SESSION_RESPONSE -> new CloseSessionResponse(status, error);
            case CONFIGURE_RESPONSE -> new ConfigureResponse(status, error);
            case INSTALL_RESPONSE -> new InstallResponse(status, error);
            case TRANSFER_RESPONSE -> new TransferResponse(status, error);
            case COMMAND_RESPONSE -> new CommandResponse(status, error, Wire.readLong(in), Wire.readLong(in),
                    Wire.readBytes(in), Wire.readLong(in));
            case QUERY_RESPONSE -> new QueryResponse(status, error, Wire.readLong(in), Wire.readLong(in),
                    Wire.readBytes(in), Wire.readLong(in));
            case JOIN_RESPONSE -> new JoinResponse(status, error, Wire.readLong(in), Wire.readLong(in),
                    Wire.readLong(in), ValueCodec.readMembers(in));
            case LEAVE_RESPONSE -> new LeaveResponse(status, error, Wire.readLong(in), Wire.readLong(in),
                    Wire.readLong(in), ValueCodec.readMembers(in));
            case RECONFIGURE_RESPONSE -> new ReconfigureResponse(status, error, Wire.readLong(in), Wire.readLong(in),
                    Wire.readLong(in), ValueCodec.readMembers(in));
            case KEEP_ALIVE_RESPONSE -> readKeepAlive(in, status, error);
            case METADATA_RESPONSE -> new MetadataResponse(status, error, readSessions(in));
            case POLL_RESPONSE -> new PollResponse(status, error, Wire.readLong(in), Wire.readBoolean(in));
            case VOTE_RESPONSE -> new VoteResponse(status, error, Wire.readLong(in), Wire.readBoolean(in));
            default -> throw new IllegalArgumentException("type = " + type + " (expected: a response, ids 21..35)");
        };
    }

    private static void writeHeader(ByteBuf out, RaftResponse r) {
        RaftError error = r.error();
        int errorTag = error == null ? 0 : error.type().ordinal() + 1;
        out.writeByte(r.status().ordinal() | errorTag << 1);
        if (error != null) {
            Wire.writeNullableString(out, error.message());
            ValueCodec.writeNullableMemberId(out, error.leader());
        }
    }

    private static RaftError readError(ByteBuf in, int errorTag) {
        if (errorTag == 0) {
            return null;
        }
        if (errorTag > ERROR_TYPES.length) {
            throw new MalformedPayloadException("error tag = " + errorTag + " (expected: 0.." + ERROR_TYPES.length
                    + ")");
        }
        String message = Wire.readNullableString(in);
        return new RaftError(ERROR_TYPES[errorTag - 1], message, ValueCodec.readNullableMemberId(in));
    }

    private static void writeOperation(ByteBuf out, OperationResponse r) {
        Wire.writeLong(out, r.index());
        Wire.writeLong(out, r.eventIndex());
        Wire.writeBytes(out, ArrayFields.result(r));
        Wire.writeLong(out, r.lastSequence());
    }

    private static void writeConfiguration(ByteBuf out, ConfigurationResponse r) {
        Wire.writeLong(out, r.index());
        Wire.writeLong(out, r.term());
        Wire.writeLong(out, r.timestamp());
        ValueCodec.writeMembers(out, r.members());
    }

    private static KeepAliveResponse readKeepAlive(ByteBuf in, Status status, RaftError error) {
        MemberId leader = ValueCodec.readNullableMemberId(in);
        List<MemberId> members = ValueCodec.readMemberIds(in);
        return new KeepAliveResponse(status, error, leader, members, Wire.readLongs(in));
    }

    /**
     * Copies the set into a per-thread scratch array instead of iterating it: the set's iterator (32 bytes) is the
     * one allocation escape analysis does not remove from an encode, while {@code HashSet.toArray(T[])} fills a
     * large-enough array without allocating.
     */
    private static void writeSessions(ByteBuf out, Set<SessionMetadata> sessions) {
        SessionMetadata[] scratch = SCRATCH.get();
        int n = sessions.size();
        if (scratch.length < n) {
            scratch = new SessionMetadata[Math.max(n, scratch.length * 2)];
            SCRATCH.set(scratch);
        }
        sessions.toArray(scratch);
        Wire.writeInt(out, n);
        try {
            for (int i = 0; i < n; i++) {
                ValueCodec.writeSession(out, scratch[i]);
            }
        } finally {
            Arrays.fill(scratch, 0, n, null);
        }
    }

    private static Set<SessionMetadata> readSessions(ByteBuf in) {
        int n = Wire.readLength(in, "session set");
        Set<SessionMetadata> sessions = new LinkedHashSet<>(n * 2);
        for (int i = 0; i < n; i++) {
            sessions.add(ValueCodec.readSession(in));
        }
        return sessions;
    }
}
