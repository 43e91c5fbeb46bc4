package io.raftwire.serializer;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Pins the tag of one component of a registered type: the number a schema calls the component by
 * ({@link io.raftwire.serializer.schema.Schema}). A tag is what stays when a component is renamed, so a rename with
 * the old tag on the new name is a rename, while a rename without it is a removal and an addition. Names are never on
 * the wire.
 *
 * <p>Put it on a record component or on a field of a class built field by field. Without it a component's tag comes
 * from the registry's schema lock ({@link io.raftwire.serializer.schema.SchemaLock}), or, with no lock, is its
 * position plus one. A tag is positive, unique within its type, and never reused once retired.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface WireTag {

    /** The tag: 1 or more. */
    int value();
}
