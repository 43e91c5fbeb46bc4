package io.raftwire.serializer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.Fixtures;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The registry-wide encode switch against the generated codecs it calls: for every registered type the same writer
 * calls as the type's own generated codec, the providers' context passed through, exceptions passed through unchanged,
 * and a clear refusal for an id it does not hold.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CodecSwitchTest {

    private static final Object A = new Object();
    private static final Object B = new Object();

    private final TypeRegistry registry = Fixtures.registry();

    @Test
    void encodesEveryRegisteredTypeWithExactlyItsGeneratedCodecsWriterCalls() throws IOException {
        CodecSwitch codecs = registry.codecSwitch();
        assertNotNull(codecs, "the fixtures' registry has generated codecs, so it has a switch");
        for (Object value : Fixtures.values()) {
            TypeModel model = registry.find(value.getClass());
            List<String> direct = new ArrayList<>();
            List<String> switched = new ArrayList<>();
            model.generated().encode(value, recorder(direct), A, B);
            codecs.encode(model.id(), value, recorder(switched), A, B);
            assertEquals(direct, switched, model.name() + " (id " + model.id() + ")");
            assertEquals(model.size(), switched.size(), model.name() + ": one writer call per component");
        }
    }

    @Test
    void anIdWithoutAGeneratedCodecIsRefusedNamingIt() {
        CodecSwitch codecs = registry.codecSwitch();
        Object value = Fixtures.values().get(0);
        for (int id : new int[] {0, -1, 1023, 32768, Integer.MAX_VALUE}) {
            if (registry.find(id) != null) {
                continue;
            }
            String expected = "type id " + id + " has no generated codec in this switch (expected: the id of a"
                    + " registered type whose codec was generated)";
            assertEquals(expected, assertThrows(IllegalStateException.class,
                    () -> codecs.encode(id, value, recorder(new ArrayList<>()), A, B)).getMessage());
        }
    }

    @Test
    void whatTheCodecThrowsReachesTheCallerUnchanged() {
        CodecSwitch codecs = registry.codecSwitch();
        Object value = Fixtures.values().stream().filter(v -> registry.find(v.getClass()).size() > 0).findFirst()
                .orElseThrow();
        TypeModel model = registry.find(value.getClass());
        IOException failure = new IOException("the provider's own failure");
        ComponentWriter failing = (ComponentWriter) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ComponentWriter.class}, (proxy, method, args) -> {
                    throw failure;
                });
        assertSame(failure, assertThrows(IOException.class, () -> codecs.encode(model.id(), value, failing, A, B)));
        IllegalArgumentException refusal = new IllegalArgumentException("a writer's refusal");
        ComponentWriter refusing = (ComponentWriter) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ComponentWriter.class}, (proxy, method, args) -> {
                    throw refusal;
                });
        assertSame(refusal, assertThrows(IllegalArgumentException.class,
                () -> codecs.encode(model.id(), value, refusing, A, B)));
    }

    @Test
    void aRegistryBuildsItsSwitchOnceAndKeepsIt() {
        assertSame(registry.codecSwitch(), registry.codecSwitch());
        CodecSwitch catalog = TypeRegistry.catalog().codecSwitch();
        assertNotNull(catalog);
        assertSame(catalog, TypeRegistry.catalog().codecSwitch());
        assertNotSame(catalog, registry.codecSwitch(), "another registry, another switch");
    }

    @Test
    void noSwitchWithoutGeneratedTypesOrBeyondTheLimit() {
        assertNull(CodecSwitch.of(List.of()));
        TypeModel model = registry.find(Fixtures.values().get(0).getClass());
        assertNotNull(CodecSwitch.of(List.of(model)));
        assertNull(CodecSwitch.of(Collections.nCopies(CodecSwitch.MAX_TYPES + 1, model)),
                "more than " + CodecSwitch.MAX_TYPES + " types: no switch, so its methods stay small enough to compile");
    }

    /** A writer that records each call: method, whether the context is passed through, index, and the value. */
    private static ComponentWriter recorder(List<String> calls) {
        return (ComponentWriter) Proxy.newProxyInstance(CodecSwitchTest.class.getClassLoader(),
                new Class<?>[] {ComponentWriter.class}, (proxy, method, args) -> {
                    String shown = Arrays.deepToString(new Object[] {args[3]});
                    calls.add(method.getName() + "(" + (args[0] == A) + ", " + (args[1] == B) + ", " + args[2] + ", "
                            + shown + ")");
                    return null;
                });
    }
}
