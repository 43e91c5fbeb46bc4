package io.raftwire.serializer.model;

import java.io.IOException;

/**
 * The reads a {@link GeneratedCodec} makes, one per component, mirroring {@link ComponentWriter}: the provider reads
 * and checks each value in its own layout (every bound and message of its generic walk), and the generated code hands
 * the values straight to the constructor or the fields. A native {@code List}/{@code Set} is returned as read; the
 * generated code wraps it unmodifiable, as {@link TypeModel#instantiate} does.
 */
public interface ComponentReader {

    /** A native {@code long} component. */
    long readLong(Object a, Object b, int index) throws IOException;

    /** A native {@code int} component. */
    int readInt(Object a, Object b, int index) throws IOException;

    /** A native {@code boolean} component. */
    boolean readBoolean(Object a, Object b, int index) throws IOException;

    /** A native {@code String} component; null where the payload says so. */
    String readString(Object a, Object b, int index) throws IOException;

    /** A native {@code byte[]} component. */
    byte[] readBytes(Object a, Object b, int index) throws IOException;

    /** A native {@code long[]} component. */
    long[] readLongs(Object a, Object b, int index) throws IOException;

    /** An enum component: the constant or null. */
    Object readEnum(Object a, Object b, int index) throws IOException;

    /** A {@link Kind#VALUE} component. */
    Object readValue(Object a, Object b, int index) throws IOException;

    /** A {@link Kind#POLYMORPHIC} component. */
    Object readPolymorphic(Object a, Object b, int index) throws IOException;

    /** A native {@code List} or {@code Set} component, in a mutable container the generated code wraps. */
    Object readCollection(Object a, Object b, int index) throws IOException;

    /** A {@linkplain Component#walked() walked} component, boxed if primitive. */
    Object readWalked(Object a, Object b, int index) throws IOException;
}
