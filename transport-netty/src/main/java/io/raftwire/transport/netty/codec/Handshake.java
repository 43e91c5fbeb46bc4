package io.raftwire.transport.netty.codec;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.Serializer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What each side of a connection declares before any message is exchanged: the payload of the {@link FrameKind#HELLO}
 * frame (connecting side) and of the {@link FrameKind#WELCOME} frame (accepting side). The protocol version travels
 * in the frame header. Hand-encoded, never through a pluggable serializer:
 *
 * <pre>
 *  Cluster Id        u8 length + ASCII (1..64)
 *  Node Id           u8 length + ASCII (1..64)   the sender's member id
 *  Target Id         u8 length + ASCII (0..64)   HELLO: the member id the sender expects to reach; WELCOME: empty
 *  Lane              u8                          0 = urgent, 1 = bulk (see {@link Lane})
 *  Max Frame Bytes   int32 (>= 1024)             the sender's max-frame-bytes: the largest frame it reads
 *  Idle Timeout Ms   int32 (>= 0)                the sender's idle-timeout-ms: it closes a connection silent
 *                                                that long; 0 = off
 *  Registry Print    int64                       TypeRegistry fingerprint
 *  Type Count        int32                       number of registered types (for the error message)
 *  Send Serializer   u8                          id of the serializer the sender writes requests with
 *  Accepted Count    u8 (1..16)
 *  Accepted[i]       u8 id, int64 serializer fingerprint, u8 length + ASCII name (1..32)
 * </pre>
 *
 * <p>Since the schema marker, the last accepted entry a node of this build writes is its {@link SchemaMarker} (id
 * 127, the schema digest, the supported feature levels): the layout is unchanged, so a release before schemas reads it
 * as a serializer it never sends with. {@link #acceptedInfo} never returns it; {@link #serializers()} leaves it out.
 *
 * @param clusterId           the cluster name ({@code raftwire.cluster.id})
 * @param nodeId              the sender's member id ({@code raftwire.node.id})
 * @param targetId            the member id the connecting side expects, or empty
 * @param lane                which lane of the peer link this connection is
 * @param maxFrameBytes       the largest frame, length field included, the sender reads
 *                            ({@code raftwire.transport.max-frame-bytes}); the other side sends nothing larger
 * @param idleTimeoutMs       milliseconds without inbound bytes after which the sender closes the connection
 *                            ({@code raftwire.transport.idle-timeout-ms}, 0 = off); the other side pings often enough
 * @param registryFingerprint the sender's {@code TypeRegistry#fingerprint()}
 * @param typeCount           how many types the sender registered
 * @param sendSerializerId    the id of the serializer the sender writes its requests with
 * @param accepted            the serializers the sender accepts inbound, with their fingerprints; and, from a node
 *                            of this build, its {@link SchemaMarker}
 */
public record Handshake(String clusterId, String nodeId, String targetId, Lane lane, int maxFrameBytes,
        int idleTimeoutMs, long registryFingerprint, int typeCount, int sendSerializerId,
        List<SerializerInfo> accepted) {

    /** Most accepted serializers declared. */
    public static final int MAX_ACCEPTED = 16;
    private static final int MAX_ID_CHARS = 64;
    private static final int MAX_NAME_CHARS = 32;
    /**
     * Largest encoded handshake payload, from the layout above: three ids of 1 + 64 bytes, 23 bytes of fixed fields,
     * and {@value #MAX_ACCEPTED} serializers of 1 + 8 + 1 + 32 bytes: 195 + 23 + 672 = 890 bytes.
     */
    public static final int MAX_ENCODED_BYTES = 3 * (1 + MAX_ID_CHARS) + (1 + 4 + 4 + 8 + 4 + 1 + 1)
            + MAX_ACCEPTED * (1 + 8 + 1 + MAX_NAME_CHARS);

    /** The two connections of a peer link. */
    public enum Lane {
        /** Votes, heartbeats and every frame up to the bulk threshold. */
        URGENT,
        /** Frames above the bulk threshold (snapshot chunks, large appends). */
        BULK
    }

    /**
     * One accepted serializer as declared at handshake.
     *
     * @param id          the serializer's wire id
     * @param name        the provider name, for messages
     * @param fingerprint {@link Serializer#fingerprint()}
     */
    public record SerializerInfo(int id, String name, long fingerprint) {

        /** Describes a local serializer. */
        public static SerializerInfo of(Serializer s) {
            return new SerializerInfo(s.id(), s.name(), s.fingerprint());
        }

        @Override
        public String toString() {
            return name + " (" + id + ")";
        }
    }

    /** Copies the list; checks for nulls. */
    public Handshake {
        Objects.requireNonNull(clusterId, "clusterId");
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(targetId, "targetId");
        Objects.requireNonNull(lane, "lane");
        accepted = List.copyOf(accepted);
    }

    /**
     * Describes a local node: its ids, limits and serializers, and its {@link SchemaMarker}.
     *
     * @param maxFrameBytes {@code raftwire.transport.max-frame-bytes}
     * @param idleTimeoutMs {@code raftwire.transport.idle-timeout-ms}, 0 = off
     */
    public static Handshake of(String clusterId, String nodeId, String targetId, Lane lane, int maxFrameBytes,
            int idleTimeoutMs, SerializerSet set) {
        List<SerializerInfo> infos = new ArrayList<>();
        for (Serializer s : set.accepted()) {
            infos.add(SerializerInfo.of(s));
        }
        infos.add(SchemaMarker.of(set.schema().digest()));
        return new Handshake(clusterId, nodeId, targetId, lane, maxFrameBytes, idleTimeoutMs,
                set.registry().fingerprint(), set.registry().models().size(), set.sender().id(), infos);
    }

    /** The declared serializer with the given id, or {@code null}; never the {@link SchemaMarker}, which is none. */
    public SerializerInfo acceptedInfo(int id) {
        for (SerializerInfo info : accepted) {
            if (info.id() == id && id != SchemaMarker.ID) {
                return info;
            }
        }
        return null;
    }

    /** The declared serializers, without the {@link SchemaMarker}: for messages. */
    public List<SerializerInfo> serializers() {
        List<SerializerInfo> out = new ArrayList<>(accepted.size());
        for (SerializerInfo info : accepted) {
            if (info.id() != SchemaMarker.ID) {
                out.add(info);
            }
        }
        return out;
    }

    /**
     * Appends the encoded handshake to {@code out}.
     *
     * @param out the destination; the caller keeps ownership
     */
    public void writeTo(ByteBuf out) {
        writeAscii(out, clusterId);
        writeAscii(out, nodeId);
        writeAscii(out, targetId);
        out.writeByte(lane.ordinal());
        out.writeInt(maxFrameBytes);
        out.writeInt(idleTimeoutMs);
        out.writeLong(registryFingerprint);
        out.writeInt(typeCount);
        out.writeByte(sendSerializerId);
        out.writeByte(accepted.size());
        for (SerializerInfo info : accepted) {
            out.writeByte(info.id());
            out.writeLong(info.fingerprint());
            writeAscii(out, info.name());
        }
    }

    /**
     * Reads a handshake from all readable bytes of {@code payload}. Every length is checked against the bytes present.
     *
     * @param payload the bytes; the caller keeps ownership
     * @throws FrameException with {@link ErrorCode#PROTOCOL_ERROR} saying which field is malformed
     */
    public static Handshake readFrom(ByteBuf payload) {
        String cluster = readAscii(payload, "cluster id", 1, MAX_ID_CHARS);
        String node = readAscii(payload, "node id", 1, MAX_ID_CHARS);
        String target = readAscii(payload, "target id", 0, MAX_ID_CHARS);
        need(payload, 1 + 4 + 4 + 8 + 4 + 1 + 1, "fixed fields");
        int laneCode = payload.readUnsignedByte();
        if (laneCode >= Lane.values().length) {
            throw malformed("lane = " + laneCode + " (expected: 0..1)");
        }
        int maxFrame = payload.readInt();
        if (maxFrame < FrameDescriptor.MIN_MAX_FRAME_BYTES) {
            throw malformed("max frame bytes = " + maxFrame + " (expected: >= " + FrameDescriptor.MIN_MAX_FRAME_BYTES
                    + ")");
        }
        int idle = payload.readInt();
        if (idle < 0) {
            throw malformed("idle timeout ms = " + idle + " (expected: >= 0, 0 = off)");
        }
        long registry = payload.readLong();
        int types = payload.readInt();
        int send = payload.readUnsignedByte();
        int count = payload.readUnsignedByte();
        if (count < 1 || count > MAX_ACCEPTED) {
            throw malformed("accepted serializer count = " + count + " (expected: 1.." + MAX_ACCEPTED + ")");
        }
        List<SerializerInfo> infos = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            need(payload, 9, "accepted serializer " + i);
            int id = payload.readUnsignedByte();
            long print = payload.readLong();
            infos.add(new SerializerInfo(id, readAscii(payload, "serializer name", 1, MAX_NAME_CHARS), print));
        }
        if (payload.isReadable()) {
            throw malformed(payload.readableBytes() + " bytes after the last field (expected: none)");
        }
        return new Handshake(cluster, node, target, Lane.values()[laneCode], maxFrame, idle, registry, types, send,
                infos);
    }

    private static void writeAscii(ByteBuf out, String s) {
        out.writeByte(s.length());
        out.writeCharSequence(s, StandardCharsets.US_ASCII);
    }

    private static String readAscii(ByteBuf in, String field, int min, int max) {
        need(in, 1, field);
        int length = in.readUnsignedByte();
        if (length < min || length > max) {
            throw malformed(field + " length = " + length + " (expected: " + min + ".." + max + ")");
        }
        need(in, length, field);
        for (int i = 0; i < length; i++) {
            byte b = in.getByte(in.readerIndex() + i);
            if (b < 0x20 || b > 0x7E) {
                throw malformed(field + " byte " + i + " = 0x" + Integer.toHexString(b & 0xFF)
                        + " (expected: printable ASCII)");
            }
        }
        return in.readCharSequence(length, StandardCharsets.US_ASCII).toString();
    }

    private static void need(ByteBuf in, int bytes, String field) {
        if (in.readableBytes() < bytes) {
            throw malformed(field + " needs " + bytes + " bytes (expected: at least that many remaining, found "
                    + in.readableBytes() + ")");
        }
    }

    private static FrameException malformed(String what) {
        return new FrameException(ErrorCode.PROTOCOL_ERROR, "handshake: " + what);
    }
}
