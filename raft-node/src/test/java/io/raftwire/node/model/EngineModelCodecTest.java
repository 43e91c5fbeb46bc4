package io.raftwire.node.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.raftwire.testkit.Seeds;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.GoldenBytes;
import io.raftwire.serializer.contract.Mutator;
import io.raftwire.serializer.contract.Payloads;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every engine type through every provider: equal round trips over heap and direct buffers, golden bytes, identical
 * values across providers, and seeded mutations refused with the one exception type.
 */
class EngineModelCodecTest {

    private static final TypeRegistry REGISTRY = EngineFixtures.registry();
    private static final Map<String, Object> FIXTURES = EngineFixtures.named();
    private static final String[] PROVIDERS = {"kryo", "protostuff", "jdk"};
    private static final int MUTATIONS = 3_000;

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (String p : PROVIDERS) {
            FIXTURES.forEach((name, value) -> cases.add(Arguments.of(p, name, value)));
        }
        return cases.stream();
    }

    private static Serializer serializer(String provider) {
        return Serializers.create(provider, REGISTRY, SerializerOptions.defaults());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void roundTripsToAnEqualValueOfTheSameClass(String provider, String name, Object value) {
        Serializer s = serializer(provider);
        int id = REGISTRY.idOf(value);
        byte[] bytes = Payloads.encode(s, value);
        Object heap = Payloads.decodeHeap(s, id, bytes);
        Object direct = Payloads.decodeDirect(s, id, bytes);
        assertEquals(value, heap, name + " via heap");
        assertEquals(value, direct, name + " via direct");
        assertSame(value.getClass(), direct.getClass());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void writesTheGoldenBytes(String provider) {
        Serializer s = serializer(provider);
        GoldenBytes golden = new GoldenBytes(provider);
        List<String> problems = new ArrayList<>();
        List<String> regenerated = new ArrayList<>();
        FIXTURES.forEach((name, value) -> {
            byte[] actual = Payloads.encode(s, value);
            String file = "engine-" + name;
            if (GoldenBytes.regenerating()) {
                String change = golden.write(file, actual);
                if (change != null) {
                    regenerated.add(golden.file(file) + ": " + change);
                }
                return;
            }
            byte[] expected = golden.read(file);
            if (expected == null) {
                problems.add(file + ": no golden file " + golden.file(file));
            } else if (!HexFormat.of().formatHex(expected).equals(HexFormat.of().formatHex(actual))) {
                problems.add(file + ": encodes to " + actual.length + " bytes that differ from the golden "
                        + expected.length);
            } else if (!value.equals(Payloads.decodeHeap(s, REGISTRY.idOf(value), expected))) {
                problems.add(file + ": golden bytes decode to another value");
            }
        });
        for (String stale : golden.names()) {
            if (!stale.startsWith("engine-") || FIXTURES.containsKey(stale.substring("engine-".length()))) {
                continue;
            }
            if (GoldenBytes.regenerating()) {
                golden.delete(stale);
                regenerated.add(golden.file(stale) + ": deleted, no fixture reads it");
            } else {
                problems.add(stale + ": golden file " + golden.file(stale) + " is read by no fixture (expected: delete"
                        + " it, or restore its fixture)");
            }
        }
        if (GoldenBytes.regenerating()) {
            // asked for with -Dgolden.regenerate=true: the report is the point of the run
            System.out.println("golden engine " + provider + ": " + regenerated.size() + " file(s) written or deleted"
                    + (regenerated.isEmpty() ? "" : ":\n  " + String.join("\n  ", regenerated)));
        }
        if (!problems.isEmpty()) {
            fail("engine wire format of " + provider + " changed (the durable store writes it too; a change makes old"
                    + " data directories unreadable). Regenerate on purpose with 'mvn -pl raft-node test"
                    + " -Dgolden.regenerate=true' and bump the store's format version:\n  "
                    + String.join("\n  ", problems));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void refusesMutatedPayloadsWithTheOneExceptionType(String provider) {
        long seed = Seeds.seed("EngineModelCodecTest " + provider);
        Serializer s = serializer(provider);
        Mutator mutator = new Mutator(seed);
        int refused = 0;
        int decoded = 0;
        List<Map.Entry<String, Object>> entries = new ArrayList<>(FIXTURES.entrySet());
        for (int i = 0; i < MUTATIONS; i++) {
            Map.Entry<String, Object> e = entries.get(i % entries.size());
            int id = REGISTRY.idOf(e.getValue());
            byte[] mutated = mutator.mutate(Payloads.encode(s, e.getValue()));
            try {
                Object back = Payloads.decodeHeap(s, id, mutated);
                assertNotNull(back);
                decoded++;
            } catch (SerializationException expected) {
                refused++;
            } catch (RuntimeException | Error other) {
                throw new AssertionError(provider + " threw " + other + " for a mutation of " + e.getKey()
                        + " (seed " + seed + ", iteration " + i + ")", other);
            }
        }
        assertEquals(MUTATIONS, refused + decoded);
        assertTrue(refused > MUTATIONS / 4, "only " + refused + " refusals: mutations too weak");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void decodesTheSameValuesAsEveryOtherProvider(String provider) {
        Serializer s = serializer(provider);
        for (String other : PROVIDERS) {
            Serializer o = serializer(other);
            FIXTURES.forEach((name, value) -> assertEquals(
                    Payloads.decodeHeap(o, REGISTRY.idOf(value), Payloads.encode(o, value)),
                    Payloads.decodeHeap(s, REGISTRY.idOf(value), Payloads.encode(s, value)), name));
        }
    }

    /** The shape of {@link RaftTermPersistentStateModel} without its checks, to forge well-formed invalid bytes. */
    public record LooseTermState(int term, NodeEndpoint votedFor) {
    }

    /** The shape of {@link RaftGroupMembersViewModel} without its checks. */
    public record LooseView(long logIndex, List<NodeEndpoint> members, List<NodeEndpoint> votingMembers) {
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void refusesWellFormedBytesOfAValueTheConstructorRefuses(String provider) {
        TypeRegistry loose = TypeRegistry.builder()
                .registerEngineType(EngineType.NODE_ENDPOINT.id(), NodeEndpoint.class)
                .registerEngineType(EngineType.RAFT_TERM_PERSISTENT_STATE.id(), LooseTermState.class)
                .registerEngineType(EngineType.RAFT_GROUP_MEMBERS_VIEW.id(), LooseView.class)
                .build();
        Serializer forger = Serializers.create(provider, loose, SerializerOptions.defaults());
        Serializer strict = serializer(provider);
        NodeEndpoint a = new NodeEndpoint("a");
        assertRefused(strict, EngineType.RAFT_TERM_PERSISTENT_STATE.id(),
                Payloads.encode(forger, new LooseTermState(-1, a)), "term = -1 (expected: >= 0)");
        assertRefused(strict, EngineType.RAFT_GROUP_MEMBERS_VIEW.id(),
                Payloads.encode(forger, new LooseView(1, List.of(a), List.of(new NodeEndpoint("b")))),
                "expected: votingMembers a subset of members");
        assertRefused(strict, EngineType.RAFT_GROUP_MEMBERS_VIEW.id(),
                Payloads.encode(forger, new LooseView(1, List.of(a, a), List.of(a))),
                "lists a twice (expected: distinct members)");
    }

    private static void assertRefused(Serializer s, int id, byte[] bytes, String reason) {
        SerializationException e = assertThrows(SerializationException.class, () -> Payloads.decodeHeap(s, id, bytes));
        StringBuilder all = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append(" | ");
        }
        assertTrue(all.toString().contains(reason), s.name() + ": " + all);
    }
}
