package io.raftwire.cli.admin;

import io.raftwire.node.admin.MemberStatus;
import io.raftwire.node.admin.NodeStatus;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code raftwire status} for people: labelled lines, then one row per member in aligned columns. The labels, their
 * order and the columns are stable; values are never abbreviated. Stateless.
 */
final class StatusText {

    private StatusText() {
    }

    /** The lines of {@code view}, each without its line separator. */
    static List<String> render(StatusView view) {
        NodeStatus s = view.asked();
        List<String> lines = new ArrayList<>();
        lines.add(label("member") + s.member() + " (" + s.role() + ", " + s.state() + ") of group " + s.group());
        lines.add(label("leader") + (s.leader().isEmpty() ? "none known" : s.leader()
                + (s.leaderAddress().isEmpty() ? "" : " at " + s.leaderAddress())) + ", term " + s.term());
        lines.add(label("log") + "commit " + s.commitIndex() + ", applied " + s.appliedIndex() + ", last "
                + s.lastLogIndex());
        lines.add(label("snapshot") + snapshot(s));
        lines.add(label("versions") + "raftwire " + s.version() + ", serializer " + s.serializer()
                + ", registry " + fingerprint(s.registryFingerprint()));
        lines.add("");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"MEMBER", "ADDRESS", "ROLE", "MATCH", "LAG"});
        for (MemberStatus m : view.members()) {
            rows.add(new String[] {m.id() + (m.id().equals(s.member()) ? " *" : ""),
                    m.address().isEmpty() ? "-" : m.address(), m.role(),
                    m.lagKnown() ? Long.toString(m.matchIndex()) : "?", m.lagKnown() ? Long.toString(m.lag()) : "?"});
        }
        lines.addAll(table(rows));
        lines.add("* the member asked; MATCH and LAG (entries behind the leader's last log index) "
                + (view.leader() == null ? "unknown: " + view.lagUnknownBecause()
                : "from the leader " + view.leader().member() + (view.leader().member().equals(s.member())
                        ? "" : " (asked in turn)")));
        return lines;
    }

    static String snapshot(NodeStatus s) {
        if (s.snapshotIndex() == 0) {
            return "none";
        }
        String text = "index " + s.snapshotIndex() + " (term " + s.snapshotTerm() + ")";
        if (s.snapshotMillis() == 0) {
            return text + ", taken before this member started";
        }
        return text + ", " + s.snapshotChunks() + (s.snapshotChunks() == 1 ? " chunk" : " chunks") + ", at "
                + Instant.ofEpochMilli(s.snapshotMillis());
    }

    static String fingerprint(long value) {
        return String.format(Locale.ROOT, "0x%016x", value);
    }

    private static String label(String name) {
        return String.format(Locale.ROOT, "%-10s", name);
    }

    /** Left-aligned columns two spaces apart; the last column is not padded. */
    private static List<String> table(List<String[]> rows) {
        int columns = rows.get(0).length;
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                line.append(row[c]);
                if (c < columns - 1) {
                    line.append(" ".repeat(widths[c] - row[c].length() + 2));
                }
            }
            lines.add(line.toString());
        }
        return lines;
    }
}
