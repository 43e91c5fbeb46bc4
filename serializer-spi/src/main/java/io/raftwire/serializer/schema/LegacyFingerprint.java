package io.raftwire.serializer.schema;

import io.raftwire.serializer.model.Kind;

import java.nio.charset.StandardCharsets;

/**
 * The registry fingerprint of 0.1.0 ({@code TypeRegistry.fingerprint()}, model version 2) computed from a lock: the
 * same text, rebuilt from what the lock records (ids, class names, how each type is built, each component's name,
 * layout and shape with its Java class names, and enum constants in wire order, which a first lock gives by ordinal).
 */
final class LegacyFingerprint {

    private LegacyFingerprint() {
    }

    static long of(SchemaLock lock) {
        StringBuilder text = new StringBuilder("raftwire-model-v2\n");
        for (SchemaLock.LockedType t : lock.types().values()) {
            text.append(t.id()).append('=').append(t.className()).append(t.fieldByField() ? "{fields}" : "").append('[');
            for (int i = 0; i < t.fields().size(); i++) {
                SchemaLock.LockedField f = t.fields().get(i);
                text.append(i == 0 ? "" : ", ").append(f.name()).append(':')
                        .append(f.walked() ? shape(f.shape()) : nativeComponent(f.shape()));
            }
            text.append(']');
            for (SchemaLock.LockedField f : t.fields()) {
                if (!f.walked()) {
                    ShapeSchema value = nativeCollection(f.shape()) ? f.shape().element() : f.shape();
                    if (value.kind() == Kind.ENUM) {
                        constants(text, f.name(), lock, value);
                    }
                } else {
                    nested(text, f.name(), lock, f.shape());
                }
            }
            text.append('\n');
        }
        return Schema.sha256Prefix(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static boolean nativeCollection(ShapeSchema s) {
        return s.kind() == Kind.LIST || s.kind() == Kind.SET;
    }

    private static String nativeComponent(ShapeSchema s) {
        Kind kind = s.kind();
        if (nativeCollection(s)) {
            ShapeSchema e = s.element();
            return kind + "<" + e.kind() + ' ' + (e.kind() == Kind.STRING ? String.class.getName() : e.className())
                    + '>';
        }
        return kind == Kind.VALUE || kind == Kind.POLYMORPHIC || kind == Kind.ENUM ? kind + "<" + s.className() + '>'
                : kind.name();
    }

    private static String shape(ShapeSchema s) {
        StringBuilder b = new StringBuilder(s.kind().name());
        switch (s.kind()) {
            case LIST, SET -> b.append('(').append(s.container()).append(")<").append(shape(s.element())).append('>');
            case MAP -> b.append('(').append(s.container()).append(")<").append(shape(s.key())).append(',')
                    .append(shape(s.element())).append('>');
            case OPTIONAL, ARRAY, OBJECT_ARRAY -> b.append('<').append(shape(s.element())).append('>');
            case ENUM, VALUE, POLYMORPHIC -> b.append('<').append(s.className()).append('>');
            default -> b.append(s.nullable() ? "?" : "");
        }
        return b.toString();
    }

    private static void constants(StringBuilder text, String name, SchemaLock lock, ShapeSchema s) {
        text.append(' ').append(name).append('=');
        for (EnumConstant c : lock.constants(s.className())) {
            text.append(c.name()).append(',');
        }
    }

    private static void nested(StringBuilder text, String name, SchemaLock lock, ShapeSchema s) {
        if (s.kind() == Kind.ENUM) {
            constants(text, name, lock, s);
        }
        if (s.key() != null) {
            nested(text, name + ".key", lock, s.key());
        }
        if (s.element() != null) {
            nested(text, name + ".element", lock, s.element());
        }
    }
}
