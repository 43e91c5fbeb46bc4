package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import io.raftwire.serializer.DownLevelSteps;

import java.io.IOException;
import java.util.Map;
import java.util.Set;

/**
 * How {@link KryoDownLevelEncoder} writes each value of a payload in its target schema, the payload's own value and
 * every nested one alike: a changed type through its {@link DownLevelSteps} (its target components, each written by
 * the type's {@link ModelSerializer}, whose nested values come back here), an unchanged type with today's codec, and
 * a type the target lacks (added since, found in a polymorphic place) refused. Immutable; built once per encoder.
 */
final class DownLevelRoutes {

    private final Map<Integer, DownLevelSteps> steps;
    private final Set<Integer> targetIds;
    private final String notInTarget;

    /**
     * @param steps       the steps of every changed type, by id
     * @param targetIds   the ids the target schema registers
     * @param notInTarget why a value of a type the target lacks is refused (the encoder's reason for a top-level one)
     */
    DownLevelRoutes(Map<Integer, DownLevelSteps> steps, Set<Integer> targetIds, String notInTarget) {
        this.steps = Map.copyOf(steps);
        this.targetIds = Set.copyOf(targetIds);
        this.notInTarget = notInTarget;
    }

    /**
     * Writes {@code value} by its steps if its type changed.
     *
     * @param s the value's type's serializer
     * @return whether it was written; {@code false} for an unchanged type, which the caller writes with today's codec
     * @throws IllegalArgumentException naming the type, if the target lacks it; as {@link DownLevelSteps#write}, for a
     *                                  value the target cannot hold
     */
    boolean write(ModelSerializer s, Kryo kryo, PayloadOutput out, Object value) {
        int id = s.model().id();
        if (!targetIds.contains(id)) {
            throw new IllegalArgumentException("a nested " + s.model().name() + " (type " + id + "): " + notInTarget);
        }
        DownLevelSteps changed = steps.get(id);
        if (changed == null) {
            return false;
        }
        try {
            changed.write(s, kryo, out, value);
        } catch (IOException e) {
            throw new IllegalStateException("a Kryo write threw an IOException, which it never does", e);
        }
        return true;
    }
}
