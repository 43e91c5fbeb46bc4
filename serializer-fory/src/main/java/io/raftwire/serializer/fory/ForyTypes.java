package io.raftwire.serializer.fory;

import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.model.TypeModel;

import java.util.List;

import org.apache.fory.Fory;

/**
 * One thread's Fory and its {@link ModelSerializer} per registered type, indexed by raftwire type id and linked to
 * each other. Confined to the thread that owns it.
 */
final class ForyTypes {

    private final Fory fory;
    private final ModelSerializer[] byId;

    ForyTypes(Fory fory, List<TypeModel> models, SerializerOptions options, Scratch scratch) {
        this.fory = fory;
        int maxId = 0;
        for (TypeModel m : models) {
            maxId = Math.max(maxId, m.id());
        }
        this.byId = new ModelSerializer[maxId + 1];
        for (TypeModel m : models) {
            byId[m.id()] = new ModelSerializer(fory.getConfig(), m, options, scratch);
        }
        for (TypeModel m : models) {
            byId[m.id()].link(this);
        }
    }

    /** This thread's Fory. */
    Fory fory() {
        return fory;
    }

    /** The serializer of the type with this registry id, or {@code null} if none (any int is accepted). */
    ModelSerializer find(int typeId) {
        return typeId > 0 && typeId < byId.length ? byId[typeId] : null;
    }

    /** The serializer of a registered model. */
    ModelSerializer of(TypeModel model) {
        return byId[model.id()];
    }
}
