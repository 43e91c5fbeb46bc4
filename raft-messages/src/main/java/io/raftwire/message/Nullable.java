package io.raftwire.message;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a component that may be {@code null}: on the constructor parameter and on its accessor.
 *
 * <p>Every other component of a catalog class is non-null, and its constructor rejects {@code null}. Serializers may
 * read this annotation at run time to decide which components need a null marker on the wire.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.PARAMETER, ElementType.METHOD})
public @interface Nullable {
}
