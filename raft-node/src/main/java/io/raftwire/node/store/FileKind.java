package io.raftwire.node.store;

/** What a store file holds; byte 6 of its header (see {@link StoreFormat}). */
enum FileKind {
    LOG_SEGMENT(1, "log segment"),
    SNAPSHOT(2, "snapshot"),
    STATE(3, "state file"),
    /** A segment of a member's shared log ({@link SharedLog}): records of several groups, each tagged with its group. */
    SHARED_LOG_SEGMENT(4, "shared log segment");

    final int code;
    final String text;

    FileKind(int code, String text) {
        this.code = code;
        this.text = text;
    }

    static String describe(int code) {
        for (FileKind k : values()) {
            if (k.code == code) {
                return code + " (" + k.text + ")";
            }
        }
        return code + " (unknown)";
    }
}
