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
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelState;
import io.raftwire.serializer.PayloadDecoder;
import io.raftwire.serializer.PayloadEncoder;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.TypeModel;

import java.util.Objects;

/**
 * Puts registered operation records (commands, queries) into the catalog's {@link PrimitiveOperation} and results
 * into a response's {@code result} bytes, and back, with one {@link Serializer}.
 *
 * <p><b>Operation id.</b> An operation's {@link OperationId} is a {@link DefaultOperationId} whose id is a
 * {@link NestedId}, {@code <type id>@<serializer name>[/<level>]}, for example {@code 1100@kryo} or {@code 1024@kryo/2}:
 * the registered wire id of the record (the value bytes carry no type), the serializer that wrote the bytes and the
 * feature level whose schema they were written at. No class name is ever written. Its type says whether it was sent
 * as a command or a query. A result is encoded with the serializer its operation came with, so a state machine that
 * holds a codec per serializer answers every client in the client's own encoding, and a cluster can move from one
 * transport serializer to another without re-encoding its log.
 *
 * <p><b>Feature levels</b> (docs/upgrades.md). A codec made with {@link #withLevels} reads a {@link LevelState}. While
 * no level is recorded, and for a codec with no state, ids carry no level and the bytes are the serializer's own, as
 * in raftwire 0.1.0. Once levels are recorded, operations and events are written at {@link #writeLevel()} (the
 * highest level whose schema is this process's own, else the current level) with the serializer's encoder for that
 * level's schema, and read at the level their id names with its decoder; an id without a level is read as level 1.
 * A result is written and read at the level of the operation that produced it. A value the level's schema cannot
 * hold (a type or enum constant added since) is refused with a {@link SerializationException} naming the level.
 *
 * <p>Buffers are heap buffers owned and released here. Thread-safe (the serializer is; encoders and decoders per level
 * are built once and kept).
 */
public final class OperationCodec {

    private final Serializer serializer;
    private final TypeRegistry registry;
    private final LevelCoders coders;

    /**
     * A codec with no feature levels: unversioned ids and the serializer's own bytes.
     *
     * @param serializer the serializer; its registry must hold the operation and result types (for the KV store:
     *                   {@link KvTypes#registerAll})
     * @throws NullPointerException if {@code serializer} is null
     */
    public OperationCodec(Serializer serializer) {
        this(serializer, null);
    }

    private OperationCodec(Serializer serializer, LevelState levels) {
        this.serializer = Objects.requireNonNull(serializer, "serializer");
        this.registry = serializer.registry();
        this.coders = new LevelCoders(serializer, levels);
    }

    /**
     * A codec of the same serializer that reads {@code levels} (see the class comment); this one is unchanged.
     *
     * @param levels the feature levels of the group this codec's operations go to; the caller keeps advancing it
     * @throws NullPointerException if {@code levels} is null
     */
    public OperationCodec withLevels(LevelState levels) {
        return new OperationCodec(serializer, Objects.requireNonNull(levels, "levels"));
    }

    /** The serializer's name, as written in operation ids. */
    public String serializerName() {
        return serializer.name();
    }

    /** Whether {@code value}'s class is registered, so that this codec can encode it at some level. */
    public boolean registers(Object value) {
        return value != null && registry.find(value.getClass()) != null;
    }

    /** The feature levels this codec knows now; {@link FeatureLevels#NONE} if it reads none. */
    public FeatureLevels levels() {
        return coders.levels();
    }

    /**
     * The level {@link #command}, {@link #query} and {@link #event} write at now: 0 (unversioned) if no level is
     * recorded; the highest level whose schema is this process's own ({@code registry.schema()}) if there is one;
     * else the current level.
     */
    public int writeLevel() {
        return coders.writeLevel();
    }

    /**
     * Encodes a command at {@link #writeLevel()}.
     *
     * @param command a value of a registered type
     * @return the operation, typed {@link OperationType#COMMAND}
     * @throws SerializationException if the type is not registered, the value cannot be encoded, or the level's
     *                                schema cannot hold it (the message names the level)
     */
    public PrimitiveOperation command(Object command) {
        return operation(command, OperationType.COMMAND);
    }

    /**
     * Encodes a query at {@link #writeLevel()}.
     *
     * @param query a value of a registered type
     * @return the operation, typed {@link OperationType#QUERY}
     * @throws SerializationException as {@link #command}
     */
    public PrimitiveOperation query(Object query) {
        return operation(query, OperationType.QUERY);
    }

    /**
     * Decodes an operation's record, at the level its id names.
     *
     * @param operation an operation written by {@link #command} or {@link #query} with the same serializer
     * @return the record, never {@code null}
     * @throws SerializationException naming what was wrong: an id not of the form
     *                                {@code <type id>@<serializer>[/<level>]}, another serializer, a malformed level
     *                                suffix or a level not recorded here, an unregistered type id or bytes that do
     *                                not decode
     */
    public Object decode(PrimitiveOperation operation) {
        NestedId id = parse(operation.id().id(), "operation id");
        TypeModel model = registry.find(id.typeId());
        if (model == null) {
            throw new SerializationException("operation id " + KvLimits.quote(operation.id().id()) + " names type id "
                    + id.typeId() + ", which is not registered (expected: a registered operation type)");
        }
        return decode(id.typeId(), id.level(), operation.value(), "operation " + model.name());
    }

    /**
     * Encodes an event a state machine publishes to a session, at {@link #writeLevel()}.
     *
     * @param event a value of a registered type
     * @return the event; its type is a {@link DefaultEventType} whose id is a {@link NestedId}, like an operation id
     * @throws SerializationException as {@link #command}
     */
    public PrimitiveEvent event(Object event) {
        int level = coders.writeLevel();
        int typeId = registry.idOf(event);
        return new PrimitiveEvent(new DefaultEventType(new NestedId(typeId, serializer.name(), level).text()),
                encode(event, level));
    }

    /**
     * Decodes an event's record, at the level its type names.
     *
     * @param event an event written by {@link #event} with the same serializer
     * @return the record, never {@code null}
     * @throws SerializationException naming what was wrong, as {@link #decode(PrimitiveOperation)} does
     */
    public Object decodeEvent(PrimitiveEvent event) {
        NestedId id = parse(event.type().id(), "event type");
        TypeModel model = registry.find(id.typeId());
        if (model == null) {
            throw new SerializationException("event type " + KvLimits.quote(event.type().id()) + " names type id "
                    + id.typeId() + ", which is not registered (expected: a registered event type)");
        }
        return decode(id.typeId(), id.level(), event.value(), "event " + model.name());
    }

    /**
     * Encodes a result for a response's {@code result} bytes, at {@link #writeLevel()}: for a caller that knows no
     * operation; a state machine answers with {@link #encodeResult(Object, PrimitiveOperation)}.
     *
     * @param result a value of a registered type
     * @return the payload bytes
     * @throws SerializationException as {@link #command}
     */
    public byte[] encodeResult(Object result) {
        return encode(result, coders.writeLevel());
    }

    /**
     * Encodes the result of {@code operation} at the level that operation was written at (an unversioned one as
     * level 1 once one is recorded), so that its client, which wrote at that level, reads it.
     *
     * @param result    a value of a registered type
     * @param operation the operation that produced it, as {@link #decode(PrimitiveOperation)} accepted it
     * @return the payload bytes
     * @throws SerializationException if the type is not registered or the operation's level's schema cannot hold
     *                                the value (the message names the level), or the id is malformed
     */
    public byte[] encodeResult(Object result, PrimitiveOperation operation) {
        return encode(result, parse(operation.id().id(), "operation id").level());
    }

    /**
     * Decodes a response's {@code result} bytes, written at {@link #writeLevel()}: the result of an operation this
     * codec encoded at its current write level. Prefer {@link #decodeResult(byte[], Class, OperationId)}.
     *
     * @param result the bytes, as {@link #encodeResult} wrote them
     * @param type   the registered type they hold, for example {@link KvResult}
     * @return the result
     * @throws SerializationException if the type is not registered, the bytes are empty (the response carried no
     *                                result: look at its status and error) or they do not decode
     */
    public <T> T decodeResult(byte[] result, Class<T> type) {
        return decodeResult(result, type, coders.writeLevel());
    }

    /**
     * Decodes the result of the operation sent with id {@code sentAs}, at that operation's level.
     *
     * @param result the bytes, as {@link #encodeResult(Object, PrimitiveOperation)} wrote them
     * @param type   the registered type they hold
     * @param sentAs the id of the operation this codec encoded and sent
     * @return the result
     * @throws SerializationException as {@link #decodeResult(byte[], Class)}, or if {@code sentAs} is malformed
     */
    public <T> T decodeResult(byte[] result, Class<T> type, OperationId sentAs) {
        return decodeResult(result, type, parse(sentAs.id(), "operation id").level());
    }

    /**
     * The serializer name an operation id claims, or {@code null} if the id is not of the form
     * {@code <type id>@<serializer>[/<level>]}. Lets a state machine pick the codec of the right serializer.
     */
    public static String serializerOf(OperationId id) {
        return NestedId.serializerOf(id.id());
    }

    @Override
    public String toString() {
        return "OperationCodec[" + serializer.name() + (coders.attached() ? ", " + coders.levels() : "") + "]";
    }

    private <T> T decodeResult(byte[] result, Class<T> type, int level) {
        TypeModel model = registry.find(type);
        if (model == null) {
            throw new SerializationException(type.getName()
                    + " is not a registered type (expected: a result type of this codec's registry)");
        }
        if (result.length == 0) {
            // a valid payload for some providers: protostuff writes a value whose components are all null or
            // default as no bytes at all
            try {
                return type.cast(decode(model.id(), level, result, "result " + model.name()));
            } catch (SerializationException e) {
                throw new SerializationException("empty result for " + model.name()
                        + " (expected: the bytes of an OK response; an ERROR response carries no result)");
            }
        }
        return type.cast(decode(model.id(), level, result, "result " + model.name()));
    }

    private NestedId parse(String id, String what) {
        NestedId parsed = NestedId.parse(id, serializer.name(), what);
        int known = coders.levels().currentLevel();
        if (parsed.level() > known) {
            throw new SerializationException(what + " " + KvLimits.quote(id) + " names feature level "
                    + parsed.level() + ", which is not recorded here (expected: " + (known == 0
                    ? "no level suffix: no feature level is recorded here" : "a level of 1.." + known
                    + ", the highest recorded here") + ")");
        }
        return parsed;
    }

    private PrimitiveOperation operation(Object value, OperationType type) {
        int level = coders.writeLevel();
        int typeId = registry.idOf(value);
        return new PrimitiveOperation(new DefaultOperationId(new NestedId(typeId, serializer.name(), level).text(),
                type), encode(value, level));
    }

    private byte[] encode(Object value, int level) {
        registry.idOf(value); // an unregistered type is refused as such, whatever the level
        PayloadEncoder encoder = coders.encoder(level);
        ByteBuf buf = Unpooled.buffer();
        try {
            encoder.encode(value, buf);
            return ByteBufUtil.getBytes(buf);
        } catch (SerializationException e) {
            if (level == 0 && coders.levels().currentLevel() == 0) {
                throw e;
            }
            int at = level == 0 ? 1 : level;
            throw new SerializationException("cannot encode " + value.getClass().getSimpleName()
                    + " at feature level " + at + ": " + e.getMessage() + " (expected: a value the types of feature"
                    + " level " + at + " can hold; a type or enum constant added since needs a later level)", e);
        } finally {
            buf.release();
        }
    }

    private Object decode(int typeId, int level, byte[] bytes, String what) {
        PayloadDecoder decoder = coders.decoder(level);
        ByteBuf buf = Unpooled.wrappedBuffer(bytes);
        try {
            return decoder.decode(typeId, buf);
        } catch (SerializationException e) {
            throw new SerializationException("cannot decode " + what + " from " + bytes.length + " bytes with "
                    + serializer.name() + (level == 0 ? "" : " at feature level " + level) + ": " + e.getMessage(),
                    e);
        } finally {
            buf.release();
        }
    }
}
