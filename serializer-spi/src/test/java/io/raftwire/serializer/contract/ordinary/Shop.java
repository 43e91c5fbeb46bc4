package io.raftwire.serializer.contract.ordinary;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** An online shop's model, written the ways Java code bases write them: a value record, a bean, a builder. */
public final class Shop {

    private Shop() {
    }

    /** A value object whose compact constructor normalises (idempotently): the currency is upper-cased. */
    public record Money(long cents, String currency) {
        /** Checks and normalises. */
        public Money {
            if (currency == null || currency.length() != 3) {
                throw new IllegalArgumentException("currency must be a 3-letter code, was " + currency);
            }
            currency = currency.toUpperCase(Locale.ROOT);
        }
    }

    /** A JavaBean: no-arg constructor, getters and setters, a list and a map it hands out. No equals. */
    public static class Customer {
        private String name;
        private List<String> emails = new ArrayList<>();
        private Map<String, String> attributes = new LinkedHashMap<>();
        private boolean vip;

        /** For frameworks. */
        public Customer() {
        }

        /** @return the name */
        public String getName() {
            return name;
        }

        /** @param name the name */
        public void setName(String name) {
            this.name = name;
        }

        /** @return the e-mail addresses, the list itself */
        public List<String> getEmails() {
            return emails;
        }

        /** @param emails the e-mail addresses */
        public void setEmails(List<String> emails) {
            this.emails = emails;
        }

        /** @return free-form attributes, the map itself */
        public Map<String, String> getAttributes() {
            return attributes;
        }

        /** @param attributes free-form attributes */
        public void setAttributes(Map<String, String> attributes) {
            this.attributes = attributes;
        }

        /** @return whether a VIP */
        public boolean isVip() {
            return vip;
        }

        /** @param vip whether a VIP */
        public void setVip(boolean vip) {
            this.vip = vip;
        }
    }

    /** A line of an order. */
    public record OrderLine(String sku, int quantity, Money price) {
        /** Checks. */
        public OrderLine {
            Objects.requireNonNull(sku, "sku");
            if (quantity <= 0) {
                throw new IllegalArgumentException("quantity must be positive, was " + quantity);
            }
        }
    }

    /** An immutable class built through its builder; the constructor is private and takes the builder. */
    public static final class Order {
        private final String id;
        private final Customer customer;
        private final List<OrderLine> lines;
        private final Instant placedAt;
        private final Optional<String> note;
        private final BigDecimal discount;

        private Order(Builder b) {
            this.id = Objects.requireNonNull(b.id, "id");
            this.customer = b.customer;
            this.lines = List.copyOf(b.lines);
            this.placedAt = b.placedAt;
            this.note = Optional.ofNullable(b.note);
            this.discount = b.discount;
        }

        /** @return a new builder */
        public static Builder builder() {
            return new Builder();
        }

        /** @return the lines */
        public List<OrderLine> lines() {
            return lines;
        }

        @Override
        public boolean equals(Object o) {
            // the customer is a bean without equals: compared by name
            return o instanceof Order r && id.equals(r.id) && lines.equals(r.lines) && placedAt.equals(r.placedAt)
                    && note.equals(r.note) && Objects.equals(discount, r.discount)
                    && Objects.equals(customer == null ? null : customer.getName(),
                    r.customer == null ? null : r.customer.getName());
        }

        @Override
        public int hashCode() {
            return id.hashCode();
        }

        /** Collects an order's parts. */
        public static final class Builder {
            private String id;
            private Customer customer;
            private final List<OrderLine> lines = new ArrayList<>();
            private Instant placedAt = Instant.EPOCH;
            private String note;
            private BigDecimal discount;

            /** @return this */
            public Builder id(String v) {
                id = v;
                return this;
            }

            /** @return this */
            public Builder customer(Customer v) {
                customer = v;
                return this;
            }

            /** @return this */
            public Builder line(OrderLine v) {
                lines.add(v);
                return this;
            }

            /** @return this */
            public Builder placedAt(Instant v) {
                placedAt = v;
                return this;
            }

            /** @return this */
            public Builder note(String v) {
                note = v;
                return this;
            }

            /** @return this */
            public Builder discount(BigDecimal v) {
                discount = v;
                return this;
            }

            /** @return the order */
            public Order build() {
                return new Order(this);
            }
        }
    }
}
