package io.raftwire.serializer.model;

import java.io.IOException;

/**
 * The code generated for one registered type at registration ({@link TypeModel#generated()}): its components read
 * from the fields directly and its instances built by a direct constructor call (or, for a type built field by field,
 * Objenesis and direct field writes), one straight-line method per type, so that the JIT compiles one monomorphic
 * path per type instead of the generic walk's method-handle reads and spread constructor call. It does exactly what
 * {@link Component#get}, {@link Component#getLong} and friends and {@link TypeModel#instantiate} do, and providers
 * call it through {@link ComponentWriter}/{@link ComponentReader} with the same per-kind code as their walk, so both
 * paths write the same bytes and refuse the same input with the same messages.
 *
 * <p>Subclasses are hidden classes defined by {@link CodecGenerator} in the registered type's nest; never extend it
 * yourself. Stateless and thread-safe.
 */
public abstract class GeneratedCodec {

    /** For the generated subclasses only. */
    protected GeneratedCodec() {
    }

    /**
     * Writes every component of {@code value} in component order, one {@link ComponentWriter} call each.
     *
     * @param value an instance of the type, not null
     * @param a     passed to every writer call
     * @param b     passed to every writer call
     */
    public abstract void encode(Object value, ComponentWriter writer, Object a, Object b) throws IOException;

    /**
     * Reads every component in component order, one {@link ComponentReader} call each, then builds the instance as
     * {@link TypeModel#instantiate} does (including {@link io.raftwire.serializer.ValidatedAfterDecode}).
     *
     * @throws RuntimeException whatever the reader, the constructor or the validation throws (a checked exception of
     *                          the constructor wrapped in an {@link IllegalStateException}, as the walk does)
     */
    public abstract Object decode(ComponentReader reader, Object a, Object b) throws IOException;

    /** Exactly {@link TypeModel#instantiate}, with a direct constructor call. */
    public abstract Object instantiate(Object[] args);

    /** Exactly {@link Component#getLong} of component {@code index}. */
    public abstract long getLong(Object owner, int index);

    /** Exactly {@link Component#getInt} of component {@code index}. */
    public abstract int getInt(Object owner, int index);

    /** Exactly {@link Component#getBoolean} of component {@code index}. */
    public abstract boolean getBoolean(Object owner, int index);

    /** Exactly {@link Component#get} of component {@code index} (a walked primitive boxed). */
    public abstract Object get(Object owner, int index);
}
