package io.raftwire.bench.handwritten;

import io.netty.buffer.ByteBuf;
import io.raftwire.message.MessageType;
import io.raftwire.message.log.CloseSessionEntry;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.log.ConfigurationEntry;
import io.raftwire.message.log.InitializeEntry;
import io.raftwire.message.log.KeepAliveEntry;
import io.raftwire.message.log.MetadataEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.log.QueryEntry;
import io.raftwire.message.log.RaftLogEntry;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.serializer.model.MalformedPayloadException;

import java.util.List;

/**
 * Hand code for the log entries (ids 41..48) and for the polymorphic entry list of an append request, where each
 * entry is preceded by its varint type id (one byte).
 *
 * <p>Every entry starts with {@code term} and {@code timestamp}. Two tricks a careful hand codec uses and a generic
 * library cannot: the three parallel {@code long[]} of a keep-alive share one length (the constructor requires equal
 * lengths), and the two booleans of a close-session entry share one flags byte.
 */
final class EntryCodec {

    private static final ReadConsistency[] CONSISTENCIES = ReadConsistency.values();
    private static final int EXPIRED = 1;
    private static final int DELETE = 2;

    private EntryCodec() {
    }

    static void write(MessageType type, Object entry, ByteBuf out) {
        switch (type) {
            case INITIALIZE_ENTRY -> writeTimestamped(out, (InitializeEntry) entry);
            case CONFIGURATION_ENTRY -> writeConfiguration(out, (ConfigurationEntry) entry);
            case OPEN_SESSION_ENTRY -> writeOpenSession(out, (OpenSessionEntry) entry);
            case KEEP_ALIVE_ENTRY -> writeKeepAlive(out, (KeepAliveEntry) entry);
            case METADATA_ENTRY -> writeMetadata(out, (MetadataEntry) entry);
            case CLOSE_SESSION_ENTRY -> writeCloseSession(out, (CloseSessionEntry) entry);
            case COMMAND_ENTRY -> writeCommand(out, (CommandEntry) entry);
            case QUERY_ENTRY -> writeQuery(out, (QueryEntry) entry);
            default -> throw new IllegalArgumentException("type = " + type + " (expected: a log entry, ids 41..48)");
        }
    }

    static RaftLogEntry read(MessageType type, ByteBuf in) {
        long term = Wire.readLong(in);
        long timestamp = Wire.readLong(in);
        return switch (type) {
            case INITIALIZE_ENTRY -> new InitializeEntry(term, timestamp);
            case CONFIGURATION_ENTRY -> new ConfigurationEntry(term, timestamp, ValueCodec.readMembers(in));
            case OPEN_SESSION_ENTRY -> readOpenSession(in, term, timestamp);
            case KEEP_ALIVE_ENTRY -> readKeepAlive(in, term, timestamp);
            case METADATA_ENTRY -> new MetadataEntry(term, timestamp, Wire.readLong(in));
            case CLOSE_SESSION_ENTRY -> readCloseSession(in, term, timestamp);
            case COMMAND_ENTRY -> new CommandEntry(term, timestamp, Wire.readLong(in), Wire.readLong(in),
                    ValueCodec.readOperation(in));
            case QUERY_ENTRY -> new QueryEntry(term, timestamp, Wire.readLong(in), Wire.readLong(in),
                    ValueCodec.readOperation(in));
            default -> throw new IllegalArgumentException("type = " + type + " (expected: a log entry, ids 41..48)");
        };
    }

    /** A varint count, then each entry as its varint type id followed by its body. */
    static void writeEntries(ByteBuf out, List<RaftLogEntry> entries) {
        int n = entries.size();
        Wire.writeInt(out, n);
        for (int i = 0; i < n; i++) {
            RaftLogEntry entry = entries.get(i);
            MessageType type = CatalogTypes.of(entry.getClass());
            if (type == null) {
                throw new IllegalArgumentException("entries[" + i + "] class = " + entry.getClass().getName()
                        + " (expected: a catalog log entry)");
            }
            Wire.writeInt(out, type.id());
            write(type, entry, out);
        }
    }

    static List<RaftLogEntry> readEntries(ByteBuf in) {
        RaftLogEntry[] entries = new RaftLogEntry[Wire.readLength(in, "entry list")];
        for (int i = 0; i < entries.length; i++) {
            int id = Wire.readInt(in);
            if (id < MessageType.INITIALIZE_ENTRY.id() || id > MessageType.QUERY_ENTRY.id()) {
                throw new MalformedPayloadException("entries[" + i + "] type id = " + id + " (expected: "
                        + MessageType.INITIALIZE_ENTRY.id() + ".." + MessageType.QUERY_ENTRY.id() + ")");
            }
            entries[i] = read(MessageType.ofId(id), in);
        }
        return List.of(entries);
    }

    private static void writeTimestamped(ByteBuf out, InitializeEntry entry) {
        Wire.writeLong(out, entry.term());
        Wire.writeLong(out, entry.timestamp());
    }

    private static void writeConfiguration(ByteBuf out, ConfigurationEntry entry) {
        Wire.writeLong(out, entry.term());
        Wire.writeLong(out, entry.timestamp());
        ValueCodec.writeMembers(out, entry.members());
    }

    private static void writeOpenSession(ByteBuf out, OpenSessionEntry entry) {
        Wire.writeLong(out, entry.term());
        Wire.writeLong(out, entry.timestamp());
        ValueCodec.writeMemberId(out, entry.memberId());
        Wire.writeString(out, entry.serviceName());
        Wire.writeString(out, entry.serviceType());
        Wire.writeBytes(out, ArrayFields.serviceConfig(entry));
        out.writeByte(entry.readConsistency().ordinal());
        Wire.writeLong(out, entry.minTimeout());
        Wire.writeLong(out, entry.maxTimeout());
    }

    private static OpenSessionEntry readOpenSession(ByteBuf in, long term, long timestamp) {
        MemberId memberId = ValueCodec.readMemberId(in);
        String serviceName = Wire.readString(in);
        String serviceType = Wire.readString(in);
        byte[] serviceConfig = Wire.readBytes(in);
        ReadConsistency consistency = CONSISTENCIES[Wire.readOrdinal(in, CONSISTENCIES.length, "read consistency")];
        long minTimeout = Wire.readLong(in);
        return new OpenSessionEntry(term, timestamp, memberId, serviceName, serviceType, serviceConfig, consistency,
                minTimeout, Wire.readLong(in));
    }

    private static void writeKeepAlive(ByteBuf out, KeepAliveEntry entry) {
        Wire.writeLong(out, entry.term());
        Wire.writeLong(out, entry.timestamp());
        writeParallel(out, ArrayFields.sessionIds(entry), ArrayFields.commandSequences(entry),
                ArrayFields.eventIndexes(entry));
    }

    private static KeepAliveEntry readKeepAlive(ByteBuf in, long term, long timestamp) {
        int n = Wire.readLength(in, "keep-alive arrays");
        return new KeepAliveEntry(term, timestamp, readLongs(in, n), readLongs(in, n), readLongs(in, n));
    }

    private static void writeMetadata(ByteBuf out, MetadataEntry entry) {
        Wire.writeLong(out, entry.term());
        Wire.writeLong(out, entry.timestamp());
        Wire.writeLong(out, entry.session());
    }

    private static void writeCloseSession(ByteBuf out, CloseSessionEntry entry) {
        Wire.writeLong(out, entry.term());
        Wire.writeLong(out, entry.timestamp());
        Wire.writeLong(out, entry.session());
        out.writeByte((entry.expired() ? EXPIRED : 0) | (entry.delete() ? DELETE : 0));
    }

    private static CloseSessionEntry readCloseSession(ByteBuf in, long term, long timestamp) {
        long session = Wire.readLong(in);
        int flags = Wire.readOrdinal(in, (EXPIRED | DELETE) + 1, "close-session flags");
        return new CloseSessionEntry(term, timestamp, session, (flags & EXPIRED) != 0, (flags & DELETE) != 0);
    }

    private static void writeCommand(ByteBuf out, CommandEntry entry) {
        Wire.writeLong(out, entry.term());
        Wire.writeLong(out, entry.timestamp());
        Wire.writeLong(out, entry.session());
        Wire.writeLong(out, entry.sequence());
        ValueCodec.writeOperation(out, entry.operation());
    }

    private static void writeQuery(ByteBuf out, QueryEntry entry) {
        Wire.writeLong(out, entry.term());
        Wire.writeLong(out, entry.timestamp());
        Wire.writeLong(out, entry.session());
        Wire.writeLong(out, entry.sequence());
        ValueCodec.writeOperation(out, entry.operation());
    }

    /**
     * Three arrays of one length: the length once, then each array's varints. The caller guarantees equal lengths
     * (the catalog constructors check them).
     */
    static void writeParallel(ByteBuf out, long[] a, long[] b, long[] c) {
        Wire.writeInt(out, a.length);
        for (long v : a) {
            Wire.writeLong(out, v);
        }
        for (long v : b) {
            Wire.writeLong(out, v);
        }
        for (long v : c) {
            Wire.writeLong(out, v);
        }
    }

    /** {@code n} varints; {@code n} was checked against the readable bytes. */
    static long[] readLongs(ByteBuf in, int n) {
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = Wire.readLong(in);
        }
        return values;
    }
}
