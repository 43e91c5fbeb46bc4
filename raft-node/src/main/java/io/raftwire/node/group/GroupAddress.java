package io.raftwire.node.group;

import java.util.Objects;

/**
 * How a client names a group in a request type that has no group field: a suffix {@code @<group id>} on the
 * open-session request's {@code name} and on the member id of a status, snapshot, join, leave or transfer request. Ids
 * never contain {@code @} ({@code raftwire.cluster.id} and member ids are {@code [a-z0-9][a-z0-9._-]*}), so the split
 * at the last {@code @} is unambiguous.
 *
 * @param name  what the request names without the suffix (the service name, or the member id)
 * @param group the group id after {@code @}; {@code null} if there is no suffix
 */
public record GroupAddress(String name, String group) {

    public GroupAddress {
        Objects.requireNonNull(name, "name");
    }

    /** Splits {@code text} at its last {@code @}. */
    public static GroupAddress parse(String text) {
        int at = text.lastIndexOf('@');
        return at < 0 ? new GroupAddress(text, null) : new GroupAddress(text.substring(0, at), text.substring(at + 1));
    }

    /** {@code name@group}, or {@code name} alone if {@code group} is {@code null}. */
    public static String of(String name, String group) {
        return group == null ? name : name + "@" + group;
    }
}
