package io.raftwire.serializer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.message.MessageType;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.contract.legacy.ClusterState;
import io.raftwire.serializer.contract.legacy.Endpoint;
import io.raftwire.serializer.contract.legacy.HalfConstructed;
import io.raftwire.serializer.contract.legacy.LegacyModel;
import io.raftwire.serializer.contract.legacy.NodeId;
import io.raftwire.serializer.contract.legacy.PeerState;
import io.raftwire.serializer.contract.legacy.RequestId;
import io.raftwire.serializer.contract.legacy.SetterBean;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The registration rules: nothing silently dropped, every problem at once with a fix, every listed field type. */
@Timeout(30)
class TypeModelRulesTest {

    private final TypeRegistry registry = Fixtures.registry();

    @Test
    void everyNonTransientInstanceFieldOfEveryRegisteredTypeIsAComponent() {
        for (TypeModel m : registry.models()) {
            List<String> fields = new ArrayList<>();
            for (Class<?> c = m.javaType(); c != Object.class && c != Record.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    int mod = f.getModifiers();
                    if (!Modifier.isStatic(mod) && !Modifier.isTransient(mod) && !f.isSynthetic()) {
                        fields.add(f.getName());
                    }
                }
            }
            List<String> components = m.components().stream().map(Component::name).toList();
            assertEquals(new TreeSet<>(fields), new TreeSet<>(components), m.name() + " writes exactly its fields");
            assertEquals(fields.size(), components.size(), m.name());
        }
    }

    @Test
    void theLegacyModelRegistersUnchangedAndGoesFieldByField() {
        assertTrue(LegacyModel.CLASSES.size() >= 30, "a model of at least 30 classes");
        for (Class<?> type : LegacyModel.CLASSES) {
            TypeModel m = registry.find(type);
            assertFalse(m.throughConstructor(), type.getSimpleName() + " has no constructor covering its fields");
        }
        for (MessageType t : MessageType.values()) {
            assertTrue(registry.find(t.javaType()).throughConstructor(), t + " keeps decoding through its constructor");
        }
    }

    @Test
    void classesThatUsedToLoseDataNowWriteEveryField() {
        assertEquals(List.of("count", "name"), names(SetterBean.class), "setters only: both fields, by name");
        assertEquals(List.of("count", "name"), names(HalfConstructed.class), "constructor takes one of two fields");
        assertEquals(List.of("host", "port"), names(Endpoint.class));
        assertFalse(names(PeerState.class).contains("lastSeenNanos"), "transient fields are not written");
    }

    @Test
    void typeVariablesOfGenericBaseClassesAreResolved() {
        assertEquals(Kind.STRING, registry.find(NodeId.class).component(0).kind());
        Component requestId = registry.find(RequestId.class).component(0);
        assertEquals(Kind.LONG, requestId.kind());
        assertEquals(Long.class, requestId.rawType(), "a boxed Long, nullable");
        assertTrue(requestId.walked());
    }

    @Test
    void everyShapeOfClusterStateIsModelled() {
        TypeModel m = registry.find(ClusterState.class);
        assertEquals("code:ARRAY<CHAR>, latencies:ARRAY<DOUBLE>, leader:OPTIONAL<VALUE<" + NodeId.class.getName()
                + ">>, peers:MAP(LINKED_HASH_MAP)<VALUE<" + NodeId.class.getName() + ">,POLYMORPHIC<"
                + PeerState.class.getName() + ">>, ports:ARRAY<SHORT>, recentResults:LIST<POLYMORPHIC"
                + " java.lang.Object>, sessions:SET(SET)<UUID?>, tags:SET(SORTED_SET)<STRING?>, votes:ARRAY<BOOLEAN>,"
                + " weights:ARRAY<FLOAT>", String.join(", ", m.components().stream().map(Component::toString)
                .toList()));
    }

    /** The shapes that used to crash registration with a NullPointerException now register. */
    public record FormerlyFatal(List<Long> longs, List<Integer> ints, Set<UUID> ids, List<Object> any,
            List<List<Long>> nested, Map<String, Optional<Long>> optionals) {
    }

    @Test
    void collectionsOfBoxesUuidsObjectsAndCollectionsRegister() {
        TypeModel m = TypeRegistry.builder().register(1024, FormerlyFatal.class).build().find(FormerlyFatal.class);
        assertEquals(6, m.size());
        assertEquals("LIST(LIST)<LIST(LIST)<LONG?>>", m.component(4).shape().toString());
    }

    /** An interface only enums implement. */
    public interface Status {
    }

    /** The enum implementing it. */
    public enum Std implements Status {
        OK,
        FAILED {
            @Override
            public String toString() {
                return "failed";
            }
        }
    }

    /** A field of that interface: no registered class can stand in it. */
    public record HasStatus(Status status) {
    }

    /** A field of type Object. */
    public record Anything(Object any) {
    }

    /**
     * What cannot stand in a polymorphic place is named with a fix that can be applied: enums (a constant with a body
     * is an anonymous subclass), JDK classes and anonymous classes cannot be registered, so "register the class" is
     * not offered for them; an interface that only enums implement is refused at registration saying so.
     */
    @Test
    void polymorphicPlacesNameFixesThatApply() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TypeRegistry.builder()
                .register(1024, HasStatus.class).build());
        assertTrue(e.getMessage().contains("HasStatus.status has type " + Status.class.getName() + ", and no"
                + " registered type implements it (expected: register the classes that implement it; enums cannot"
                + " stand in a polymorphic place, declare the field as the enum type instead)"), e.getMessage());
        Component any = TypeRegistry.builder().register(1024, Anything.class).build().find(Anything.class)
                .component(0);
        Map<Object, String> refusals = Map.of(
                Std.FAILED, "Anything.any holds the enum constant " + Std.class.getName() + ".FAILED, and enums are"
                        + " not registered: a polymorphic place carries registered classes only; declare the field as"
                        + " the enum type to carry its constants (expected: a registered Object)",
                "text", "Anything.any holds a java.lang.String, and JDK classes cannot be registered: a polymorphic"
                        + " place carries registered classes only; declare the field as the JDK type (String, List<E>,"
                        + " Instant, ...) to carry it (expected: a registered Object)",
                new Status() { }, "an anonymous, local or hidden class, which cannot be registered; make it a named"
                        + " top-level or static nested class and register that (expected: a registered Object)",
                new HasStatus(Std.OK), "Anything.any holds " + HasStatus.class.getName() + ", which is not registered;"
                        + " register the class itself, a registered superclass does not cover it (expected: a"
                        + " registered Object)");
        for (Map.Entry<Object, String> r : refusals.entrySet()) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> any.subtypeOf("Anything.any", r.getKey()));
            assertTrue(refused.getMessage().contains(r.getValue()), refused.getMessage());
        }
    }

    /** Several problems in one class. */
    public static final class ThreeProblems {
        private List<String>[] objects;
        private AtomicReference<Long> counter;
        @SuppressWarnings("rawtypes")
        private List raw;
        private TreeSet<Object> sortedAnything;
    }

    /** An inner (non-static) class. */
    public final class Inner {
        private long x;
    }

    /** An interface. */
    public interface Marker {
    }

    @Test
    void oneBuildReportsEveryProblemOfEveryTypeWithAFix() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TypeRegistry.builder()
                .register(1024, ThreeProblems.class).register(1025, Inner.class).register(1026, Marker.class)
                .register(1027, Thread.class).build());
        String m = e.getMessage();
        assertTrue(m.startsWith("cannot register: 7 problem(s):"), m);
        assertTrue(m.contains("ThreeProblems.objects has type java.util.List<java.lang.String>[], a generic array"
                + " (expected: List<List<String>> or an array of a concrete type)"), m);
        assertTrue(m.contains("ThreeProblems.counter has type java.util.concurrent.atomic.AtomicReference"
                + "<java.lang.Long>, not carried (expected: the plain value"), m);
        assertTrue(m.contains("ThreeProblems.raw element has the raw type java.util.List (expected: type arguments,"
                + " such as List<Long>"), m);
        assertTrue(m.contains("ThreeProblems.sortedAnything is a sorted set of POLYMORPHIC<java.lang.Object>"
                + " (expected: elements with a natural order"), m);
        assertTrue(m.contains("$Inner is an inner class, whose instances hold their outer instance (expected: a"
                + " static nested class; add 'static')"), m);
        assertTrue(m.contains("$Marker is an interface (expected: a concrete class; register its implementations"), m);
        assertTrue(m.contains("java.lang.Thread is a JDK class (expected: your own class"), m);
        assertEquals(7, m.lines().count() - 1, m);
    }

    private List<String> names(Class<?> type) {
        return registry.find(type).components().stream().map(Component::name).toList();
    }
}
