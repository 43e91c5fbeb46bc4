package io.raftwire.serializer.fory;

import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.TypeModel;

import java.util.List;

import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;

/**
 * The one configuration every thread's Fory gets, and the factory of those Fory instances with their per-type
 * serializers. Built once per serializer; immutable and thread-safe.
 */
final class ForySchema {

    private final List<TypeModel> models;
    private final SerializerOptions options;

    ForySchema(TypeRegistry registry, SerializerOptions options) {
        this.models = List.copyOf(registry.models());
        this.options = options;
    }

    /**
     * A new Fory that knows exactly the registered types, each under its raftwire id with its {@link ModelSerializer}:
     * Java mode, class registration required, references off, compatible mode off ({@code SCHEMA_CONSISTENT}), Fory's
     * code generation off (the model serializers are the per-type code, and no thread pays for a Janino compile), and
     * Fory's depth limit set to ours. Not thread-safe: one per thread.
     *
     * @param scratch the thread's reusable array, which the serializers read strings of a direct payload into
     * @return the Fory and its serializers by type id
     */
    ForyTypes newFory(Scratch scratch) {
        Fory fory = Fory.builder()
                .withXlang(false)
                .requireClassRegistration(true)
                .withRefTracking(false)
                .withCompatibleMode(CompatibleMode.SCHEMA_CONSISTENT)
                .withCodegen(false)
                .withAsyncCompilation(false)
                .withDeserializeUnknownClass(false)
                .withMaxDepth(options.maxDepth())
                .withClassLoader(ForySchema.class.getClassLoader())
                .build();
        ForyTypes types = new ForyTypes(fory, models, options, scratch);
        for (TypeModel model : models) {
            fory.register(model.javaType(), model.id());
            fory.registerSerializer(model.javaType(), types.of(model));
        }
        return types;
    }
}
