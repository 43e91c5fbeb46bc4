package io.raftwire.serializer.jdk;

import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.Container;
import io.raftwire.serializer.model.Elements;
import io.raftwire.serializer.model.GeneratedCodec;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.ShapeCodec;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.model.Utf16;
import io.raftwire.serializer.model.WireSource;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;

/**
 * Builds the value a {@link Carrier} stands for. Records are read in the carrier's pre-order; each record's type id is
 * checked against the model expected at its position (the frame header's type for the first, exactly the declared
 * type for a VALUE, {@link Component#checkAssignable} for a POLYMORPHIC) before anything of it is read, and each value
 * is built through {@link TypeModel#instantiate} once its nested values are, so its constructor validates it. Every
 * size is checked against the words or references left before a collection is allocated, and the {@code byte[]} and
 * {@code long[]} references handed to constructors may add up to no more than the payload's bytes (a stream can name
 * one array any number of times by handle, and constructors copy arrays). Iterative: stack use does not grow with the
 * nesting depth, which is checked exactly. Immutable and thread-safe.
 */
final class CarrierReader {

    private final TypeRegistry registry;
    private final int maxDepth;
    private final int maxElements;
    /** Whether records are built through their generated codec (else through the model). */
    private final boolean generated;

    CarrierReader(TypeRegistry registry, SerializerOptions options) {
        this.registry = registry;
        this.generated = options.codecPath() == CodecPath.GENERATED;
        this.maxDepth = options.maxDepth();
        this.maxElements = options.maxElements();
    }

    /**
     * The value of {@code carrier}.
     *
     * @param carrier      the carrier read from the payload, not yet checked
     * @param root         the type the frame header declares
     * @param payloadBytes size of the whole payload, the budget of the arrays handed to constructors
     * @return the value, of exactly that type
     * @throws MalformedPayloadException if the carrier does not describe a valid value of that type
     */
    Object read(Carrier carrier, TypeModel root, int payloadBytes) {
        return read(carrier, root, payloadBytes, null);
    }

    /**
     * The value of {@code carrier}, its top-level record read by {@code resolved} if not null: a record written with
     * another schema of the type ({@link ResolvedType}).
     *
     * @throws MalformedPayloadException if the carrier does not describe a valid value of that type
     */
    Object read(Carrier carrier, TypeModel root, int payloadBytes, ResolvedType resolved) {
        CarrierCursor in = new CarrierCursor(carrier, payloadBytes);
        long id = in.word(root);
        if (id != root.id()) {
            throw new MalformedPayloadException("payload holds type " + id + " (expected: " + root.name() + ", type "
                    + root.id() + " from the frame header)");
        }
        Object value = resolved == null ? readRecord(in, new Record(root, 1)) : resolved.read(this, in);
        in.checkUsedUp(root);
        return value;
    }

    /**
     * Reads component {@code index} of a record of {@code owner} at {@code depth} as a whole record's read reads it
     * (its words and references, nested records, checks and messages), for a reader that takes the components in
     * another order ({@link ResolvedType}).
     */
    Object readComponent(CarrierCursor in, TypeModel owner, int index, int depth) {
        return readRecord(in, new Record(owner, depth, index));
    }

    /**
     * Reads a nested record of {@code model} whose type id has been read and checked, one level below {@code depth},
     * and builds it (for a reader that skips it).
     */
    Object readNested(CarrierCursor in, TypeModel model, int depth) {
        Bounds.checkDepth(depth + 1, maxDepth);
        return readRecord(in, new Record(model, depth + 1));
    }

    /** The registered type of {@code id}, or null. */
    TypeModel find(long id) {
        return id > 0 && id <= Integer.MAX_VALUE ? registry.find((int) id) : null;
    }

    /**
     * Reads one record whose type id has been read and checked (or one component of it), iteratively down to its
     * nested records, and builds it. Called again (one level of Java recursion) only for a registered value inside a
     * walked component.
     *
     * @return the value, or for a record of one component the component's value
     */
    private Object readRecord(CarrierCursor in, Record root) {
        Deque<Record> stack = new ArrayDeque<>();
        stack.push(root);
        while (true) {
            Record record = stack.peek();
            TypeModel child = record.next(in);
            if (child != null) {
                Bounds.checkDepth(record.depth + 1, maxDepth);
                stack.push(new Record(child, record.depth + 1));
                continue;
            }
            stack.pop();
            if (record.alone) {
                return record.args[record.end - 1];
            }
            GeneratedCodec codec = generated ? record.model.generated() : null;
            Object value = codec != null ? codec.instantiate(record.args) : record.model.instantiate(record.args);
            if (stack.isEmpty()) {
                return value;
            }
            stack.peek().accept(value);
        }
    }

    /**
     * One value being read: its constructor arguments so far, and the collection of values being filled, if any; or
     * one component of a value, read alone.
     */
    private final class Record {
        private final TypeModel model;
        private final int depth;
        private final Object[] args;
        /** One past the last component read: the model's size, or for one component read alone its index + 1. */
        private final int end;
        /** Whether only one component is read, and no value built. */
        private final boolean alone;
        private int index;
        private Collection<Object> elements;
        private int missing;

        Record(TypeModel model, int depth) {
            this.model = model;
            this.depth = depth;
            this.args = new Object[model.size()];
            this.end = model.size();
            this.alone = false;
        }

        /** Component {@code only} of a record of {@code model}, read alone. */
        Record(TypeModel model, int depth, int only) {
            this.model = model;
            this.depth = depth;
            this.args = new Object[model.size()];
            this.index = only;
            this.end = only + 1;
            this.alone = true;
        }

        /** Reads components up to the next nested record and returns its model, or null once all are read. */
        TypeModel next(CarrierCursor in) {
            while (true) {
                if (elements != null) {
                    if (missing > 0) {
                        missing--;
                        return nested(in, model.component(index), true);
                    }
                    args[index++] = elements;
                    elements = null;
                    continue;
                }
                if (index == end) {
                    return null;
                }
                Component c = model.component(index);
                if (c.walked()) {
                    String label = model.name() + '.' + c.name();
                    args[index++] = ShapeCodec.read(c.shape(), new Source(in, model, label, depth), label);
                    continue;
                }
                switch (c.kind()) {
                    case LONG:
                    case INT:
                    case BOOLEAN:
                    case ENUM:
                        args[index++] = number(c, in.word(model));
                        break;
                    case STRING:
                    case BYTES:
                    case LONGS:
                        args[index++] = in.present(model, c)
                                ? in.claim(model, c, reference(c, in.reference(model), c.kind())) : null;
                        break;
                    case VALUE:
                    case POLYMORPHIC:
                        TypeModel child = nested(in, c, false);
                        if (child != null) {
                            return child;
                        }
                        args[index++] = null;
                        break;
                    default:
                        collection(in, c);
                }
            }
        }

        /** Takes the value of the nested record {@link #next} returned. */
        void accept(Object value) {
            if (elements != null) {
                Elements.add(elements, value, label(model.component(index)), elements.size());
            } else {
                args[index++] = value;
            }
        }

        /** Reads a collection component, or its size only if its elements are nested records. */
        private void collection(CarrierCursor in, Component c) {
            long word = in.word(model);
            if (word == 0) {
                args[index++] = null;
                return;
            }
            Kind kind = c.elementKind();
            int size = Bounds.checkCount(word - 1, 1, kind == Kind.STRING ? in.referencesLeft() : in.wordsLeft(),
                    maxElements, label(c) + " size");
            @SuppressWarnings("unchecked")
            Collection<Object> out = (Collection<Object>) (c.kind() == Kind.SET ? Container.SET : Container.LIST)
                    .newContainer(size);
            if (kind == Kind.VALUE || kind == Kind.POLYMORPHIC) {
                elements = out;
                missing = size;
                return;
            }
            for (int i = 0; i < size; i++) {
                Elements.add(out, kind == Kind.STRING ? reference(c, in.reference(model), Kind.STRING)
                        : constant(c, in.word(model)), label(c), i);
            }
            args[index++] = out;
        }

        private Object number(Component c, long word) {
            switch (c.kind()) {
                case LONG:
                    return word;
                case INT:
                    if (word != (int) word) {
                        throw malformed(c, "= " + word + " (expected: an int)");
                    }
                    return (int) word;
                case BOOLEAN:
                    if (word != 0 && word != 1) {
                        throw malformed(c, "= " + word + " (expected: 0 or 1)");
                    }
                    return word == 1;
                default:
                    return word == 0 ? null : constant(c, word - 1);
            }
        }

        private Object constant(Component c, long ordinal) {
            return Bounds.enumConstant(ordinal < 0 || ordinal > Integer.MAX_VALUE ? -1 : (int) ordinal,
                    c.enumConstants(), label(c));
        }

        private Object reference(Component c, Object v, Kind kind) {
            Class<?> expected = kind == Kind.STRING ? String.class : kind == Kind.BYTES ? byte[].class : long[].class;
            if (v.getClass() != expected) {
                throw malformed(c, "holds " + v.getClass().getSimpleName() + " (expected: " + expected.getSimpleName()
                        + ")");
            }
            if (kind == Kind.STRING) {
                int length = ((String) v).length();
                if (length > maxElements) {
                    Bounds.checkCount(length, 1, Integer.MAX_VALUE, maxElements, label(c) + " string length");
                }
                Utf16.requireWellFormedOnDecode((String) v, label(c));
            }
            return v;
        }

        /** Reads a nested record's type id and checks it against the component; null for a null component. */
        private TypeModel nested(CarrierCursor in, Component c, boolean element) {
            long id = in.word(model);
            if (id == 0) {
                if (element) {
                    throw malformed(c, "holds a null element (expected: none)");
                }
                return null;
            }
            TypeModel found = find(id);
            if (found == null) {
                throw malformed(c, "holds type " + id + ", which is not registered (expected: an id of this node's"
                        + " registry)");
            }
            if (c.valueKind() == Kind.VALUE && found != c.valueModel()) {
                throw malformed(c, "holds type " + id + " (" + found.name() + ") (expected: " + c.valueModel().name()
                        + ")");
            }
            return c.checkAssignable(found);
        }

        private String label(Component c) {
            return CarrierReader.label(model, c);
        }

        private MalformedPayloadException malformed(Component c, String problem) {
            return new MalformedPayloadException(model.name() + '.' + c.name() + ' ' + problem);
        }
    }

    private static String label(TypeModel owner, Component c) {
        return owner.name() + '.' + c.name();
    }

    /**
     * The {@link WireSource} of a walked component: {@code readLong}, fixed32 and fixed64 read words, strings and
     * byte arrays read references (arrays charged against the payload budget like any other), registered values read
     * a nested record.
     */
    private final class Source implements WireSource {
        private final CarrierCursor in;
        private final TypeModel owner;
        private final String label;
        private final int depth;

        Source(CarrierCursor in, TypeModel owner, String label, int depth) {
            this.in = in;
            this.owner = owner;
            this.label = label;
            this.depth = depth;
        }

        @Override
        public long readLong() {
            return in.word(owner);
        }

        @Override
        public int readFixed32() {
            long w = in.word(owner);
            if (w != (int) w) {
                throw new MalformedPayloadException(label + " = " + w + " (expected: 32 bits)");
            }
            return (int) w;
        }

        @Override
        public long readFixed64() {
            return in.word(owner);
        }

        @Override
        public String readString() {
            Object v = in.reference(owner);
            if (!(v instanceof String s)) {
                throw new MalformedPayloadException(label + " holds " + describe(v) + " (expected: a String)");
            }
            if (s.length() > maxElements) {
                Bounds.checkCount(s.length(), 1, Integer.MAX_VALUE, maxElements, label + " string length");
            }
            Utf16.requireWellFormedOnDecode(s, label);
            return s;
        }

        @Override
        public byte[] readBytes() {
            Object v = in.reference(owner);
            if (!(v instanceof byte[] b)) {
                throw new MalformedPayloadException(label + " holds " + describe(v) + " (expected: a byte[])");
            }
            return (byte[]) in.claim(label, b);
        }

        @Override
        public Object readValue(TypeModel model) {
            Bounds.checkDepth(depth + 1, maxDepth);
            long id = in.word(owner);
            if (id != model.id()) {
                throw new MalformedPayloadException(label + " holds a record of type " + id + " (expected: "
                        + model.name() + ", type " + model.id() + ")");
            }
            return readRecord(in, new Record(model, depth + 1));
        }

        @Override
        public int remaining() {
            return in.wordsLeft() + in.referencesLeft();
        }

        @Override
        public int maxElements() {
            return maxElements;
        }

        private String describe(Object v) {
            return v instanceof String s ? "a String of " + s.length() + " characters" : v.getClass().getSimpleName();
        }
    }
}
