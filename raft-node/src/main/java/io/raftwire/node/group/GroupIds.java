package io.raftwire.node.group;

import java.nio.file.Path;

/**
 * The ids and data directories of a member's groups, derived from {@code raftwire.cluster.id} and
 * {@code raftwire.node.data-dir}: group 0 is the cluster id and the data directory itself (exactly a one-group
 * member's), group {@code i >= 1} is {@code <cluster id>-<i>} in {@code <data-dir>/group-<i>}. Stateless.
 */
public final class GroupIds {

    /** Most groups one member hosts ({@code raftwire.groups}); session ids have room for more. */
    public static final int MAX_GROUPS = 1024;

    private GroupIds() {
    }

    /**
     * The id of group {@code index}.
     *
     * @throws IllegalArgumentException if {@code index} is outside {@code 0..MAX_GROUPS - 1}
     */
    public static String id(String clusterId, int index) {
        checkIndex(index);
        return index == 0 ? clusterId : clusterId + "-" + index;
    }

    /**
     * The index of {@code groupId} among the {@code groups} groups of cluster {@code clusterId}, or {@code -1} if it
     * is none of them.
     */
    public static int indexOf(String clusterId, int groups, String groupId) {
        if (groupId.equals(clusterId)) {
            return 0;
        }
        String prefix = clusterId + "-";
        if (!groupId.startsWith(prefix) || groupId.length() == prefix.length()
                || groupId.length() > prefix.length() + 4 || groupId.charAt(prefix.length()) == '0') {
            return -1;
        }
        int index = 0;
        for (int i = prefix.length(); i < groupId.length(); i++) {
            char c = groupId.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            index = index * 10 + (c - '0');
        }
        return index < groups ? index : -1;
    }

    /** The data directory of group {@code index} under the member's {@code raftwire.node.data-dir}. */
    public static Path dataDir(Path root, int index) {
        checkIndex(index);
        return index == 0 ? root : root.resolve("group-" + index);
    }

    private static void checkIndex(int index) {
        if (index < 0 || index >= MAX_GROUPS) {
            throw new IllegalArgumentException("group index " + index + " (expected: 0.." + (MAX_GROUPS - 1) + ")");
        }
    }
}
