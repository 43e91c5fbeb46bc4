package io.raftwire.serializer.schema;

/** The one check of the names a schema holds: Java identifiers and dotted (binary) class names. */
final class Names {

    private Names() {
    }

    /**
     * @throws IllegalArgumentException if {@code name} is not a Java identifier
     */
    static String requireIdentifier(String what, String name) {
        if (name == null || !isIdentifier(name)) {
            throw new IllegalArgumentException(what + " '" + printable(name) + "' (expected: a Java identifier)");
        }
        return name;
    }

    /**
     * @throws IllegalArgumentException if {@code name} is not a binary class name: identifiers joined by '.' or '$'
     */
    static String requireClassName(String what, String name) {
        boolean ok = name != null && !name.isEmpty();
        if (ok) {
            for (String part : name.split("[.$]", -1)) {
                ok &= !part.isEmpty() && part.codePoints().allMatch(Names::isPart);
            }
        }
        if (!ok) {
            throw new IllegalArgumentException(what + " '" + printable(name) + "' (expected: a class name such as"
                    + " com.example.Outer$Inner)");
        }
        return name;
    }

    private static boolean isIdentifier(String s) {
        if (s.isEmpty() || !Character.isJavaIdentifierStart(s.codePointAt(0))) {
            return false;
        }
        return s.codePoints().skip(1).allMatch(Names::isPart);
    }

    /** A character of an identifier after its first, excluding the ignorable ones (controls) Java also allows. */
    private static boolean isPart(int c) {
        return Character.isJavaIdentifierPart(c) && !Character.isIdentifierIgnorable(c);
    }

    /** A name shown in a message: at most 80 characters, control characters escaped. */
    static String printable(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder();
        s.codePoints().limit(80).forEach(c -> {
            if (Character.isISOControl(c) || c == '\'') {
                b.append(String.format("\\u%04x", c));
            } else {
                b.appendCodePoint(c);
            }
        });
        return s.codePointCount(0, s.length()) > 80 ? b.append("...").toString() : b.toString();
    }
}
