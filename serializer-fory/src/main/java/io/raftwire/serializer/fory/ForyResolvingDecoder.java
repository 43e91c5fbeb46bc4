package io.raftwire.serializer.fory;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.AbstractResolvingDecoder;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.schema.Schema;

/**
 * The fory provider's resolving decoder (docs/upgrades.md §2.5, step 3 for fory): reads payloads written by a writer
 * whose types had another {@link Schema} into the reader's registered classes, as {@link AbstractResolvingDecoder}
 * routes them. A changed type is read component by component in the writer's order, in Fory's layout
 * ({@link ResolvedType}, kryo's structure with Fory's varints): an added component gets its default (0,
 * {@code false}, null), a removed one is read by the writer's shape and dropped, components are matched by tag
 * whatever their order, an {@code int} read as {@code long} is sign-extended (-1 reads -1), and an enum constant is
 * matched by name, one the reader lacks refused when a value holding it is decoded. The format is fory's, unchanged:
 * nothing in the bytes names a schema.
 *
 * <p>Not yet handled, refused by {@link #create} naming the component: a removed walked component (such as a boxed
 * number, a map or an array of objects), a widened walked component, enum constants mapped by name inside a walked
 * component or a collection. A changed type nested in another type is not resolved (a nested value is read with the
 * reader's codec): a payload of a type that may hold one is refused at decode, naming the component (see
 * {@link AbstractResolvingDecoder}). {@code ForySerializer.decoderFor} builds this decoder for a writer schema
 * other than the reader's own.
 *
 * <p>Thread-safe, as the reader's serializer: each decode uses the calling thread's Fory state; {@link #decode} reads
 * the payload and never releases it (the caller owns the buffer).
 */
public final class ForyResolvingDecoder extends AbstractResolvingDecoder<ResolvedType> {

    private final ForySerializer reader;

    private ForyResolvingDecoder(Schema writer, ForySerializer reader) {
        super(writer, reader, ForySerializerProvider.NAME, (id, plan, changed) -> new ResolvedType(plan,
                reader.registry().find(id), changed, reader.maxElements(), reader.maxDepth()));
        this.reader = reader;
    }

    /**
     * The decoder of bytes written with {@code writer} for {@code reader}'s types.
     *
     * @param writer the schema the payloads were written with
     * @param reader a fory serializer of the reader's registry; its options (limits, codec path) apply
     * @throws IllegalArgumentException if {@code reader} is not fory's; with every problem {@code compare} found, if
     *                                  the reader cannot read the writer's types; or naming the component, if a plan
     *                                  needs what this decoder does not handle yet (class comment)
     */
    public static ForyResolvingDecoder create(Schema writer, Serializer reader) {
        return new ForyResolvingDecoder(writer, requireProvider(reader, ForySerializer.class,
                ForySerializerProvider.NAME));
    }

    @Override
    protected Object decodeResolved(int typeId, ByteBuf payload, ResolvedType resolved) {
        return reader.decodeResolved(typeId, payload, resolved);
    }
}
