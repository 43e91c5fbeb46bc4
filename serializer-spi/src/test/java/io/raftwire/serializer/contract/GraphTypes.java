package io.raftwire.serializer.contract;

import io.raftwire.serializer.TypeRegistry;

import java.util.Objects;

/** Mutable classes that can form cycles and share instances, for the depth, cycle and shared-reference rules. */
public final class GraphTypes {

    /** Wire id of {@link Link}. */
    public static final int LINK_ID = 5100;
    /** Wire id of {@link Pair}. */
    public static final int PAIR_ID = 5101;

    private GraphTypes() {
    }

    /** The catalog, {@link UserTypes#TreeNode} and these classes. */
    public static TypeRegistry registry() {
        return TypeRegistry.builder()
                .register(UserTypes.TREE_NODE_ID, UserTypes.TreeNode.class)
                .register(LINK_ID, Link.class)
                .register(PAIR_ID, Pair.class)
                .build();
    }

    /** A node of a singly linked list, as mutable code writes it. */
    public static final class Link {
        String name;
        Link next;

        /** An unlinked node. */
        public Link(String name) {
            this.name = name;
        }

        /** Links {@code next} after this node and returns it. */
        public Link link(Link next) {
            this.next = next;
            return next;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Link l && name.equals(l.name) && Objects.equals(next, l.next);
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }
    }

    /** Two links, which may be one instance. */
    public static final class Pair {
        Link left;
        Link right;

        /** Holds both. */
        public Pair(Link left, Link right) {
            this.left = left;
            this.right = right;
        }

        /** The left link. */
        public Link left() {
            return left;
        }

        /** The right link. */
        public Link right() {
            return right;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Pair p && Objects.equals(left, p.left) && Objects.equals(right, p.right);
        }

        @Override
        public int hashCode() {
            return Objects.hash(left, right);
        }
    }
}
