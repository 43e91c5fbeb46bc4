package io.raftwire.serializer.model;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * One registry's {@linkplain GeneratedCodec generated} encodes behind a switch on the registry id: {@link #encode}
 * jumps to the type's generated {@code encode} through a branch of its own, each branch a call the JIT can bind at
 * compile time and inline (where the branch is taken and within its inlining budget), as a hand-written codec's
 * {@code switch} is compiled.
 *
 * <p>Why: a provider that calls {@code model.generated().encode(...)} for every payload calls from one site that sees
 * every registered type, which the JIT compiles as a megamorphic virtual call (a vtable jump, nothing inlined across
 * it). Through this switch, the encode of the catalog's small messages measured faster than through that one call.
 *
 * <p>Encode only, on purpose: the same switch for decode measured no faster, and the JIT took seconds to compile the
 * catalog's (one method into which it inlines every hot type's decode, with its allocations), holding up every other
 * compilation on a 2-core machine meanwhile; the encode switch compiles far sooner. Nested values keep their virtual
 * call: binding a nested type's codec at its call site measured no faster.
 *
 * <p>The class is generated ({@link CodecSwitchGenerator}) and holds a type only if it has a generated codec; for any
 * other id {@link #encode} throws {@link IllegalStateException}: call it only for a type whose
 * {@link TypeModel#generated()} is not null. Immutable and thread-safe; it keeps the codecs, not the models.
 */
public abstract class CodecSwitch {

    /**
     * At most this many types per switch: each takes about 21 bytes of {@code encode}'s bytecode, and the JIT does not
     * compile a method longer than 8,000 bytes ({@code -XX:-DontCompileHugeMethods} aside), which would leave the
     * switch interpreted. A registry with more generated types gets no switch ({@link #of} returns null).
     */
    public static final int MAX_TYPES = 256;

    /** For the generated subclass only (defined in this package): nothing else can extend this class. */
    CodecSwitch() {
    }

    /**
     * Exactly {@code generated.encode(value, writer, a, b)} of the type with registry id {@code id}.
     *
     * @throws IllegalStateException if that type has no generated codec in this switch
     */
    public abstract void encode(int id, Object value, ComponentWriter writer, Object a, Object b) throws IOException;

    /**
     * The switch over every model in {@code models} that has a generated codec, or {@code null} if none has or more
     * than {@link #MAX_TYPES} have (the caller then calls the generated codecs directly).
     *
     * @throws IllegalArgumentException if two of those models have the same id
     * @throws IllegalStateException    if the class cannot be defined on this JVM, saying why
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
        for (int k = 1; k < generated.size(); k++) {
            if (generated.get(k).id() == generated.get(k - 1).id()) {
                throw new IllegalArgumentException("type id " + generated.get(k).id() + " appears twice (expected: the"
                        + " models of one registry, one per id)");
            }
        }
        return CodecSwitchGenerator.define(generated);
    }

    /** The failure of a call for an id without a generated codec here; for the generated subclass. */
    static IllegalStateException notInSwitch(int id) {
        return new IllegalStateException("type id " + id + " has no generated codec in this switch (expected: the id"
                + " of a registered type whose codec was generated)");
    }
}
