package io.raftwire.serializer.protostuff;

import io.protostuff.Input;
import io.protostuff.Output;
import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.TypeModel;

/**
 * In a down-level encoder's set of schemas (docs/upgrades.md §2.5), the schema of a type today's registry has and the
 * target schema lacks (a type added since): a value of it nested in another (in a polymorphic place, say) is refused
 * when it is written, as a top-level one is, instead of being written under an id the target's reader would refuse.
 * Immutable; shared by every thread.
 */
final class MissingTypeSchema extends ModelSchema {

    private final String reason;

    /**
     * @param reason why a value of the type is refused ({@code type is not in the target schema 0x… (expected: …)})
     */
    MissingTypeSchema(TypeModel model, TypeRegistry registry, CodecPath path, String reason) {
        super(model, registry, path);
        this.reason = reason;
    }

    /** @throws IllegalArgumentException always, naming the type and the reason */
    @Override
    public void writeTo(Output out, Object value) {
        throw new IllegalArgumentException("a nested " + model().name() + " (type " + model().id() + "): " + reason);
    }

    @Override
    public void mergeFrom(Input input, Object message) {
        throw new IllegalStateException(model().name() + "'s down-level schema writes only (expected: a"
                + " ModelSchema or ResolvedSchema to read)");
    }
}
