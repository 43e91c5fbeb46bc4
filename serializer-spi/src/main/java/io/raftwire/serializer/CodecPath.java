package io.raftwire.serializer;

import java.util.Arrays;
import java.util.Locale;

/**
 * How a provider encodes and decodes registered types: through the code generated for each type at registration, or
 * through its generic walk over the type model. Both write the same bytes and refuse the same input with the same
 * messages; the walk is the reference implementation (and what a type whose code could not be generated uses
 * anyway), the generated code the fast path.
 */
public enum CodecPath {
    /** Per-type generated code ({@link io.raftwire.serializer.model.GeneratedCodec}); the default. */
    GENERATED,
    /** The generic walk over {@link io.raftwire.serializer.model.TypeModel}, for every type. */
    WALK;

    /** The system property that chooses the path of {@link SerializerOptions} built without one. */
    public static final String PROPERTY = "raftwire.serializer.codec-path";

    /**
     * The path named by the system property {@value #PROPERTY} ({@code generated} or {@code walk}, any case), or
     * {@link #GENERATED} if it is not set.
     *
     * @throws IllegalArgumentException if the property names no path
     */
    public static CodecPath configured() {
        String value = System.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            return GENERATED;
        }
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(PROPERTY + " = " + value + " (expected: one of "
                    + Arrays.toString(values()).toLowerCase(Locale.ROOT) + ")", e);
        }
    }
}
