package io.raftwire.bench.shapes;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The same command as a record: decoded through its canonical constructor, with the same walked shapes
 * ({@code Instant}, {@code BigDecimal}, {@code UUID}, {@code Map}, {@code List<Long>}, {@code Optional},
 * {@code double[]}) as {@link OrderBean}.
 *
 * @param id         the order id
 * @param placedAt   when it was placed
 * @param amount     its total
 * @param customer   who placed it
 * @param quantities quantity per article
 * @param lineIds    its line ids
 * @param note       an optional note
 * @param prices     unit prices
 * @param status     its state
 */
public record OrderRecord(long id, Instant placedAt, BigDecimal amount, UUID customer, Map<String, Integer> quantities,
        List<Long> lineIds, Optional<String> note, double[] prices, Status status) {

    @Override
    public boolean equals(Object o) {
        return o instanceof OrderRecord r && id == r.id && placedAt.equals(r.placedAt) && amount.equals(r.amount)
                && customer.equals(r.customer) && quantities.equals(r.quantities) && lineIds.equals(r.lineIds)
                && note.equals(r.note) && Arrays.equals(prices, r.prices) && status == r.status;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, placedAt, amount, customer, quantities, lineIds, note, status);
    }
}
