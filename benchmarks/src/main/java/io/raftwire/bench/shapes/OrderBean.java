package io.raftwire.bench.shapes;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A state-machine command as a pre-records code base writes it: a mutable class with a no-arg constructor and concrete
 * collection types. raftwire registers it field by field (Objenesis, no constructor on decode).
 */
public class OrderBean {

    long id;
    Instant placedAt;
    BigDecimal amount;
    UUID customer;
    HashMap<String, Integer> quantities = new HashMap<>();
    ArrayList<Long> lineIds = new ArrayList<>();
    Optional<String> note = Optional.empty();
    double[] prices;
    Status status;

    /** For frameworks, and for the hand codec. */
    public OrderBean() {
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OrderBean b && id == b.id && Objects.equals(placedAt, b.placedAt)
                && Objects.equals(amount, b.amount) && Objects.equals(customer, b.customer)
                && Objects.equals(quantities, b.quantities) && Objects.equals(lineIds, b.lineIds)
                && Objects.equals(note, b.note) && Arrays.equals(prices, b.prices) && status == b.status;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, placedAt, amount, customer, quantities, lineIds, note, status);
    }
}
