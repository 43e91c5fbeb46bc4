package io.raftwire.bench.mix;

import io.raftwire.serializer.TypeRegistry;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Frames per message type, their share of all message frames and their mean payload size. */
final class MixTable {

    /** One row: a message type and its frames. */
    record Row(int typeId, String type, long frames, long payloadBytes) {

        double meanBytes() {
            return frames == 0 ? 0 : payloadBytes / (double) frames;
        }
    }

    private final Map<Integer, long[]> byType = new LinkedHashMap<>();
    private long frames;

    /** Counts one message frame. */
    void add(CapturedFrame frame) {
        long[] counts = byType.computeIfAbsent(frame.typeId(), id -> new long[2]);
        counts[0]++;
        counts[1] += frame.payloadBytes();
        frames++;
    }

    /** Message frames counted. */
    long frames() {
        return frames;
    }

    /** Frames of one type. */
    long frames(int typeId) {
        long[] counts = byType.get(typeId);
        return counts == null ? 0 : counts[0];
    }

    /** Rows, most frequent type first. */
    List<Row> rows(TypeRegistry registry) {
        List<Row> rows = new ArrayList<>();
        byType.forEach((id, c) -> rows.add(new Row(id, registry.describe(id), c[0], c[1])));
        rows.sort(Comparator.comparingLong(Row::frames).reversed().thenComparingInt(Row::typeId));
        return rows;
    }

    /** Prints the table: type, id, frames, share of frames, mean payload bytes. */
    void print(TypeRegistry registry, PrintStream out) {
        out.printf(Locale.ROOT, "%-40s %5s %9s %7s %10s%n", "type", "id", "frames", "share", "mean B");
        for (Row r : rows(registry)) {
            out.printf(Locale.ROOT, "%-40s %5d %9d %6.2f%% %10.1f%n", r.type(), r.typeId(), r.frames(),
                    100.0 * r.frames() / frames, r.meanBytes());
        }
        out.printf(Locale.ROOT, "%-40s %5s %9d%n", "all message frames", "", frames);
    }
}
