package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.CodecSwitch;
import io.raftwire.serializer.model.TypeModel;

import java.util.ArrayList;
import java.util.List;

/**
 * One {@link ModelSerializer} per registered type, linked to each other, and the factory of identically configured
 * Kryo instances that use them. Built once per serializer; immutable and thread-safe afterwards (the model
 * serializers hold no per-call state, so every thread's Kryo shares them).
 */
final class KryoSchema {

    /**
     * Added to a registry id to get the Kryo registration id. Kryo registers its primitives and {@code String} as
     * 0..8; ids below 16 are left to Kryo. Kryo ids never reach the wire (see {@link WireClassResolver}), so this only
     * keeps Kryo's own tables free of collisions.
     */
    static final int KRYO_ID_OFFSET = 16;

    private final List<ModelSerializer> serializers;
    private final ModelSerializer[] byId;
    private final int maxDepth;
    /** The registry's switch into the generated codecs on the generated path, else null. */
    private final CodecSwitch codecs;

    KryoSchema(TypeRegistry registry, SerializerOptions options) {
        this.codecs = options.codecPath() == CodecPath.GENERATED ? registry.codecSwitch() : null;
        this.serializers = new ArrayList<>(registry.models().size());
        int maxId = 0;
        for (TypeModel model : registry.models()) {
            serializers.add(new ModelSerializer(model, options));
            maxId = Math.max(maxId, model.id());
        }
        this.byId = new ModelSerializer[maxId + 1];
        for (ModelSerializer s : serializers) {
            byId[s.model().id()] = s;
        }
        for (ModelSerializer s : serializers) {
            s.link(this);
        }
        this.maxDepth = options.maxDepth();
    }

    /** The serializer of the type with this registry id, or {@code null} if none (any int is accepted). */
    ModelSerializer find(int typeId) {
        return typeId > 0 && typeId < byId.length ? byId[typeId] : null;
    }

    /**
     * The switch the payload's own value goes through on the generated path ({@link ModelSerializer#writePayload}),
     * or null: the walk is configured, or the registry has none.
     */
    CodecSwitch codecs() {
        return codecs;
    }

    /** The serializer of a registered model. */
    ModelSerializer of(TypeModel model) {
        return byId[model.id()];
    }

    /**
     * A new Kryo that knows exactly the registered types: registration required, references off, every type under
     * {@code registry id + }{@value #KRYO_ID_OFFSET} with its model serializer, and a class resolver that refuses to
     * read or write a class. Kryo's own depth limit is set one above ours as a backstop; {@link ModelSerializer}
     * checks the configured limit first with a clearer message. Not thread-safe: one per thread.
     */
    Kryo newKryo() {
        Kryo kryo = new Kryo(new WireClassResolver(), null);
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        kryo.setMaxDepth(maxDepth + 1);
        for (ModelSerializer s : serializers) {
            kryo.register(s.model().javaType(), s, KRYO_ID_OFFSET + s.model().id());
        }
        return kryo;
    }
}
