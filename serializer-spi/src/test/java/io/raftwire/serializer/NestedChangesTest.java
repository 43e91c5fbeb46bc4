package io.raftwire.serializer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Which types a resolving decoder or down-level encoder refuses at use: every type one of whose components may hold a
 * changed type, directly, through containers, through a polymorphic place, or through an unchanged type that holds
 * one; the changed type itself only when it holds a changed type; nobody else.
 */
@Timeout(30)
class NestedChangesTest {

    record Changed(long x) { }

    record Direct(Changed c) { }

    record Through(long a, Direct d) { }

    record InList(List<Through> all) { }

    record InMap(Map<String, Optional<Changed>> byName) { }

    record Any(long a, Object any) { }

    record Plain(long a, String s) { }

    record Tree(long v, List<Tree> children) { }

    /** A place declared as an interface that a changed type implements. */
    interface Marked { }

    record Impl(long x) implements Marked { }

    record ByInterface(Marked m) { }

    record AsKey(Map<Impl, String> byKey) { }

    record InArray(Impl[] all) { }

    record InOptional(Optional<Impl> maybe) { }

    record Unrelated(Map<String, long[]> words, Optional<String> note, Plain[] plains) { }

    private static final TypeRegistry REGISTRY = TypeRegistry.builder().register(1024, Changed.class)
            .register(1025, Direct.class).register(1026, Through.class).register(1027, InList.class)
            .register(1028, InMap.class).register(1029, Any.class).register(1030, Plain.class)
            .register(1031, Tree.class).build();

    @Test
    void everyHolderOfAChangedTypeAtAnyDepthIsUnsafeNamingItsComponent() {
        Map<Integer, NestedChanges.Nested> unsafe = NestedChanges.unsafe(REGISTRY, Set.of(1024));
        assertEquals(Map.of(
                1025, new NestedChanges.Nested("Direct.c", 1024),
                1026, new NestedChanges.Nested("Through.d", 1024),
                1027, new NestedChanges.Nested("InList.all", 1024),
                1028, new NestedChanges.Nested("InMap.byName", 1024),
                1029, new NestedChanges.Nested("Any.any", 1024)), unsafe);
    }

    @Test
    void aChangedTypeIsUnsafeOnlyWhenItHoldsAChangedType() {
        Map<Integer, NestedChanges.Nested> unsafe = NestedChanges.unsafe(REGISTRY, Set.of(1031));
        assertEquals(Map.of(
                1029, new NestedChanges.Nested("Any.any", 1031),
                1031, new NestedChanges.Nested("Tree.children", 1031)), unsafe);
    }

    @Test
    void noChangeLeavesEveryTypeSafe() {
        assertEquals(Map.of(), NestedChanges.unsafe(REGISTRY, Set.of()));
        assertEquals(Map.of(1029, new NestedChanges.Nested("Any.any", 1030)), NestedChanges.unsafe(REGISTRY,
                Set.of(1030)), "only the Object place holds Plain");
    }

    @Test
    void everyContainerAndAnInterfacePlaceLeadToAChangedType() {
        TypeRegistry r = TypeRegistry.builder().register(1024, Impl.class).register(1025, ByInterface.class)
                .register(1026, AsKey.class).register(1027, InArray.class).register(1028, InOptional.class)
                .register(1029, Plain.class).register(1030, Unrelated.class).build();
        assertEquals(Map.of(
                1025, new NestedChanges.Nested("ByInterface.m", 1024),
                1026, new NestedChanges.Nested("AsKey.byKey", 1024),
                1027, new NestedChanges.Nested("InArray.all", 1024),
                1028, new NestedChanges.Nested("InOptional.maybe", 1024)), NestedChanges.unsafe(r, Set.of(1024)),
                "a map's key, an array's element, an Optional's content and an interface place each hold Impl");
        assertEquals(Map.of(1030, new NestedChanges.Nested("Unrelated.plains", 1029)),
                NestedChanges.unsafe(r, Set.of(1029)), "containers of JDK types hold no registered type");
    }
}
