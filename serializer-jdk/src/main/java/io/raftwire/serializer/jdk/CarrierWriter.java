package io.raftwire.serializer.jdk;

import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.DownLevelSteps;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.ComponentWriter;
import io.raftwire.serializer.model.Elements;
import io.raftwire.serializer.model.GeneratedCodec;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.ShapeCodec;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.model.Utf16;
import io.raftwire.serializer.model.WireSink;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Builds the {@link Carrier} of a registered value, in the layout documented there. The walk is iterative, so stack
 * use does not grow with the nesting depth, and it checks the depth exactly on the way down. Immutable and
 * thread-safe. Component values are read through the type's {@link GeneratedCodec} (direct field reads) or, on
 * the walk path of {@link SerializerOptions#codecPath()}, through the model's method handles: the same values.
 */
final class CarrierWriter {

    private final TypeRegistry registry;
    private final int maxDepth;
    private final int maxPayloadBytes;
    private final int maxElements;
    private final boolean generated;

    CarrierWriter(TypeRegistry registry, SerializerOptions options) {
        this.registry = registry;
        this.maxDepth = options.maxDepth();
        this.maxPayloadBytes = options.maxPayloadBytes();
        this.maxElements = options.maxElements();
        this.generated = options.codecPath() == CodecPath.GENERATED;
    }

    /** The registry whose types this writer maps. */
    TypeRegistry registry() {
        return registry;
    }

    /**
     * The carrier of {@code value}.
     *
     * @param model the value's registered type
     * @param value the value
     * @return its carrier
     * @throws MalformedPayloadException if the value nests deeper than the configured maximum
     * @throws IllegalArgumentException  if a polymorphic component holds an unregistered type
     */
    Carrier write(TypeModel model, Object value) {
        Words words = new Words();
        List<Object> references = new ArrayList<>();
        writeRecord(model, value, 1, words, references);
        return new Carrier(words.toArray(), references.isEmpty() ? null : unshared(references));
    }

    /**
     * The carrier of {@code value} written in an older schema: its top-level record holds the target's components in
     * the target's order, as {@code steps} write them through {@link TopLevel}; nested values are written as today,
     * in the layout {@link #write} gives them.
     *
     * @throws MalformedPayloadException if the value nests deeper than the configured maximum
     * @throws IllegalArgumentException  as {@link DownLevelSteps#write} does, for a value the target cannot hold
     */
    Carrier writeDownLevel(TypeModel model, Object value, DownLevelSteps steps) {
        Bounds.checkDepth(1, maxDepth);
        Words words = new Words();
        List<Object> references = new ArrayList<>();
        words.add(model.id());
        try {
            steps.write(new TopLevel(model, words, references), null, null, value);
        } catch (IOException e) {
            throw new IllegalStateException("a carrier write threw an IOException, which it never does", e);
        }
        return new Carrier(words.toArray(), references.isEmpty() ? null : unshared(references));
    }

    /**
     * Writes the record of one value and of everything nested in it, iteratively. Called again (one level of Java
     * recursion) only for a registered value inside a walked component.
     */
    /** Refuses once the stream passes max-payload-bytes: it holds 8 bytes per word and at least 5 per reference. */
    private void checkStreamSize(Words words, List<Object> references) {
        Bounds.checkEncodedSize(8L * words.size() + 5L * references.size(), maxPayloadBytes);
    }

    private void writeRecord(TypeModel model, Object value, int depth, Words words, List<Object> references) {
        Deque<Record> stack = new ArrayDeque<>();
        words.add(model.id());
        stack.push(new Record(model, value, depth));
        while (!stack.isEmpty()) {
            Record record = stack.peek();
            Object child = record.next(words, references);
            if (child == null) {
                stack.pop();
            } else {
                checkStreamSize(words, references);
                words.add(record.childModel.id());
                stack.push(new Record(record.childModel, child, record.depth + 1));
            }
        }
    }

    /**
     * The references, with every repeat of a {@code byte[]} or {@code long[]} instance replaced by a copy. The stream
     * would write a repeat as a handle, and {@link CarrierReader} accepts no more array bytes than the payload holds
     * (a handle repeated once per constructor copy is the amplification it refuses). Strings stay shared.
     */
    private static Object[] unshared(List<Object> references) {
        Object[] out = references.toArray();
        Object first = null;
        Set<Object> seen = null;
        for (int i = 0; i < out.length; i++) {
            Object r = out[i];
            if (!(r instanceof byte[] || r instanceof long[])) {
                continue;
            }
            if (first == null) {
                first = r;
                continue;
            }
            if (seen == null) {
                seen = Collections.newSetFromMap(new IdentityHashMap<>());
                seen.add(first);
            }
            if (!seen.add(r)) {
                out[i] = r instanceof byte[] b ? b.clone() : ((long[]) r).clone();
            }
        }
        return out;
    }

    /**
     * Refuses a string, {@code byte[]} or {@code long[]} component that {@link CarrierReader} (strings, in chars) or
     * {@link PayloadFilter} (arrays, which it names by class only) would refuse for max-elements, with their message.
     */
    private void checkReference(Object reference, TypeModel model, Component c) {
        if (reference instanceof String s) {
            checkString(s, model.name() + '.' + c.name());
        } else {
            checkArray(reference instanceof byte[] b ? b.length : ((long[]) reference).length,
                    reference instanceof byte[] ? "byte[]" : "long[]");
        }
    }

    private void checkString(String s, String label) {
        Utf16.requireWellFormed(s);
        Bounds.checkEncodeCount(s.length(), maxElements, label, " string length");
    }

    private void checkArray(int length, String type) {
        Bounds.checkEncodeCount(length, maxElements, type, " length");
    }

    /** One value being written: how far its components got, and the collection being walked, if any. */
    private final class Record {
        private final TypeModel model;
        /** The type's generated codec, or null to read through the model's method handles. */
        private final GeneratedCodec codec;
        private final Object value;
        private final int depth;
        private int index;
        private Iterator<?> items;
        private TypeModel childModel;

        Record(TypeModel model, Object value, int depth) {
            Bounds.checkDepth(depth, maxDepth);
            this.model = model;
            this.codec = generated ? model.generated() : null;
            this.value = value;
            this.depth = depth;
        }

        /** Writes components up to the next nested value and returns it, or null once the record is complete. */
        Object next(Words words, List<Object> references) {
            while (true) {
                if (items != null) {
                    Object child = nextElement(words, references);
                    if (child != null) {
                        return child;
                    }
                    continue;
                }
                if (index == model.size()) {
                    return null;
                }
                Component c = model.component(index++);
                if (c.walked()) {
                    String label = model.name() + '.' + c.name();
                    ShapeCodec.write(c.shape(), get(c), new Sink(words, references, depth, label), label);
                    continue;
                }
                switch (c.kind()) {
                    case LONG:
                        words.add(getLong(c));
                        break;
                    case INT:
                        words.add(getInt(c));
                        break;
                    case BOOLEAN:
                        words.add(getBoolean(c) ? 1 : 0);
                        break;
                    case ENUM:
                        Object constant = get(c);
                        words.add(constant == null ? 0 : ((Enum<?>) constant).ordinal() + 1L);
                        break;
                    case STRING:
                    case BYTES:
                    case LONGS:
                        Object reference = get(c);
                        if (reference != null) {
                            checkReference(reference, model, c);
                        }
                        words.add(reference == null ? 0 : 1);
                        if (reference != null) {
                            references.add(reference);
                        }
                        break;
                    case VALUE:
                    case POLYMORPHIC:
                        Object nested = get(c);
                        if (nested != null) {
                            childModel = modelOf(c, nested);
                            return nested;
                        }
                        words.add(0);
                        break;
                    default:
                        Collection<?> collection = (Collection<?>) get(c);
                        if (collection != null) {
                            Elements.requireDistinct(collection, model.name() + '.' + c.name());
                            Bounds.checkEncodeCount(collection.size(), maxElements, model.name() + '.' + c.name(),
                                    " size");
                        }
                        words.add(collection == null ? 0 : collection.size() + 1L);
                        items = collection == null ? null : collection.iterator();
                }
            }
        }

        private long getLong(Component c) {
            return codec != null ? codec.getLong(value, c.index()) : c.getLong(value);
        }

        private int getInt(Component c) {
            return codec != null ? codec.getInt(value, c.index()) : c.getInt(value);
        }

        private boolean getBoolean(Component c) {
            return codec != null ? codec.getBoolean(value, c.index()) : c.getBoolean(value);
        }

        private Object get(Component c) {
            return codec != null ? codec.get(value, c.index()) : c.get(value);
        }

        /** Writes elements of the current collection up to the next nested value, or to the end (then null). */
        private Object nextElement(Words words, List<Object> references) {
            Component c = model.component(index - 1);
            String label = model.name() + '.' + c.name();
            while (items.hasNext()) {
                Object item = Elements.requireElement(items.next(), label);
                switch (c.elementKind()) {
                    case STRING:
                        checkString((String) item, label);
                        references.add(item);
                        break;
                    case ENUM:
                        words.add(((Enum<?>) item).ordinal());
                        break;
                    default:
                        childModel = modelOf(c, item);
                        return item;
                }
            }
            items = null;
            return null;
        }

        private TypeModel modelOf(Component c, Object v) {
            if (c.valueKind() == Kind.VALUE) {
                return c.valueModel();
            }
            return c.subtypeOf(model.name() + '.' + c.name(), v);
        }
    }

    /**
     * The components of a down-level top-level record, one {@link ComponentWriter} call each, as
     * {@link Record#next} writes them: numbers and flags as words, enums as their wire number plus one, strings and
     * arrays as a presence word and a reference, a registered value as its record (0 for null), a collection as its
     * size plus one and then its elements. {@code index} is today's component, for messages and nested types.
     */
    private final class TopLevel implements ComponentWriter {
        private final TypeModel model;
        private final Words words;
        private final List<Object> references;

        TopLevel(TypeModel model, Words words, List<Object> references) {
            this.model = model;
            this.words = words;
            this.references = references;
        }

        @Override
        public void writeLong(Object a, Object b, int index, long value) {
            words.add(value);
        }

        @Override
        public void writeInt(Object a, Object b, int index, int value) {
            words.add(value);
        }

        @Override
        public void writeBoolean(Object a, Object b, int index, boolean value) {
            words.add(value ? 1 : 0);
        }

        @Override
        public void writeString(Object a, Object b, int index, String value) {
            reference(index, value);
        }

        @Override
        public void writeBytes(Object a, Object b, int index, byte[] value) {
            reference(index, value);
        }

        @Override
        public void writeLongs(Object a, Object b, int index, long[] value) {
            reference(index, value);
        }

        private void reference(int index, Object reference) {
            words.add(reference == null ? 0 : 1);
            if (reference != null) {
                checkReference(reference, model, model.component(index));
                references.add(reference);
            }
        }

        @Override
        public void writeEnum(Object a, Object b, int index, Object value) {
            words.add(value == null ? 0 : ((Enum<?>) value).ordinal() + 1L);
        }

        @Override
        public void writeValue(Object a, Object b, int index, Object value) {
            nested(index, value);
        }

        @Override
        public void writePolymorphic(Object a, Object b, int index, Object value) {
            nested(index, value);
        }

        private void nested(int index, Object value) {
            if (value == null) {
                words.add(0);
                return;
            }
            Component c = model.component(index);
            checkStreamSize(words, references);
            writeRecord(c.valueKind() == Kind.VALUE ? c.valueModel() : c.subtypeOf(label(c), value), value, 2, words,
                    references);
        }

        @Override
        public void writeCollection(Object a, Object b, int index, Collection<?> value) {
            if (value == null) {
                words.add(0);
                return;
            }
            Component c = model.component(index);
            String label = label(c);
            Elements.requireDistinct(value, label);
            Bounds.checkEncodeCount(value.size(), maxElements, label, " size");
            words.add(value.size() + 1L);
            for (Object e : value) {
                Object item = Elements.requireElement(e, label);
                switch (c.elementKind()) {
                    case STRING -> {
                        checkString((String) item, label);
                        references.add(item);
                    }
                    case ENUM -> words.add(((Enum<?>) item).ordinal());
                    default -> {
                        checkStreamSize(words, references);
                        writeRecord(c.valueKind() == Kind.VALUE ? c.valueModel() : c.subtypeOf(label, item), item, 2,
                                words, references);
                    }
                }
            }
        }

        @Override
        public void writeWalked(Object a, Object b, int index, Object value) {
            Component c = model.component(index);
            ShapeCodec.write(c.shape(), value, new Sink(words, references, 1, label(c)), label(c));
        }

        private String label(Component c) {
            return model.name() + '.' + c.name();
        }
    }

    /**
     * The {@link WireSink} of a walked component: numbers and bits are words, strings and byte arrays references, a
     * registered value its record.
     */
    private final class Sink implements WireSink {
        private final Words words;
        private final List<Object> references;
        private final int depth;

        private final String label;

        Sink(Words words, List<Object> references, int depth, String label) {
            this.label = label;
            this.words = words;
            this.references = references;
            this.depth = depth;
        }

        @Override
        public void writeLong(long value) {
            words.add(value);
        }

        @Override
        public void writeFixed32(int bits) {
            words.add(bits);
        }

        @Override
        public void writeFixed64(long bits) {
            words.add(bits);
        }

        @Override
        public void writeString(String value) {
            checkString(value, label);
            references.add(value);
        }

        @Override
        public void writeBytes(byte[] value) {
            checkArray(value.length, "byte[]");
            references.add(value);
        }

        @Override
        public int maxElements() {
            return maxElements;
        }

        @Override
        public void writeValue(TypeModel model, Object value) {
            checkStreamSize(words, references);
            writeRecord(model, value, depth + 1, words, references);
        }
    }

    /** A growing {@code long[]}. */
    private static final class Words {
        private long[] words = new long[16];
        private int size;

        void add(long word) {
            if (size == words.length) {
                words = Arrays.copyOf(words, size * 2);
            }
            words[size++] = word;
        }

        int size() {
            return size;
        }

        long[] toArray() {
            return Arrays.copyOf(words, size);
        }
    }
}
