package io.raftwire.bench.shapes;

/** The state of an order. */
public enum Status {
    /** Placed, not yet paid. */
    OPEN,
    /** Paid. */
    PAID,
    /** Shipped. */
    SHIPPED
}
