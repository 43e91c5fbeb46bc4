package io.raftwire.serializer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.message.MessageType;
import io.raftwire.message.request.AppendRequest;
import io.raftwire.serializer.contract.UserTypes;
import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.TypeModel;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class TypeRegistryTest {

    @Test
    void catalogHasEveryMessageTypeUnderItsId() {
        TypeRegistry catalog = TypeRegistry.catalog();
        assertEquals(MessageType.values().length, catalog.models().size());
        for (MessageType t : MessageType.values()) {
            assertSame(t.javaType(), catalog.model(t.id()).javaType());
            assertEquals(t.id(), catalog.find(t.javaType()).id());
        }
    }

    @Test
    void appendRequestEntriesArePolymorphicOverEveryLogEntry() {
        TypeModel append = TypeRegistry.catalog().find(AppendRequest.class);
        Component entries = append.components().stream().filter(c -> c.name().equals("entries")).findFirst()
                .orElseThrow();
        assertEquals(Kind.LIST, entries.kind());
        assertEquals(Kind.POLYMORPHIC, entries.elementKind());
        assertEquals(8, entries.subtypes().size());
    }

    @Test
    void userTypesGetTheirIdsAndChangeTheFingerprint() {
        TypeRegistry withUsers = UserTypes.registry();
        assertEquals(UserTypes.KV_COMMAND_ID, withUsers.idOf(new UserTypes.KvCommand("k", null, 0, List.of())));
        assertNotEquals(TypeRegistry.catalog().fingerprint(), withUsers.fingerprint());
        assertEquals(withUsers.fingerprint(), UserTypes.registry().fingerprint(), "deterministic");
        assertEquals(TypeRegistry.catalog().fingerprint(), TypeRegistry.builder().build().fingerprint());
    }

    @Test
    void refusesIdsOutsideTheUserRangeAndDuplicates() {
        assertMessage(() -> TypeRegistry.builder().register(12, Plain.class), "expected: 1024..32767");
        assertMessage(() -> TypeRegistry.builder().register(32768, Plain.class), "expected: 1024..32767");
        assertMessage(() -> TypeRegistry.builder().register(1024, Plain.class).register(1024, Other.class),
                "already taken by");
        assertMessage(() -> TypeRegistry.builder().register(1024, Plain.class).register(1025, Plain.class),
                "already registered as id 1024");
        assertMessage(() -> TypeRegistry.builder().register(2000, AppendRequest.class), "already registered as id");
    }

    @Test
    void explainsEveryTypeThatCannotBeModelledAtOnce() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TypeRegistry.builder()
                .register(1024, NotFinal.class)
                .register(1025, TwoConstructors.class)
                .register(1026, MapHolder.class)
                .register(1027, Dangling.class)
                .register(1028, ArrayHolder.class)
                .register(1029, Shape.class)
                .register(1030, UsesRefused.class)
                .build());
        String m = e.getMessage();
        assertTrue(m.startsWith("cannot register: 4 problem(s)"), m);
        assertTrue(m.contains("ArrayHolder.names element has type java.lang.StringBuilder, a mutable buffer whose"
                + " equals is identity, so no decoded one equals the original (expected: String)"), m);
        assertTrue(m.contains("TypeRegistryTest$Shape is abstract (expected: a concrete class; register its concrete"
                + " subclasses"), m);
        assertTrue(m.contains("Dangling.plain has type " + Plain.class.getName() + ", which is not registered"
                + " (expected: register it with its own id)"), m);
        assertTrue(m.contains("UsesRefused.holder has type " + ArrayHolder.class.getName() + ", which is registered"
                + " but was refused"), m);
        TypeRegistry accepted = TypeRegistry.builder().register(1024, NotFinal.class)
                .register(1025, TwoConstructors.class).register(1026, MapHolder.class).build();
        assertTrue(!accepted.find(NotFinal.class).throughConstructor(), "a non-final class goes field by field");
        assertTrue(!accepted.find(TwoConstructors.class).throughConstructor(), "so does one with two constructors");
        assertTrue(accepted.find(MapHolder.class).throughConstructor(), "a record keeps its constructor");
    }

    @Test
    void unknownIdsAreReportedWithTheValidRange() {
        assertNull(TypeRegistry.catalog().find(999));
        assertNull(TypeRegistry.catalog().find(-3));
        SerializationException e = assertThrows(SerializationException.class, () -> TypeRegistry.catalog()
                .model(999));
        assertTrue(e.getMessage().contains("unknown type id 999"), e.getMessage());
        assertThrows(SerializationException.class, () -> TypeRegistry.catalog().idOf("a string"));
    }

    private static void assertMessage(Runnable r, String part) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    @Test
    void anObjectComponentIsPolymorphicOverEveryRegisteredType() {
        TypeRegistry registry = TypeRegistry.builder().register(1024, Holder.class).register(1025, Plain.class).build();
        Component payload = registry.find(Holder.class).components().get(0);
        assertEquals(Kind.POLYMORPHIC, payload.kind());
        assertEquals(registry.models().size(), payload.subtypes().size(), "every registered type may stand in it");
    }

    @Test
    void engineTypesTakeOnlyTheEngineRange() {
        TypeRegistry registry = TypeRegistry.builder().registerEngineType(100, Plain.class).build();
        assertEquals(100, registry.idOf(new Plain(1)));
        assertMessage(() -> TypeRegistry.builder().registerEngineType(99, Plain.class), "expected: 100..399");
        assertMessage(() -> TypeRegistry.builder().registerEngineType(400, Plain.class), "expected: 100..399");
        assertMessage(() -> TypeRegistry.builder().registerEngineType(1024, Plain.class), "expected: 100..399");
    }

    /** Holds any registered value, as a log entry holds its operation. */
    public record Holder(Object payload) {
    }

    /** A valid user record. */
    public record Plain(long a) {
    }

    /** Another valid user record. */
    public record Other(String b) {
    }

    /** Not final; registered field by field. */
    public static class NotFinal {
        private long x;

        /** @param x anything */
        public NotFinal(long x) {
            this.x = x;
        }
    }

    /** An array of references, which is not supported. */
    public record ArrayHolder(StringBuilder[] names) {
    }

    /** Abstract, so it cannot be registered itself. */
    public abstract static class Shape {
    }

    /** Refers to a registered type that was refused. */
    public record UsesRefused(ArrayHolder holder) {
    }

    /** Two public constructors. */
    public static final class TwoConstructors {
        private final long x;

        /** @param x anything */
        public TwoConstructors(long x) {
            this.x = x;
        }

        /** Default. */
        public TwoConstructors() {
            this(0);
        }

        /** The value. */
        public long x() {
            return x;
        }
    }

    /** A map, supported since maps are. */
    public record MapHolder(Map<String, String> values) {
    }

    /** Refers to a type that is not registered. */
    public record Dangling(Plain plain) {
    }
}
