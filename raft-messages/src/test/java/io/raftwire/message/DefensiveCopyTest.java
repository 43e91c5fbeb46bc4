package io.raftwire.message;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Instances are immutable: arrays and collections are copied on the way in, arrays on the way out. */
class DefensiveCopyTest {

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldNotChangeWhenTheCallerMutatesAnArrayItPassedOrReceived(MessageType type) {
        Object base = Samples.base(type);
        Parameter[] parameters = Canonical.parameters(type.javaType());
        for (int i = 0; i < parameters.length; i++) {
            String where = Canonical.describe(type.javaType(), parameters[i]);
            Object[] args = Canonical.components(base);
            if (args[i] instanceof byte[] || args[i] instanceof long[]) {
                Object instance = Canonical.construct(type.javaType(), args);
                scribble(args[i]);
                assertEquals(base, instance, where + ": the constructor must copy the array");
                scribble(Canonical.components(instance)[i]);
                assertEquals(base, instance, where + ": the accessor must return a copy");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldNotChangeWhenTheCallerMutatesACollectionItPassed(MessageType type) {
        Object base = Samples.base(type);
        Parameter[] parameters = Canonical.parameters(type.javaType());
        for (int i = 0; i < parameters.length; i++) {
            Object[] args = Canonical.components(base);
            if (args[i] instanceof Collection) {
                Collection<Object> mutable = args[i] instanceof List ? new ArrayList<>() : new LinkedHashSet<>();
                mutable.addAll((Collection<?>) args[i]);
                args[i] = mutable;
                Object instance = Canonical.construct(type.javaType(), args);
                mutable.clear();
                assertEquals(base, instance, Canonical.describe(type.javaType(), parameters[i]));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(MessageType.class)
    @SuppressWarnings("unchecked")
    void shouldReturnUnmodifiableCollections(MessageType type) {
        Object base = Samples.base(type);
        Parameter[] parameters = Canonical.parameters(type.javaType());
        Object[] components = Canonical.components(base);
        for (int i = 0; i < parameters.length; i++) {
            if (components[i] instanceof Collection) {
                String where = Canonical.describe(type.javaType(), parameters[i]);
                Collection<Object> collection = (Collection<Object>) components[i];
                assertTrue(!collection.isEmpty(), where + ": realistic fixtures fill every collection");
                Object element = collection.iterator().next();
                assertThrows(UnsupportedOperationException.class, () -> collection.add(element), where);
                assertThrows(UnsupportedOperationException.class, () -> collection.remove(element), where);
                assertThrows(UnsupportedOperationException.class, collection::clear, where);
                if (collection instanceof List) {
                    List<Object> list = (List<Object>) collection;
                    assertThrows(UnsupportedOperationException.class, () -> list.set(0, element), where);
                }
                if (collection instanceof Set) {
                    assertThrows(UnsupportedOperationException.class, () -> collection.iterator().remove());
                }
            }
        }
    }

    private static void scribble(Object array) {
        if (array instanceof byte[]) {
            byte[] bytes = (byte[]) array;
            assertTrue(bytes.length > 0, "realistic fixtures fill every array");
            bytes[0]++;
        } else {
            long[] longs = (long[]) array;
            assertTrue(longs.length > 0, "realistic fixtures fill every array");
            longs[0]++;
        }
    }
}
