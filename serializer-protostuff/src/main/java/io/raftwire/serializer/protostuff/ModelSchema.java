package io.raftwire.serializer.protostuff;

import io.protostuff.Input;
import io.protostuff.Output;
import io.protostuff.ProtobufOutput;
import io.protostuff.Schema;
import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.ComponentWriter;
import io.raftwire.serializer.model.Container;
import io.raftwire.serializer.model.Elements;
import io.raftwire.serializer.model.GeneratedCodec;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.ShapeCodec;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.model.Utf16;

import java.io.IOException;
import java.util.Collection;

/**
 * The protostuff {@link Schema} of one registered type, derived from its {@link TypeModel}: component {@code i} is
 * field number {@code i + 1}, so the component order of a type is a wire contract (pinned by the golden files). The
 * field encoding of each {@link Kind} is described on {@link ProtostuffSerializerProvider}.
 *
 * <p>Protostuff schemas are mutation-based ({@link #newMessage()}, then {@link #mergeFrom}); registered types are
 * immutable and must be built through their constructor. So the message this schema <em>reads</em> into is an
 * {@code Object[]} holding one value per component, which {@link #read} hands to {@link TypeModel#instantiate};
 * the message it <em>writes</em> is the registered object itself. Writing requires the output of a
 * {@link ProtostuffEncoder} and reading a {@link ByteBufInput}: they bound nesting, and the input every length.
 *
 * <p>Two paths, chosen by {@link io.raftwire.serializer.SerializerOptions#codecPath()}: the type's
 * {@link GeneratedCodec} (direct field reads calling back the {@link ComponentWriter} methods here, and a direct
 * constructor call from the read values), or the generic walk, the reference. Both share the per-kind code, so they
 * write the same bytes; reading is the same tag-driven {@link #mergeFrom} either way, only the final instantiation
 * differs.
 *
 * <p>A resolving decoder ({@link ProtostuffResolvingDecoder}) builds its own set with {@link #build(TypeRegistry,
 * CodecPath, Factory)}, a {@link ResolvedSchema} for each type whose bytes changed; every other type keeps this class.
 *
 * <p>Immutable after {@link #build}; one instance per type, shared by every thread.
 */
class ModelSchema implements Schema<Object>, ComponentWriter {

    /** Makes the schema of one type, for {@link #build(TypeRegistry, CodecPath, Factory)}. */
    @FunctionalInterface
    interface Factory {
        ModelSchema create(TypeModel model, TypeRegistry registry, CodecPath path);
    }

    /** Fewest bytes one collection element can take: its tag, then at least one byte (or an end-group tag). */
    static final int MIN_ELEMENT_BYTES = 2;

    private final TypeModel model;
    private final TypeRegistry registry;
    /** {@code Type.component} per component, for messages. */
    private final String[] labels;
    /** The schema of each VALUE component (or element); {@code null} for other kinds. Set by {@link #build}. */
    private final ModelSchema[] valueSchemas;
    /** Every schema by type id, for POLYMORPHIC values. Set by {@link #build}. */
    private ModelSchema[] byId;
    /** The type's generated code, or null to walk (configured so, or not generated on this JVM). */
    private final GeneratedCodec generated;

    ModelSchema(TypeModel model, TypeRegistry registry, CodecPath path) {
        this.model = model;
        this.registry = registry;
        this.generated = path == CodecPath.GENERATED ? model.generated() : null;
        this.labels = new String[model.size()];
        this.valueSchemas = new ModelSchema[model.size()];
        for (Component c : model.components()) {
            labels[c.index()] = model.name() + '.' + c.name();
        }
    }

    /**
     * Builds and links the schemas of every registered type.
     *
     * @return the schemas indexed by type id; unused ids are {@code null}
     */
    static ModelSchema[] build(TypeRegistry registry, CodecPath path) {
        return build(registry, path, ModelSchema::new);
    }

    /**
     * Builds and links the schemas of every registered type, each made by {@code factory}.
     *
     * @return the schemas indexed by type id; unused ids are {@code null}
     */
    static ModelSchema[] build(TypeRegistry registry, CodecPath path, Factory factory) {
        int maxId = 0;
        for (TypeModel m : registry.models()) {
            maxId = Math.max(maxId, m.id());
        }
        ModelSchema[] byId = new ModelSchema[maxId + 1];
        for (TypeModel m : registry.models()) {
            byId[m.id()] = factory.create(m, registry, path);
        }
        for (TypeModel m : registry.models()) {
            ModelSchema s = byId[m.id()];
            s.byId = byId;
            for (Component c : m.components()) {
                if (c.valueKind() == Kind.VALUE) {
                    s.valueSchemas[c.index()] = byId[c.valueModel().id()];
                }
            }
        }
        return byId;
    }

    // ---- writing: the message is the registered object ----
    // Few frames per nesting level on purpose: a 1024-deep value must fit the default 1 MiB thread stack.

    @Override
    public void writeTo(Output out, Object value) throws IOException {
        ProtostuffEncoder encoder = ProtostuffEncoder.of(out);
        if (generated != null) {
            generated.encode(value, this, out, encoder);
            return;
        }
        // The walk: the reference implementation, with the same per-kind code as the generated path below.
        ProtostuffWire wire = null;
        for (int i = 0, n = model.size(); i < n; i++) {
            Component c = model.component(i);
            int field = i + 1;
            Kind kind = c.kind();
            if (c.walked()) {
                wire = wire == null ? ProtostuffWire.sink(out, encoder, field, byId, labels[i])
                        : wire.at(field, labels[i]);
                ShapeCodec.write(c.shape(), c.get(value), wire, labels[i]);
            } else if (kind == Kind.LONG) {
                out.writeInt64(field, c.getLong(value), false);
            } else if (kind == Kind.INT) {
                out.writeInt32(field, c.getInt(value), false);
            } else if (kind == Kind.BOOLEAN) {
                out.writeBool(field, c.getBoolean(value), false);
            } else {
                Object v = c.get(value);
                if (v == null) {
                    continue;
                }
                switch (kind) {
                    case BYTES -> writeBytes(out, encoder, i, (byte[]) v);
                    case LONGS -> writePacked(out, encoder, field, (long[]) v, labels[i]);
                    case LIST, SET -> writeCollection(out, encoder, c, field, (Collection<?>) v);
                    default -> writeValue(out, encoder, c, field, v);
                }
            }
        }
    }

    // ---- the generated path (ComponentWriter): the walk's per-kind code, one method per kind ----

    @Override
    public void writeLong(Object out, Object encoder, int index, long value) throws IOException {
        ((Output) out).writeInt64(index + 1, value, false);
    }

    @Override
    public void writeInt(Object out, Object encoder, int index, int value) throws IOException {
        ((Output) out).writeInt32(index + 1, value, false);
    }

    @Override
    public void writeBoolean(Object out, Object encoder, int index, boolean value) throws IOException {
        ((Output) out).writeBool(index + 1, value, false);
    }

    @Override
    public void writeString(Object out, Object encoder, int index, String value) throws IOException {
        writeReference(out, encoder, index, value);
    }

    @Override
    public void writeBytes(Object out, Object encoder, int index, byte[] value) throws IOException {
        writeBytesAt((Output) out, (ProtostuffEncoder) encoder, index, index + 1, value);
    }

    @Override
    public void writeLongs(Object out, Object encoder, int index, long[] value) throws IOException {
        if (value != null) {
            writePacked((Output) out, (ProtostuffEncoder) encoder, index + 1, value, labels[index]);
        }
    }

    @Override
    public void writeEnum(Object out, Object encoder, int index, Object value) throws IOException {
        writeReference(out, encoder, index, value);
    }

    @Override
    public void writeValue(Object out, Object encoder, int index, Object value) throws IOException {
        writeReference(out, encoder, index, value);
    }

    @Override
    public void writePolymorphic(Object out, Object encoder, int index, Object value) throws IOException {
        writeReference(out, encoder, index, value);
    }

    @Override
    public void writeCollection(Object out, Object encoder, int index, Collection<?> value) throws IOException {
        if (value != null) {
            writeCollection((Output) out, (ProtostuffEncoder) encoder, model.component(index), index + 1, value);
        }
    }

    @Override
    public void writeWalked(Object out, Object encoder, int index, Object value) throws IOException {
        ShapeCodec.write(model.component(index).shape(), value, ProtostuffWire.sink((Output) out,
                (ProtostuffEncoder) encoder, index + 1, byId, labels[index]), labels[index]);
    }

    // ---- the same writes under another field number, for a DownLevelSchema (the target's position) ----

    /** A native {@code byte[]} component at {@code index}, written as field {@code field}; nothing for null. */
    final void writeBytesAt(Output out, ProtostuffEncoder encoder, int index, int field, byte[] value)
            throws IOException {
        if (value != null) {
            Bounds.checkEncodeCount(value.length, encoder.maxElements(), labels[index], " byte[] length");
            out.writeByteArray(field, value, false);
        }
    }

    /** A native {@code long[]} component at {@code index}, written as field {@code field}; nothing for null. */
    final void writeLongsAt(Output out, ProtostuffEncoder encoder, int index, int field, long[] value)
            throws IOException {
        if (value != null) {
            writePacked(out, encoder, field, value, labels[index]);
        }
    }

    /**
     * A STRING, ENUM, VALUE or POLYMORPHIC component at {@code index}, written as field {@code field} with this set's
     * schemas; nothing for null.
     */
    final void writeReferenceAt(Output out, ProtostuffEncoder encoder, int index, int field, Object value)
            throws IOException {
        if (value != null) {
            writeValue(out, encoder, model.component(index), field, value);
        }
    }

    /** A LIST or SET component at {@code index}, written as field {@code field}; nothing for null. */
    final void writeCollectionAt(Output out, ProtostuffEncoder encoder, int index, int field, Collection<?> value)
            throws IOException {
        if (value != null) {
            writeCollection(out, encoder, model.component(index), field, value);
        }
    }

    /** A walked component at {@code index}, written as field {@code field} with this set's schemas. */
    final void writeWalkedAt(Output out, ProtostuffEncoder encoder, int index, int field, Object value) {
        ShapeCodec.write(model.component(index).shape(), value, ProtostuffWire.sink(out, encoder, field, byId,
                labels[index]), labels[index]);
    }

    /** A STRING, ENUM, VALUE or POLYMORPHIC component: nothing for null, else {@link #writeValue}. */
    private void writeReference(Object out, Object encoder, int index, Object value) throws IOException {
        if (value != null) {
            writeValue((Output) out, (ProtostuffEncoder) encoder, model.component(index), index + 1, value);
        }
    }

    /**
     * The element count, then every element under the same field number. A list, and a catalog {@code IndexedSet},
     * are walked by index; only another non-empty set needs an iterator, the one allocation a steady-state encode can
     * make ({@code HashSet} has no allocation-free {@code forEach}).
     */
    private void writeCollection(Output out, ProtostuffEncoder encoder, Component c, int field, Collection<?> values)
            throws IOException {
        String label = labels[c.index()];
        Elements.requireDistinct(values, label);
        int size = values.size();
        Bounds.checkEncodeCount(size, encoder.maxElements(), label, " element count");
        out.writeUInt32(field, size, false);
        if (Elements.isIndexed(values)) {
            for (int i = 0; i < size; i++) {
                writeValue(out, encoder, c, field, Elements.requireElement(Elements.get(values, i), label));
            }
        } else if (size > 0) {
            for (Object e : values) {
                writeValue(out, encoder, c, field, Elements.requireElement(e, label));
            }
        }
    }

    /** Writes one STRING, ENUM, VALUE or POLYMORPHIC value: a component or a collection element. */
    private void writeValue(Output out, ProtostuffEncoder encoder, Component c, int field, Object v)
            throws IOException {
        switch (c.valueKind()) {
            case STRING -> {
                Utf16.requireWellFormed((String) v);
                Bounds.checkEncodeUtf8Length((String) v, encoder.maxElements(), labels[c.index()], " string length");
                out.writeString(field, (String) v, true);
            }
            case ENUM -> out.writeEnum(field, ((Enum<?>) v).ordinal(), true);
            case VALUE -> {
                encoder.enter();
                out.writeObject(field, v, valueSchemas[c.index()], true);
                encoder.exit();
            }
            case POLYMORPHIC -> {
                ModelSchema schema = schemaOf(c, v);
                out.writeUInt32(field, schema.model.id(), true);
                encoder.enter();
                out.writeObject(field, v, schema, true);
                encoder.exit();
            }
            default -> throw new IllegalStateException(labels[c.index()] + " has kind " + c.valueKind()
                    + " (expected: STRING, ENUM, VALUE or POLYMORPHIC)");
        }
    }

    private ModelSchema schemaOf(Component c, Object v) {
        return byId[c.subtypeOf(labels[c.index()], v).id()];
    }

    /**
     * Protobuf's packed encoding: one length-delimited field of varints, built in the encoder's reused scratch. Its
     * byte length is what decoding checks against max-elements (and then the count, never above it), so that is what
     * is refused here.
     */
    private static void writePacked(Output out, ProtostuffEncoder encoder, int field, long[] values, String label)
            throws IOException {
        int size = 0;
        for (long v : values) {
            size += ProtobufOutput.computeRawVarint64Size(v);
        }
        Bounds.checkEncodeCount(size, encoder.maxElements(), label, " long[] byte length");
        byte[] bytes = encoder.scratch(size);
        int pos = 0;
        for (long v : values) {
            while ((v & ~0x7FL) != 0) {
                bytes[pos++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            bytes[pos++] = (byte) v;
        }
        out.writeByteRange(false, field, bytes, 0, size, false);
    }

    // ---- reading: the message is an Object[] of component values ----

    /** Reads a whole message from {@code in} (the top-level value) and builds it through its constructor. */
    Object read(ByteBufInput in) throws IOException {
        Object[] args = newMessage();
        mergeFrom(in, args);
        return instantiate(args);
    }

    /** Builds the instance from one value per component: the generated constructor call, or the model's. */
    private Object instantiate(Object[] args) {
        return generated != null ? generated.instantiate(args) : model.instantiate(args);
    }

    /** Reads a nested value written as a group at the current tag, and builds it. */
    Object readNested(ByteBufInput in) throws IOException {
        return instantiate((Object[]) in.mergeObject(null, this));
    }

    @Override
    public void mergeFrom(Input input, Object message) throws IOException {
        if (!(input instanceof ByteBufInput in)) {
            throw new IllegalArgumentException("input is a " + input.getClass().getName()
                    + " (expected: ByteBufInput, which bounds every length)");
        }
        Object[] args = (Object[]) message;
        ProtostuffWire wire = null;
        int next = 0;
        for (int field = in.readFieldNumber(this); field != 0; field = in.readFieldNumber(this)) {
            if (field > args.length) {
                in.handleUnknownField(field, this);
            }
            if (field <= next) {
                throw new MalformedPayloadException(labels[field - 1] + " (field " + field + ") appears after field "
                        + next + " (expected: fields in increasing order, each at most once)");
            }
            requireOptional(next, field - 1);
            Component c = model.component(field - 1);
            in.label(labels[field - 1]);
            if (c.walked()) {
                wire = wire == null ? ProtostuffWire.source(in, field, byId) : wire.at(field);
                args[field - 1] = ShapeCodec.read(c.shape(), wire, labels[field - 1]);
                next = field;
                continue;
            }
            args[field - 1] = switch (c.kind()) {
                case LONG -> in.readInt64();
                case INT -> in.readInt32();
                case BOOLEAN -> in.readBool();
                case BYTES -> in.readByteArray();
                case LONGS -> in.readPackedInt64();
                case LIST, SET -> readCollection(in, c, field);
                default -> readValue(in, c, field);
            };
            next = field;
        }
        requireOptional(next, args.length);
    }

    /** Components {@code from..to-1} are absent: only references may be (they decode as null). */
    private void requireOptional(int from, int to) {
        for (int i = from; i < to; i++) {
            Component c = model.component(i);
            Kind kind = c.kind();
            if (c.walked() || kind == Kind.LONG || kind == Kind.INT || kind == Kind.BOOLEAN) {
                throw new MalformedPayloadException(labels[i] + " (field " + (i + 1) + ") is missing (expected:"
                        + " every long, int and boolean component present, and every component of another shape"
                        + " than String, byte[], long[], enum, registered value, List or Set)");
            }
        }
    }

    /** The type's model. */
    final TypeModel model() {
        return model;
    }

    /** {@code Type.component} of the component at {@code index}, as messages name it. */
    final String label(int index) {
        return labels[index];
    }

    /** Every schema of the set this one belongs to, by type id (for a walked component's values). */
    final ModelSchema[] byId() {
        return byId;
    }

    /** Reads a LIST or SET component's count and elements (after its first tag). */
    final Object readCollection(ByteBufInput in, Component c, int field) throws IOException {
        int count = in.readCount(MIN_ELEMENT_BYTES);
        @SuppressWarnings("unchecked")
        Collection<Object> values = (Collection<Object>) (c.kind() == Kind.LIST ? Container.LIST : Container.SET)
                .newContainer(count);
        for (int i = 0; i < count; i++) {
            in.readElementTag(field, i, count);
            Elements.add(values, readValue(in, c, field), labels[c.index()], i);
        }
        return values;
    }

    /** Reads one STRING, ENUM, VALUE or POLYMORPHIC value: a component or a collection element. */
    final Object readValue(ByteBufInput in, Component c, int field) throws IOException {
        ModelSchema schema;
        switch (c.valueKind()) {
            case STRING:
                return in.readString();
            case ENUM:
                return Bounds.enumConstant(in.readEnum(), c.enumConstants(), labels[c.index()]);
            case VALUE:
                schema = valueSchemas[c.index()];
                break;
            case POLYMORPHIC:
                schema = polymorphicSchema(in, c, field);
                break;
            default:
                throw new IllegalStateException(labels[c.index()] + " has kind " + c.valueKind()
                        + " (expected: STRING, ENUM, VALUE or POLYMORPHIC)");
        }
        // Nested values are read in place, not through a helper: one stack frame less per nesting level.
        return schema.instantiate((Object[]) in.mergeObject(null, schema));
    }

    /** Reads a polymorphic value's type id, checks it, and positions {@code in} at the value's group. */
    private ModelSchema polymorphicSchema(ByteBufInput in, Component c, int field) throws IOException {
        int id = in.readUInt32();
        TypeModel m = registry.find(id);
        if (m == null) {
            throw new MalformedPayloadException(labels[c.index()] + " holds type id " + id + " (expected: a"
                    + " registered " + c.rawType().getSimpleName() + " id)");
        }
        c.checkAssignable(m);
        in.readValueTag(field);
        return byId[m.id()];
    }

    // ---- the rest of Schema ----

    /** Components are named by their Java names. */
    @Override
    public String getFieldName(int number) {
        return number >= 1 && number <= model.size() ? model.component(number - 1).name() : null;
    }

    @Override
    public int getFieldNumber(String name) {
        for (Component c : model.components()) {
            if (c.name().equals(name)) {
                return c.index() + 1;
            }
        }
        return 0;
    }

    /** Completeness is checked while reading ({@link #mergeFrom}) and by the constructor. */
    @Override
    public boolean isInitialized(Object message) {
        return true;
    }

    /** A holder with one slot per component; see the class comment. */
    @Override
    public Object[] newMessage() {
        return new Object[model.size()];
    }

    @Override
    public String messageName() {
        return model.name();
    }

    @Override
    public String messageFullName() {
        return model.javaType().getName();
    }

    /** {@code Object}: the schema writes instances of {@link TypeModel#javaType()} and reads holders. */
    @Override
    public Class<? super Object> typeClass() {
        return Object.class;
    }
}
