package io.raftwire.serializer.protostuff;

import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.schema.EnumConstant;
import io.raftwire.serializer.schema.ReadPlan;

import java.util.List;
import java.util.TreeSet;

/**
 * One enum's written wire numbers resolved to the reader's constants by name ({@link ReadPlan.EnumMapping}): a
 * written number the reader has a constant for reads as that constant, one of a constant the reader lacks is refused
 * naming the constant, any other number is refused listing the writer's numbers. Immutable and thread-safe.
 */
final class WrittenConstants {

    /** Per written wire number, the reader's constant, or null. */
    private final Object[] byWritten;
    private final ReadPlan.EnumMapping mapping;

    /**
     * @param mapping         the plan's mapping of this enum
     * @param readerConstants the reader's constants in ordinal order, which is their wire order
     */
    WrittenConstants(ReadPlan.EnumMapping mapping, Object[] readerConstants) {
        this.mapping = mapping;
        int max = mapping.readerByWritten().isEmpty() ? -1 : mapping.readerByWritten().lastKey();
        this.byWritten = new Object[max + 1];
        mapping.readerByWritten().forEach((written, c) -> byWritten[written] = readerConstants[c.wire()]);
    }

    /**
     * Whether the reader's own constants read the written numbers right: every written constant is the reader's
     * constant of the same wire number, and the reader lacks none.
     */
    static boolean readAsWritten(ReadPlan.EnumMapping m) {
        return m.unknown().isEmpty() && m.readerByWritten().entrySet().stream()
                .allMatch(e -> e.getKey() == e.getValue().wire());
    }

    /** The reader's constant for a written wire number; {@code label} names the component in a refusal. */
    Object constant(int written, String label) {
        if (written >= 0 && written < byWritten.length && byWritten[written] != null) {
            return byWritten[written];
        }
        for (EnumConstant c : mapping.unknown()) {
            if (c.wire() == written) {
                List<String> names = mapping.readerByWritten().values().stream().map(EnumConstant::name).toList();
                throw new MalformedPayloadException(label + " holds enum constant " + c.name() + " (wire number "
                        + written + "), which the reader's enum does not have (expected: one of " + names + ")");
            }
        }
        TreeSet<Integer> numbers = new TreeSet<>(mapping.readerByWritten().keySet());
        mapping.unknown().forEach(c -> numbers.add(c.wire()));
        throw new MalformedPayloadException(label + " holds enum wire number " + written + " (expected: one of the"
                + " writer's wire numbers " + numbers + ")");
    }
}
