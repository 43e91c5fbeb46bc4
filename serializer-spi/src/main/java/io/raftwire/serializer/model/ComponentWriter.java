package io.raftwire.serializer.model;

import java.io.IOException;
import java.util.Collection;

/**
 * The writes a {@link GeneratedCodec} makes, one per component, typed by the component's shape: a provider implements
 * it once (usually on its per-type serializer), in its own layout, and the generated code calls it with the values it
 * read from the fields directly. The two context arguments are the provider's per-call state (for example its library
 * instance and output), passed through untouched. {@code index} is the component's {@link Component#index()}.
 *
 * <p>A provider's generic walk and these methods must make the same writes, byte for byte: the walk is the reference.
 * Called on the encoding thread; implementations hold no per-call state of their own.
 */
public interface ComponentWriter {

    /** A native {@code long} component. */
    void writeLong(Object a, Object b, int index, long value) throws IOException;

    /** A native {@code int} component. */
    void writeInt(Object a, Object b, int index, int value) throws IOException;

    /** A native {@code boolean} component. */
    void writeBoolean(Object a, Object b, int index, boolean value) throws IOException;

    /** A native {@code String} component; may be null. */
    void writeString(Object a, Object b, int index, String value) throws IOException;

    /** A native {@code byte[]} component; may be null. */
    void writeBytes(Object a, Object b, int index, byte[] value) throws IOException;

    /** A native {@code long[]} component; may be null. */
    void writeLongs(Object a, Object b, int index, long[] value) throws IOException;

    /** An enum component; may be null. */
    void writeEnum(Object a, Object b, int index, Object value) throws IOException;

    /** A {@link Kind#VALUE} component; may be null. */
    void writeValue(Object a, Object b, int index, Object value) throws IOException;

    /** A {@link Kind#POLYMORPHIC} component; may be null. */
    void writePolymorphic(Object a, Object b, int index, Object value) throws IOException;

    /** A native {@code List} or {@code Set} component; may be null. */
    void writeCollection(Object a, Object b, int index, Collection<?> value) throws IOException;

    /** A {@linkplain Component#walked() walked} component, boxed if primitive; may be null where the shape allows. */
    void writeWalked(Object a, Object b, int index, Object value) throws IOException;
}
