package io.raftwire.serializer;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the constructor a registered class (or record) is decoded through. By marking it, you assert that the
 * constructor stores every argument unchanged (it may check its arguments and throw, and it may copy them into equal
 * values, but it must not normalise, trim, sort into another order, prefix or otherwise change them): every decoded
 * value passes through it, so its checks run on decode, and a change it made would change the value on every round
 * trip.
 *
 * <p>The marked constructor's parameters must be exactly the class's non-transient instance fields, by name (compile
 * with {@code -parameters}) and type; registration fails naming the mismatch otherwise. At most one constructor of a
 * class may be marked. Without a mark, raftwire decodes through a constructor only where a check of its bytecode at
 * registration shows that it stores each argument unchanged (see {@link TypeRegistry}); any other class is built
 * field by field without running a constructor.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.CONSTRUCTOR)
public @interface DecodeThrough {
}
