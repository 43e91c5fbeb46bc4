package io.raftwire.serializer.contract;

import io.raftwire.message.log.RaftLogEntry;
import io.raftwire.message.value.MemberId;
import io.raftwire.serializer.TypeRegistry;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Application types a user registers next to the catalog, with no serializer code of their own: a record, a final
 * class that nests catalog types polymorphically, and a recursive record for depth tests.
 */
public final class UserTypes {

    /** Wire id of {@link KvCommand}. */
    public static final int KV_COMMAND_ID = 1024;
    /** Wire id of {@link AuditEntry}. */
    public static final int AUDIT_ENTRY_ID = 1025;
    /** Wire id of {@link TreeNode}. */
    public static final int TREE_NODE_ID = 1026;

    private UserTypes() {
    }

    /** The catalog plus the three user types. */
    public static TypeRegistry registry() {
        return builder().build();
    }

    /** A builder holding the catalog plus the three user types, for a test to add more. */
    public static TypeRegistry.Builder builder() {
        return TypeRegistry.builder()
                .register(KV_COMMAND_ID, KvCommand.class)
                .register(AUDIT_ENTRY_ID, AuditEntry.class)
                .register(TREE_NODE_ID, TreeNode.class);
    }

    /** A key-value command as a state machine would define it: a record with its own validation. */
    public record KvCommand(String key, byte[] value, long expectedVersion, List<String> tags) {
        /** Validates and copies. */
        public KvCommand {
            Objects.requireNonNull(key, "key");
            if (expectedVersion < -1) {
                throw new IllegalArgumentException("expectedVersion must be >= -1, expectedVersion="
                        + expectedVersion);
            }
            value = value == null ? null : value.clone();
            tags = List.copyOf(tags);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof KvCommand k && key.equals(k.key) && java.util.Arrays.equals(value, k.value)
                    && expectedVersion == k.expectedVersion && tags.equals(k.tags);
        }

        @Override
        public int hashCode() {
            return Objects.hash(key, java.util.Arrays.hashCode(value), expectedVersion, tags);
        }

        @Override
        public String toString() {
            return "KvCommand[key=" + key + ", value=" + (value == null ? null : value.length + " bytes")
                    + ", expectedVersion=" + expectedVersion + ", tags=" + tags + ']';
        }
    }

    /** Priority of an {@link AuditEntry}; constant order is part of the wire format. */
    public enum Priority {
        /** Routine. */
        LOW,
        /** Needs attention. */
        HIGH
    }

    /** A final class (not a record) holding a catalog log entry polymorphically and a set of catalog values. */
    public static final class AuditEntry {
        private final RaftLogEntry entry;
        private final Set<MemberId> witnesses;
        private final Priority priority;

        /** @param entry may be null; witnesses no nulls; priority required */
        public AuditEntry(RaftLogEntry entry, Set<MemberId> witnesses, Priority priority) {
            this.entry = entry;
            Set<MemberId> copy = new LinkedHashSet<>();
            for (MemberId w : witnesses) {
                copy.add(Objects.requireNonNull(w, "witnesses element"));
            }
            this.witnesses = Collections.unmodifiableSet(copy);
            this.priority = Objects.requireNonNull(priority, "priority");
        }

        /** The audited entry, may be null. */
        public RaftLogEntry entry() {
            return entry;
        }

        /** Who saw it. */
        public Set<MemberId> witnesses() {
            return witnesses;
        }

        /** How urgent. */
        public Priority priority() {
            return priority;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof AuditEntry a && Objects.equals(entry, a.entry) && witnesses.equals(a.witnesses)
                    && priority == a.priority;
        }

        @Override
        public int hashCode() {
            return Objects.hash(entry, witnesses, priority);
        }

        @Override
        public String toString() {
            return "AuditEntry[entry=" + entry + ", witnesses=" + witnesses + ", priority=" + priority + ']';
        }
    }

    /** A recursive record, the only way to build deep payloads. */
    public record TreeNode(String label, List<TreeNode> children) {
        /** Copies the children. */
        public TreeNode {
            Objects.requireNonNull(label, "label");
            children = List.copyOf(children);
        }

        /** A chain of {@code depth} nodes (the root counts as depth 1). */
        public static TreeNode chain(int depth) {
            TreeNode node = new TreeNode("leaf", List.of());
            for (int i = 1; i < depth; i++) {
                node = new TreeNode("n" + i, List.of(node));
            }
            return node;
        }

        /** A small branching tree. */
        public static TreeNode sample() {
            List<TreeNode> kids = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                kids.add(new TreeNode("child-" + i, List.of(new TreeNode("grandchild-" + i, List.of()))));
            }
            return new TreeNode("root \uD83C\uDF33", kids);
        }
    }
}
