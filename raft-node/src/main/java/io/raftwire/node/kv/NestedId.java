package io.raftwire.node.kv;

import io.raftwire.node.level.FeatureLevels;
import io.raftwire.serializer.SerializationException;

/**
 * The id of application bytes nested in a catalog value (an operation's id, an event's type, a wrapped snapshot
 * state): {@code <type id>@<serializer>[/<level>]}, for example {@code 1024@kryo/2}. The type id is the registered
 * wire id (1..5 decimal digits), the serializer the one that wrote the bytes, and the optional level the feature
 * level whose schema they were written at (1..{@value FeatureLevels#MAX_LEVELS}, decimal, no leading zero); no suffix
 * means "unversioned", what a cluster with no recorded level and raftwire 0.1.0 write. Parsing is the one place the
 * form is checked. Immutable.
 *
 * @param typeId     the registered type id
 * @param serializer the serializer's name
 * @param level      the feature level, or 0 for unversioned
 */
public record NestedId(int typeId, String serializer, int level) {

    private static final char AT = '@';
    private static final char SLASH = '/';

    /** The id's text, as {@link #parse} reads it. */
    public String text() {
        return typeId + "" + AT + serializer + (level == 0 ? "" : SLASH + Integer.toString(level));
    }

    /**
     * The serializer an id names, or {@code null} if it is not of the form {@code <anything>@<serializer>[/...]}.
     * Checks nothing else: lets a state machine pick the codec of the right serializer.
     */
    public static String serializerOf(String id) {
        int at = id.lastIndexOf(AT);
        if (at < 0) {
            return null;
        }
        int slash = id.indexOf(SLASH, at + 1);
        return slash < 0 ? id.substring(at + 1) : id.substring(at + 1, slash);
    }

    /**
     * The level suffix of an id that {@link #parse} accepts, 0 if it has none or is malformed (then {@link #parse}
     * refuses it).
     */
    public static int levelOf(String id) {
        int at = id.lastIndexOf(AT);
        int slash = at < 0 ? -1 : id.indexOf(SLASH, at + 1);
        return slash < 0 ? 0 : Math.max(0, level(id.substring(slash + 1)));
    }

    /**
     * Reads an id written by a codec of serializer {@code serializer}.
     *
     * @param id         the text
     * @param serializer the serializer the caller decodes with
     * @param what       what the id is, for messages: {@code "operation id"} or {@code "event type"}
     * @throws SerializationException naming the id and what was expected: no {@code @}, another serializer, a type id
     *                                that is not 1..5 decimal digits, a level suffix that is not a level
     */
    public static NestedId parse(String id, String serializer, String what) {
        String name = serializerOf(id);
        if (!serializer.equals(name)) {
            throw new SerializationException(what + " " + KvLimits.quote(id) + " (expected: <type id>@" + serializer
                    + ")");
        }
        int at = id.lastIndexOf(AT);
        int typeId = typeId(id.substring(0, at), id, what);
        int slash = id.indexOf(SLASH, at + 1);
        if (slash < 0) {
            return new NestedId(typeId, name, 0);
        }
        String suffix = id.substring(slash + 1);
        int level = level(suffix);
        if (level < 1) {
            throw new SerializationException(what + " " + KvLimits.quote(id) + " has the level suffix "
                    + KvLimits.quote(SLASH + suffix) + " (expected: <type id>@" + serializer
                    + "/<level> with a decimal level of 1.." + FeatureLevels.MAX_LEVELS + ", no leading zero)");
        }
        return new NestedId(typeId, name, level);
    }

    /** The level {@code digits} spell, or -1 if they are not 1..MAX_LEVELS in canonical decimal. */
    private static int level(String digits) {
        if (digits.isEmpty() || digits.length() > 4 || digits.charAt(0) == '0') {
            return -1;
        }
        int v = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v <= FeatureLevels.MAX_LEVELS ? v : -1;
    }

    private static int typeId(String digits, String id, String what) {
        if (digits.isEmpty() || digits.length() > 5) {
            throw new SerializationException(what + " " + KvLimits.quote(id)
                    + " (expected: <type id>@<serializer> with a type id of 1..5 digits)");
        }
        int v = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                throw new SerializationException(what + " " + KvLimits.quote(id)
                        + " (expected: <type id>@<serializer> with a decimal type id)");
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
