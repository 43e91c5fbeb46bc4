package io.raftwire.bench.shapes;

import io.raftwire.serializer.TypeRegistry;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** The registry and sample values of the shapes benchmark. */
public final class ShapeSamples {

    /** Wire id of {@link OrderBean}. */
    public static final int BEAN_ID = 5000;
    /** Wire id of {@link OrderRecord}. */
    public static final int RECORD_ID = 5001;

    private static final TypeRegistry REGISTRY = TypeRegistry.builder().register(BEAN_ID, OrderBean.class)
            .register(RECORD_ID, OrderRecord.class).build();

    private ShapeSamples() {
    }

    /** The catalog plus the two order types. */
    public static TypeRegistry registry() {
        return REGISTRY;
    }

    /** A realistic order as a bean: 4 articles, 6 lines, a note, 6 prices. */
    public static OrderBean bean() {
        OrderBean b = new OrderBean();
        b.id = 1_764_000_123_456L;
        b.placedAt = Instant.ofEpochSecond(1_764_000_000L, 250_000_000);
        b.amount = new BigDecimal("1234.56");
        b.customer = new UUID(0x1234_5678_9abc_def0L, 0x0fed_cba9_8765_4321L);
        b.quantities.putAll(quantities());
        b.lineIds.addAll(List.of(101L, 102L, 103L, 104L, 105L, 106L));
        b.note = Optional.of("leave at the door");
        b.prices = new double[] {9.99, 19.5, 3.25, 120.0, 0.99, 42.0};
        b.status = Status.PAID;
        return b;
    }

    /** The same order as a record. */
    public static OrderRecord record() {
        OrderBean b = bean();
        return new OrderRecord(b.id, b.placedAt, b.amount, b.customer, quantities(), List.copyOf(b.lineIds), b.note,
                b.prices, b.status);
    }

    private static Map<String, Integer> quantities() {
        Map<String, Integer> q = new LinkedHashMap<>();
        q.put("apple", 3);
        q.put("pear", 1);
        q.put("plum", 12);
        q.put("fig", 2);
        return q;
    }
}
