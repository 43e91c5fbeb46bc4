package io.raftwire.node.kv;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.raftwire.message.value.DefaultEventType;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.OperationId;
import io.raftwire.message.value.OperationType;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.TypeModel;

import java.util.Objects;

/**
 * Puts registered operation records (commands, queries) into the catalog's {@link PrimitiveOperation} and results
 * into a response's {@code result} bytes, and back, with one {@link Serializer}.
 *
 * <p><b>Operation id.</b> An operation's {@link OperationId} is a {@link DefaultOperationId} whose id is
 * {@code <type id>@<serializer name>}, for example {@code 1100@kryo}: the registered wire id of the record (the value
 * bytes carry no type) and the serializer that wrote the bytes. No class name is ever written. Its type says whether
 * it was sent as a command or a query. A result is encoded with the serializer its operation came with, so a state
 * machine that holds a codec per serializer answers every client in the client's own encoding, and a cluster can
 * move from one transport serializer to another without re-encoding its log.
 *
 * <p>Buffers are heap buffers owned and released here. Thread-safe (the serializer is).
 */
public final class OperationCodec {

    private static final char SEPARATOR = '@';

    private final Serializer serializer;
    private final TypeRegistry registry;

    /**
     * @param serializer the serializer; its registry must hold the operation and result types (for the KV store:
     *                   {@link KvTypes#registerAll})
     * @throws NullPointerException if {@code serializer} is null
     */
    public OperationCodec(Serializer serializer) {
        this.serializer = Objects.requireNonNull(serializer, "serializer");
        this.registry = serializer.registry();
    }

    /** The serializer's name, as written in operation ids. */
    public String serializerName() {
        return serializer.name();
    }

    /**
     * Encodes a command.
     *
     * @param command a value of a registered type
     * @return the operation, typed {@link OperationType#COMMAND}
     * @throws SerializationException if the type is not registered or the value cannot be encoded
     */
    public PrimitiveOperation command(Object command) {
        return operation(command, OperationType.COMMAND);
    }

    /**
     * Encodes a query.
     *
     * @param query a value of a registered type
     * @return the operation, typed {@link OperationType#QUERY}
     * @throws SerializationException if the type is not registered or the value cannot be encoded
     */
    public PrimitiveOperation query(Object query) {
        return operation(query, OperationType.QUERY);
    }

    /**
     * Decodes an operation's record.
     *
     * @param operation an operation written by {@link #command} or {@link #query} with the same serializer
     * @return the record, never {@code null}
     * @throws SerializationException naming what was wrong: an id not of the form {@code <type id>@<serializer>},
     *                                another serializer, an unregistered type id or bytes that do not decode
     */
    public Object decode(PrimitiveOperation operation) {
        String id = operation.id().id();
        int at = id.lastIndexOf(SEPARATOR);
        String name = at < 0 ? null : id.substring(at + 1);
        if (!serializer.name().equals(name)) {
            throw new SerializationException("operation id " + KvLimits.quote(id) + " (expected: <type id>@"
                    + serializer.name() + ")");
        }
        int typeId = parseTypeId(id.substring(0, at), id);
        TypeModel model = registry.find(typeId);
        if (model == null) {
            throw new SerializationException("operation id " + KvLimits.quote(id) + " names type id " + typeId
                    + ", which is not registered (expected: a registered operation type)");
        }
        return decode(typeId, operation.value(), "operation " + model.name());
    }

    /**
     * Encodes an event a state machine publishes to a session.
     *
     * @param event a value of a registered type
     * @return the event; its type is a {@link DefaultEventType} whose id is {@code <type id>@<serializer name>}, like
     *         an operation id
     * @throws SerializationException if the type is not registered or the value cannot be encoded
     */
    public PrimitiveEvent event(Object event) {
        return new PrimitiveEvent(new DefaultEventType(registry.idOf(event) + "" + SEPARATOR + serializer.name()),
                encode(event));
    }

    /**
     * Decodes an event's record.
     *
     * @param event an event written by {@link #event} with the same serializer
     * @return the record, never {@code null}
     * @throws SerializationException naming what was wrong: a type not of the form {@code <type id>@<serializer>},
     *                                another serializer, an unregistered type id or bytes that do not decode
     */
    public Object decodeEvent(PrimitiveEvent event) {
        String id = event.type().id();
        int at = id.lastIndexOf(SEPARATOR);
        String name = at < 0 ? null : id.substring(at + 1);
        if (!serializer.name().equals(name)) {
            throw new SerializationException("event type " + KvLimits.quote(id) + " (expected: <type id>@"
                    + serializer.name() + ")");
        }
        int typeId = parseTypeId(id.substring(0, at), id);
        TypeModel model = registry.find(typeId);
        if (model == null) {
            throw new SerializationException("event type " + KvLimits.quote(id) + " names type id " + typeId
                    + ", which is not registered (expected: a registered event type)");
        }
        return decode(typeId, event.value(), "event " + model.name());
    }

    /**
     * Encodes a result for a response's {@code result} bytes.
     *
     * @param result a value of a registered type
     * @return the payload bytes
     * @throws SerializationException if the type is not registered or the value cannot be encoded
     */
    public byte[] encodeResult(Object result) {
        return encode(result);
    }

    /**
     * Decodes a response's {@code result} bytes.
     *
     * @param result the bytes, as {@link #encodeResult} wrote them
     * @param type   the registered type they hold, for example {@link KvResult}
     * @return the result
     * @throws SerializationException if the type is not registered, the bytes are empty (the response carried no
     *                                result: look at its status and error) or they do not decode
     */
    public <T> T decodeResult(byte[] result, Class<T> type) {
        TypeModel model = registry.find(type);
        if (model == null) {
            throw new SerializationException(type.getName()
                    + " is not a registered type (expected: a result type of this codec's registry)");
        }
        if (result.length == 0) {
            // a valid payload for some providers: protostuff writes a value whose components are all null or
            // default as no bytes at all
            try {
                return type.cast(decode(model.id(), result, "result " + model.name()));
            } catch (SerializationException e) {
                throw new SerializationException("empty result for " + model.name()
                        + " (expected: the bytes of an OK response; an ERROR response carries no result)");
            }
        }
        return type.cast(decode(model.id(), result, "result " + model.name()));
    }

    /**
     * The serializer name an operation id claims, or {@code null} if the id is not of the form
     * {@code <type id>@<serializer>}. Lets a state machine pick the codec of the right serializer.
     */
    public static String serializerOf(OperationId id) {
        String s = id.id();
        int at = s.lastIndexOf(SEPARATOR);
        return at < 0 ? null : s.substring(at + 1);
    }

    @Override
    public String toString() {
        return "OperationCodec[" + serializer.name() + "]";
    }

    private PrimitiveOperation operation(Object value, OperationType type) {
        int typeId = registry.idOf(value);
        return new PrimitiveOperation(new DefaultOperationId(typeId + "" + SEPARATOR + serializer.name(), type),
                encode(value));
    }

    private byte[] encode(Object value) {
        ByteBuf buf = Unpooled.buffer();
        try {
            serializer.encode(value, buf);
            return ByteBufUtil.getBytes(buf);
        } finally {
            buf.release();
        }
    }

    private Object decode(int typeId, byte[] bytes, String what) {
        ByteBuf buf = Unpooled.wrappedBuffer(bytes);
        try {
            return serializer.decode(typeId, buf);
        } catch (SerializationException e) {
            throw new SerializationException("cannot decode " + what + " from " + bytes.length + " bytes with "
                    + serializer.name() + ": " + e.getMessage(), e);
        } finally {
            buf.release();
        }
    }

    private static int parseTypeId(String digits, String id) {
        if (digits.isEmpty() || digits.length() > 5) {
            throw new SerializationException("operation id " + KvLimits.quote(id)
                    + " (expected: <type id>@<serializer> with a type id of 1..5 digits)");
        }
        int v = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                throw new SerializationException("operation id " + KvLimits.quote(id)
                        + " (expected: <type id>@<serializer> with a decimal type id)");
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
