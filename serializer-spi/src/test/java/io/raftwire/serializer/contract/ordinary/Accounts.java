package io.raftwire.serializer.contract.ordinary;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** An inheritance hierarchy with protected fields, and a generic base class of ids. */
public final class Accounts {

    private Accounts() {
    }

    /** The base of every account. */
    public abstract static class Account {
        protected String id;
        protected long balance;

        protected Account(String id, long balance) {
            this.id = id;
            this.balance = balance;
        }

        @Override
        public boolean equals(Object o) {
            return o != null && o.getClass() == getClass() && id.equals(((Account) o).id)
                    && balance == ((Account) o).balance;
        }

        @Override
        public int hashCode() {
            return id.hashCode();
        }
    }

    /** An account with interest. */
    public static class Savings extends Account {
        private double rate;

        /** @param rate yearly */
        public Savings(String id, long balance, double rate) {
            super(id, balance);
            this.rate = rate;
        }

        @Override
        public boolean equals(Object o) {
            return super.equals(o) && Double.compare(rate, ((Savings) o).rate) == 0;
        }

        @Override
        public int hashCode() {
            return super.hashCode();
        }
    }

    /** An account with an overdraft. */
    public static final class Checking extends Account {
        private long overdraft;

        /** @param overdraft allowed below zero */
        public Checking(String id, long balance, long overdraft) {
            super(id, balance);
            this.overdraft = overdraft;
        }

        @Override
        public boolean equals(Object o) {
            return super.equals(o) && overdraft == ((Checking) o).overdraft;
        }

        @Override
        public int hashCode() {
            return super.hashCode();
        }
    }

    /** Accounts of any kind. No equals. */
    public static final class Ledger {
        private final List<Account> accounts = new ArrayList<>();
        private String owner;

        /** @param owner whose ledger */
        public Ledger(String owner) {
            this.owner = owner;
        }

        /** Adds one. */
        public Ledger add(Account a) {
            accounts.add(a);
            return this;
        }
    }

    /** A generic base with an id of the subclass's choosing. */
    public abstract static class Entity<I> {
        protected I id;
        protected long version;
    }

    /** An entity with a Long id. */
    public static class Product extends Entity<Long> {
        private String name;
        private BigDecimal price;

        /** For frameworks. */
        public Product() {
        }

        /** @return a product */
        public static Product of(long id, String name, BigDecimal price) {
            Product p = new Product();
            p.id = id;
            p.version = 1;
            p.name = name;
            p.price = price;
            return p;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Product p && Objects.equals(id, p.id) && version == p.version
                    && Objects.equals(name, p.name) && Objects.equals(price, p.price);
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(id);
        }
    }
}
