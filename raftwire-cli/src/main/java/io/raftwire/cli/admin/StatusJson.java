package io.raftwire.cli.admin;

import io.raftwire.node.admin.MemberStatus;
import io.raftwire.node.admin.NodeStatus;

import java.time.Instant;

/**
 * {@code raftwire status --json} for scripts: one JSON object (RFC 8259), its shape documented in the raftwire-cli
 * README and stable: fields are only ever added. Written here rather than with a JSON library, since this one fixed
 * shape of strings and integers needs only string escaping, and the program's jar stays free of a library for it.
 * Stateless.
 */
final class StatusJson {

    /** The shape's version: raised only if a field changes meaning or goes away. */
    static final int FORMAT = 1;

    private StatusJson() {
    }

    /** {@code view} as one JSON object, indented by two spaces per level, without a final line separator. */
    static String render(StatusView view) {
        NodeStatus s = view.asked();
        StringBuilder j = new StringBuilder();
        j.append("{\n");
        field(j, 1, "format", FORMAT);
        field(j, 1, "group", s.group());
        field(j, 1, "member", s.member());
        field(j, 1, "role", s.role());
        field(j, 1, "state", s.state());
        field(j, 1, "term", s.term());
        indent(j, 1).append("\"leader\": ");
        if (s.leader().isEmpty()) {
            j.append("null,\n");
        } else {
            j.append("{\"id\": ").append(string(s.leader())).append(", \"address\": ")
                    .append(s.leaderAddress().isEmpty() ? "null" : string(s.leaderAddress())).append("},\n");
        }
        field(j, 1, "commitIndex", s.commitIndex());
        field(j, 1, "appliedIndex", s.appliedIndex());
        field(j, 1, "lastLogIndex", s.lastLogIndex());
        indent(j, 1).append("\"snapshot\": ");
        if (s.snapshotIndex() == 0) {
            j.append("null,\n");
        } else {
            j.append("{\"index\": ").append(s.snapshotIndex()).append(", \"term\": ").append(s.snapshotTerm())
                    .append(", \"chunks\": ").append(s.snapshotMillis() == 0 ? "null" : s.snapshotChunks())
                    .append(", \"takenAt\": ").append(s.snapshotMillis() == 0 ? "null"
                            : string(Instant.ofEpochMilli(s.snapshotMillis()).toString())).append("},\n");
        }
        indent(j, 1).append("\"members\": [");
        boolean first = true;
        for (MemberStatus m : view.members()) {
            j.append(first ? "\n" : ",\n");
            first = false;
            indent(j, 2).append("{\"id\": ").append(string(m.id())).append(", \"address\": ")
                    .append(m.address().isEmpty() ? "null" : string(m.address())).append(", \"role\": ")
                    .append(string(m.role())).append(", \"matchIndex\": ")
                    .append(m.lagKnown() ? Long.toString(m.matchIndex()) : "null").append(", \"lag\": ")
                    .append(m.lagKnown() ? Long.toString(m.lag()) : "null").append("}");
        }
        j.append(first ? "],\n" : "\n" + "  ],\n");
        field(j, 1, "lagFrom", view.leader() == null ? null : view.leader().member());
        field(j, 1, "lagUnknownBecause", view.leader() == null ? view.lagUnknownBecause() : null);
        indent(j, 1).append("\"versions\": {\"raftwire\": ").append(string(s.version())).append(", \"serializer\": ")
                .append(string(s.serializer())).append(", \"registryFingerprint\": ")
                .append(string(StatusText.fingerprint(s.registryFingerprint()))).append("}\n");
        return j.append("}").toString();
    }

    private static void field(StringBuilder j, int level, String name, long value) {
        indent(j, level).append(string(name)).append(": ").append(value).append(",\n");
    }

    private static void field(StringBuilder j, int level, String name, String value) {
        indent(j, level).append(string(name)).append(": ").append(value == null ? "null" : string(value))
                .append(",\n");
    }

    private static StringBuilder indent(StringBuilder j, int level) {
        return j.append("  ".repeat(level));
    }

    /** A JSON string: quotes, backslash and every control character escaped (RFC 8259, section 7). */
    static String string(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
