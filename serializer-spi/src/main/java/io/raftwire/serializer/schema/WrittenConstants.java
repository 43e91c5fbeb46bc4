package io.raftwire.serializer.schema;

import io.raftwire.serializer.model.MalformedPayloadException;

import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The reader's enum constants by the wire numbers a writer wrote, from one {@link ReadPlan.EnumMapping}: what a
 * provider's resolving decoder stores for a written constant, and the refusal of one the reader lacks. Every provider
 * writes an enum as its wire number plus one, 0 for null. Immutable and thread-safe.
 */
public final class WrittenConstants {

    private final ReadPlan.EnumMapping mapping;
    /** Per written wire number, the reader's constant; null where the writer has none or the reader lacks it. */
    private final Object[] byWritten;

    private WrittenConstants(ReadPlan.EnumMapping mapping, Object[] byWritten) {
        this.mapping = mapping;
        this.byWritten = byWritten;
    }

    /**
     * Whether the mapping changes nothing: every written constant is the reader's constant with the same wire number,
     * and none is unknown, so the reader's own enum read gives the same result.
     */
    public static boolean unchanged(ReadPlan.EnumMapping m) {
        return m.unknown().isEmpty() && m.readerByWritten().entrySet().stream()
                .allMatch(e -> e.getKey() == e.getValue().wire());
    }

    /**
     * @param m               the mapping of one enum place
     * @param readerConstants the reader's enum constants, indexed by their wire numbers (today their ordinals)
     */
    public static WrittenConstants of(ReadPlan.EnumMapping m, Object[] readerConstants) {
        int max = -1;
        for (int k : m.readerByWritten().keySet()) {
            max = Math.max(max, k);
        }
        for (EnumConstant c : m.unknown()) {
            max = Math.max(max, c.wire());
        }
        Object[] byWritten = new Object[max + 1];
        m.readerByWritten().forEach((written, c) -> byWritten[written] = readerConstants[c.wire()]);
        return new WrittenConstants(m, byWritten);
    }

    /**
     * The reader's constant a written value stands for.
     *
     * @param raw   what the payload holds: the written wire number plus one, 0 for null (unsigned where the provider
     *              reads 32 bits)
     * @param label the component, {@code Type.component}, for messages
     * @return the constant, or null for 0
     * @throws MalformedPayloadException naming the constant, if the writer's enum has it and the reader's does not;
     *                                   naming the number and the writer's numbers, if the writer's enum has no such
     *                                   number
     */
    public Object read(long raw, String label) {
        return raw == 0 ? null : constant(raw - 1, label);
    }

    /**
     * The reader's constant for a written wire number, for a provider that writes the number itself (protostuff: an
     * enum field's value; null is an absent field).
     *
     * @param written the written wire number
     * @param label   the component, {@code Type.component}, for messages
     * @throws MalformedPayloadException as {@link #read}
     */
    public Object constant(long written, String label) {
        if (written >= 0 && written < byWritten.length && byWritten[(int) written] != null) {
            return byWritten[(int) written];
        }
        for (EnumConstant c : mapping.unknown()) {
            if (c.wire() == written) {
                throw new MalformedPayloadException(label + " holds enum constant " + c.name() + " (wire number "
                        + written + "), which the reader's enum does not have (expected: one of "
                        + mapping.readerByWritten().values().stream().map(EnumConstant::name).toList() + ")");
            }
        }
        SortedSet<Integer> numbers = new TreeSet<>(mapping.readerByWritten().keySet());
        mapping.unknown().forEach(c -> numbers.add(c.wire()));
        throw new MalformedPayloadException(label + " holds enum wire number " + written
                + " (expected: one of the writer's wire numbers " + numbers + ")");
    }
}
