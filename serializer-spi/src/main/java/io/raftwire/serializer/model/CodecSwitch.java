package io.raftwire.serializer.model;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * One registry's {@linkplain GeneratedCodec generated} encodes behind a switch on the registry id: {@link #encode}
 * jumps to the type's generated {@code encode} through a branch of its own, each branch a call the JIT binds at compile
 * time and inlines, as a hand-written codec's {@code switch} does.
 *
 * <p>Why: a provider that calls {@code model.generated().encode(...)} for every payload calls from one site that sees
 * every registered type, which the JIT compiles as a megamorphic virtual call (a vtable jump, nothing inlined across
 * it). Measured on the catalog's 20 small messages (JDK 17, kryo, 18 alternating JVMs a side; BENCHMARKS.md §12.14):
 * encode 1.355x the hand-written codec's CPU with that call, 1.29x through this switch.
 *
 * <p>Encode only, on purpose: the same switch for decode measured no faster, and on the full message set the JIT
 * spent over five seconds compiling it (every type's decode, with its allocations, inlined into one method), holding
 * up every other compilation on a 2-core machine meanwhile. The encode switch of the catalog compiles in under a
 * second (0.73 s measured). Nested values keep their virtual call: binding a nested type's codec at its call site
 * measured no faster (BENCHMARKS.md §12.13).
 *
 * <p>The class is generated ({@link CodecSwitchGenerator}) and holds a type only if it has a generated codec; for any
 * other id {@link #encode} throws {@link IllegalStateException}: call it only for a type whose
 * {@link TypeModel#generated()} is not null. Immutable and thread-safe; it keeps the codecs, not the models.
 */
public abstract class CodecSwitch {

    /**
     * At most this many types per switch: each takes about 21 bytes of {@code encode}'s bytecode, and the JIT does not
     * compile a method longer than 8,000 bytes ({@code -XX:-DontCompileHugeMethods} aside), which would leave the switch
     * interpreted. A registry with more generated types gets no switch ({@link #of} returns null).
     */
    public static final int MAX_TYPES = 256;

    /** For the generated subclass only. */
    protected CodecSwitch() {
    }

    /**
     * Exactly {@code generated.encode(value, writer, a, b)} of the type with registry id {@code id}.
     *
     * @throws IllegalStateException if that type has no generated codec in this switch
     */
    public abstract void encode(int id, Object value, ComponentWriter writer, Object a, Object b) throws IOException;

    /**
     * The switch over every model in {@code models} (distinct ids) that has a generated codec, or {@code null} if none
     * has or more than {@link #MAX_TYPES} have (the caller then calls the generated codecs directly).
     *
     * @throws IllegalStateException if the class cannot be defined on this JVM, saying why
     */
    public static CodecSwitch of(Collection<TypeModel> models) {
        List<TypeModel> generated = new ArrayList<>();
        for (TypeModel m : models) {
            if (m.generated() != null) {
                generated.add(m);
            }
        }
        if (generated.isEmpty() || generated.size() > MAX_TYPES) {
            return null;
        }
        generated.sort(Comparator.comparingInt(TypeModel::id));
        return CodecSwitchGenerator.define(generated);
    }

    /** The failure of a call for an id without a generated codec here; for the generated subclass. */
    protected static IllegalStateException notInSwitch(int id) {
        return new IllegalStateException("type id " + id + " has no generated codec in this switch (expected: the id"
                + " of a registered type whose codec was generated)");
    }

    /** The encode of one type's generated codec, as a method handle bound to it. */
    static MethodHandle encodeOf(GeneratedCodec codec) {
        try {
            return MethodHandles.lookup().findVirtual(GeneratedCodec.class, "encode", MethodType.methodType(void.class,
                    Object.class, ComponentWriter.class, Object.class, Object.class)).bindTo(codec);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("GeneratedCodec's own methods are not accessible to raftwire", e);
        }
    }
}
