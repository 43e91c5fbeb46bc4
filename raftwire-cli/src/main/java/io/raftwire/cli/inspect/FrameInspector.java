package io.raftwire.cli.inspect;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.Handshake;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Turns one frame (as on the wire, length field included) into readable lines: every header field of
 * {@link FrameDescriptor} by name, then the payload: for message frames the value the frame's serializer decodes,
 * field by field ({@link ValuePrinter}); for control frames the fields of {@link Handshake} or {@link ErrorPayload}.
 * Fields are printed as they are read, so a frame that fails part-way shows everything before the failure, then the
 * reason.
 *
 * <p>Not thread-safe (serializers are created on first use).
 */
final class FrameInspector {

    private static final String I = "  ";

    private final TypeRegistry registry;
    private final ValuePrinter printer;
    private final Map<Integer, SerializerProvider> providers = new HashMap<>();
    private final Map<Integer, Serializer> serializers = new HashMap<>();

    /**
     * @param registry  the types to decode with
     * @param providers the serializers that may have written a payload
     */
    FrameInspector(TypeRegistry registry, List<SerializerProvider> providers) {
        this.registry = registry;
        this.printer = new ValuePrinter(registry);
        for (SerializerProvider p : providers) {
            this.providers.put(p.id(), p);
        }
    }

    /** What became of one frame. */
    record Result(List<String> lines, boolean decoded) {
    }

    /**
     * Inspects one frame.
     *
     * @param frame the complete frame, length field included; not modified
     */
    Result inspect(byte[] frame) {
        List<String> lines = new ArrayList<>();
        ByteBuf buf = Unpooled.wrappedBuffer(frame);
        try {
            decode(buf, lines);
            return new Result(lines, true);
        } catch (RuntimeException e) {
            lines.add(I + "cannot decode: " + Text.message(reason(e)));
            return new Result(lines, false);
        } finally {
            buf.release();
        }
    }

    private void decode(ByteBuf buf, List<String> lines) {
        if (buf.readableBytes() < FrameDescriptor.LENGTH_FIELD_LENGTH) {
            throw new IllegalArgumentException("frame is " + buf.readableBytes() + " bytes (expected: at least the "
                    + FrameDescriptor.LENGTH_FIELD_LENGTH + "-byte length field)");
        }
        int length = buf.readInt();
        lines.add(I + "length: " + length + " (bytes after the length field)");
        if (length != buf.readableBytes()) {
            throw new IllegalArgumentException("frame length = " + length + " (expected: the " + buf.readableBytes()
                    + " bytes that follow)");
        }
        FrameDescriptor.checkHeaderPresent(length);
        int magic = buf.readUnsignedShort();
        lines.add(I + "magic: 0x" + Integer.toHexString(magic));
        FrameDescriptor.checkMagic(magic);
        int version = buf.readUnsignedByte();
        lines.add(I + "version: " + version);
        FrameDescriptor.checkVersion(version);
        int serializerId = buf.readUnsignedByte();
        lines.add(I + "serializer: " + describeSerializer(serializerId));
        int flags = buf.readUnsignedByte();
        FrameKind kind = null;
        RuntimeException badFlags = null;
        try {
            kind = FrameDescriptor.kindOf(flags);
        } catch (RuntimeException e) {
            badFlags = e;
        }
        lines.add(I + "flags: " + String.format(Locale.ROOT, "0x%02x", flags) + " (kind " + (kind == null ? "?"
                : kind.name()) + ")");
        if (badFlags != null) {
            throw badFlags;
        }
        int typeId = buf.readUnsignedShort();
        lines.add(I + "type: " + (typeId == 0 ? "0 (none)" : registry.describe(typeId) + " (" + typeId + ")"));
        long correlationId = buf.readLong();
        lines.add(I + "correlation id: " + correlationId);
        lines.add(I + "payload: " + buf.readableBytes() + " bytes");
        if (kind.carriesMessage()) {
            decodeMessage(serializerId, typeId, buf, lines);
        } else {
            if (serializerId != FrameDescriptor.NO_SERIALIZER) {
                throw new IllegalArgumentException("serializer id = " + serializerId + " on a " + kind
                        + " frame (expected: 0)");
            }
            decodeControl(kind, buf, lines);
        }
    }

    private void decodeMessage(int serializerId, int typeId, ByteBuf payload, List<String> lines) {
        Serializer serializer = serializer(serializerId);
        if (registry.find(typeId) == null) {
            throw new IllegalArgumentException("message type id = " + typeId + " (expected: a type id registered"
                    + " here: the catalog and the Raft engine types, " + registry.models().size() + " types)");
        }
        Object value = serializer.decode(typeId, payload);
        lines.add(I + "message: " + printer.typeName(value));
        printer.printFields(value, I + I, lines);
    }

    private void decodeControl(FrameKind kind, ByteBuf payload, List<String> lines) {
        switch (kind) {
            case HELLO, WELCOME -> printHandshake(Handshake.readFrom(payload), lines);
            case ERROR -> {
                ErrorPayload error = ErrorPayload.readFrom(payload);
                lines.add(I + "error code: " + error.code().name() + " (" + error.code().code() + ")");
                // ErrorPayload escapes the peer's text as it decodes it (PeerText): quote it, do not escape it twice
                lines.add(I + "error message: \"" + error.message() + "\"");
            }
            case PING -> {
                if (payload.isReadable()) {
                    throw new IllegalArgumentException("PING payload = " + payload.readableBytes()
                            + " bytes (expected: none)");
                }
            }
            default -> throw new IllegalStateException("unhandled control frame kind " + kind);
        }
    }

    private void printHandshake(Handshake h, List<String> lines) {
        lines.add(I + "handshake:");
        String in = I + I;
        lines.add(in + "cluster id: " + Text.quote(h.clusterId()));
        lines.add(in + "node id: " + Text.quote(h.nodeId()));
        lines.add(in + "target id: " + Text.quote(h.targetId()));
        lines.add(in + "lane: " + h.lane());
        lines.add(in + "max frame bytes: " + h.maxFrameBytes());
        lines.add(in + "idle timeout ms: " + h.idleTimeoutMs() + (h.idleTimeoutMs() == 0 ? " (off)" : ""));
        lines.add(in + "registry fingerprint: " + String.format(Locale.ROOT, "0x%016x", h.registryFingerprint())
                + (h.registryFingerprint() == registry.fingerprint() ? " (same as inspect's registry)"
                : String.format(Locale.ROOT, " (inspect's registry: 0x%016x; payloads may not decode here)",
                        registry.fingerprint())));
        lines.add(in + "type count: " + h.typeCount());
        lines.add(in + "send serializer: " + describeSerializer(h.sendSerializerId()));
        lines.add(in + "accepted: " + h.accepted().stream().map(a -> a.name() + " (" + a.id() + ", fingerprint "
                + String.format(Locale.ROOT, "0x%016x", a.fingerprint()) + ")").collect(Collectors.joining(", ")));
    }

    private String describeSerializer(int id) {
        if (id == FrameDescriptor.NO_SERIALIZER) {
            return "0 (none: control frame)";
        }
        SerializerProvider p = providers.get(id);
        return (p == null ? "unknown" : p.name()) + " (" + id + ")";
    }

    private Serializer serializer(int id) {
        Serializer s = serializers.get(id);
        if (s == null) {
            SerializerProvider p = providers.get(id);
            if (p == null) {
                throw new IllegalArgumentException("serializer id = " + id + " (expected: one of the serializers"
                        + " installed here: " + providers.values().stream().map(v -> v.name() + " (" + v.id() + ")")
                        .sorted().collect(Collectors.joining(", ")) + ")");
            }
            s = p.create(registry, SerializerOptions.defaults());
            serializers.put(id, s);
        }
        return s;
    }

    private static String reason(RuntimeException e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }
}
