package io.raftwire.serializer.protostuff;

import io.protostuff.Input;
import io.protostuff.Output;
import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.DownLevelSteps;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.ComponentWriter;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.schema.FieldSchema;
import io.raftwire.serializer.schema.TypeSchema;

import java.io.IOException;
import java.util.Collection;

/**
 * The protostuff schema that writes one changed type's values of today's class as the target's (older) protostuff
 * codec writes the corresponding old value (docs/upgrades.md §2.5): protostuff writes its writer's component {@code i}
 * as field {@code i + 1}, so the target's component at position {@code k} is field {@code k + 1}, whatever today's
 * position of the component is. What is written per target component, and what is refused, is {@link DownLevelSteps}'s
 * (one write per target component, in the target's order); this schema only turns each write into the protostuff
 * field of the target's position, with today's per-kind code ({@link ModelSchema}'s): a native {@code long},
 * {@code int} or {@code boolean} is always written (also a removed one's default 0 or {@code false}, which the target's
 * codec requires), a null reference is left out, and an enum constant is written as the target's wire number of the
 * constant of the same name ({@code DownLevelSteps} hands it over as that number plus one, 0 for null, through
 * {@link ComponentWriter#writeInt}; on a target enum field that is what it means).
 *
 * <p>Nested values are written with the schemas of the set this one belongs to, so a changed type nested in another is
 * written in the target's layout too.
 *
 * <p>Write only: the set it belongs to encodes; reading it would read today's layout, so {@link #mergeFrom} refuses.
 * Immutable after its set is built; shared by every thread (each write has its own field cursor).
 */
final class DownLevelSchema extends ModelSchema {

    private final DownLevelSteps steps;
    /** Per target position: whether the target's component there is a native enum. */
    private final boolean[] enumFields;
    private final Fields fields = new Fields();

    /**
     * @param steps  the type's steps, of {@code model}
     * @param target the type as the target schema has it
     */
    DownLevelSchema(TypeModel model, TypeRegistry registry, CodecPath path, DownLevelSteps steps,
            TypeSchema target) {
        super(model, registry, path);
        this.steps = steps;
        this.enumFields = new boolean[target.fields().size()];
        for (int k = 0; k < enumFields.length; k++) {
            FieldSchema f = target.fields().get(k);
            enumFields[k] = !f.walked() && f.shape().kind() == Kind.ENUM;
        }
    }

    @Override
    public void writeTo(Output out, Object value) throws IOException {
        steps.write(fields, new Cursor(ProtostuffEncoder.of(out)), out, value);
    }

    @Override
    public void mergeFrom(Input input, Object message) {
        throw new IllegalStateException(model().name() + "'s down-level schema writes only (expected: a"
                + " ModelSchema or ResolvedSchema to read)");
    }

    /** One write's position in the target's components, and the encoder of its output. */
    private static final class Cursor {

        final ProtostuffEncoder encoder;
        private int written;

        Cursor(ProtostuffEncoder encoder) {
            this.encoder = encoder;
        }

        /** The field number of the next target component. */
        int next() {
            return ++written;
        }
    }

    /**
     * {@link ComponentWriter} for {@link DownLevelSteps}: {@code a} is the {@link Cursor}, {@code b} the output;
     * {@code index} is today's component (for its shape and messages), the field number the cursor's.
     */
    private final class Fields implements ComponentWriter {

        @Override
        public void writeLong(Object a, Object b, int index, long value) throws IOException {
            ((Output) b).writeInt64(((Cursor) a).next(), value, false);
        }

        @Override
        public void writeInt(Object a, Object b, int index, int value) throws IOException {
            int field = ((Cursor) a).next();
            if (!enumFields[field - 1]) {
                ((Output) b).writeInt32(field, value, false);
            } else if (value != 0) {
                // as ModelSchema writes an enum: its number, left out for null
                ((Output) b).writeEnum(field, value - 1, true);
            }
        }

        @Override
        public void writeBoolean(Object a, Object b, int index, boolean value) throws IOException {
            ((Output) b).writeBool(((Cursor) a).next(), value, false);
        }

        @Override
        public void writeString(Object a, Object b, int index, String value) throws IOException {
            reference(a, b, index, value);
        }

        @Override
        public void writeBytes(Object a, Object b, int index, byte[] value) throws IOException {
            Cursor c = (Cursor) a;
            writeBytesAt((Output) b, c.encoder, index, c.next(), value);
        }

        @Override
        public void writeLongs(Object a, Object b, int index, long[] value) throws IOException {
            Cursor c = (Cursor) a;
            writeLongsAt((Output) b, c.encoder, index, c.next(), value);
        }

        @Override
        public void writeEnum(Object a, Object b, int index, Object value) throws IOException {
            reference(a, b, index, value);
        }

        @Override
        public void writeValue(Object a, Object b, int index, Object value) throws IOException {
            reference(a, b, index, value);
        }

        @Override
        public void writePolymorphic(Object a, Object b, int index, Object value) throws IOException {
            reference(a, b, index, value);
        }

        @Override
        public void writeCollection(Object a, Object b, int index, Collection<?> value) throws IOException {
            Cursor c = (Cursor) a;
            writeCollectionAt((Output) b, c.encoder, index, c.next(), value);
        }

        @Override
        public void writeWalked(Object a, Object b, int index, Object value) {
            Cursor c = (Cursor) a;
            writeWalkedAt((Output) b, c.encoder, index, c.next(), value);
        }

        private void reference(Object a, Object b, int index, Object value) throws IOException {
            Cursor c = (Cursor) a;
            writeReferenceAt((Output) b, c.encoder, index, c.next(), value);
        }
    }
}
