package io.raftwire.serializer.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.raftwire.testkit.Seeds;
import io.raftwire.message.value.MemberId;
import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.legacy.BatchCommand;
import io.raftwire.serializer.contract.legacy.ConfigurationEntry;
import io.raftwire.serializer.contract.legacy.DeleteCommand;
import io.raftwire.serializer.contract.legacy.Endpoint;
import io.raftwire.serializer.contract.legacy.JdkTypesModel;
import io.raftwire.serializer.contract.legacy.MembershipChangeResponse;
import io.raftwire.serializer.contract.legacy.NodeId;
import io.raftwire.serializer.contract.legacy.ReadIndexResponse;
import io.raftwire.serializer.contract.legacy.Role;
import io.raftwire.serializer.contract.legacy.Version;
import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What every provider promises, run by a thin subclass in each provider module (the Ratis {@code RaftBasicTests}
 * pattern). The subclass names its provider and supplies the crafted payloads only it knows how to build; the rest
 * is generic over every catalog type, edge case and user type.
 */
@ExtendWith(LeakDetectionExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SerializerContract {

    /**
     * Mutations per provider: {@code -Dcontract.mutations}; the parent POM sets 2,000 for the default test command
     * (fixed seeds, so the same 2,000 every run) and 20,000 for the {@code long} profile (fresh seeds); the run on the
     * walk path sets fewer, the generated path having been compared with the walk on mutations already.
     */
    protected static final int MUTATIONS = Integer.getInteger("contract.mutations", 20_000);
    /**
     * Allowed allocation for one rejected decode beyond twice the payload size, unless a provider says otherwise
     * ({@link #allocationSlackBytes()}). Measured on 2026-11-23 over every hostile, walked-count and fuzz refusal of
     * the suite (JDK 17): at most 9,044 bytes for kryo and 6,924 for protostuff (a collection sized for up to
     * {@code Bounds.MAX_INITIAL_CAPACITY} elements before its elements turn out to be missing, and the exception).
     * Since truncations are refused naming the component being read, kryo's and fory's generated decoders read a
     * truncated payload a second time, through the walk, to find that name: a refusal may allocate that collection
     * twice (fory: 17,226 bytes beyond twice a 231-byte truncated {@code ClusterState}, 2026-11-28). Hence 32 KiB,
     * still a constant: what a hostile payload can make a refusal allocate does not grow with anything it declares.
     */
    protected static final long ALLOCATION_SLACK_BYTES = 32 * 1024;

    private final TypeRegistry registry = Fixtures.registry();
    private final Map<String, Object> fixtures = Fixtures.named();
    private Serializer serializer;
    /**
     * Tag of the tests that build both codec paths themselves whatever {@code raftwire.serializer.codec-path} says; a
     * provider's second surefire execution (the walk as default) excludes them, since they would only run again.
     */
    public static final String BOTH_PATHS = "both-paths";

    /** This provider forced onto the generated path, for the tests comparing the paths; built once. */
    private Serializer generatedPath;
    /** This provider forced onto the walk, for the tests comparing the paths; built once. */
    private Serializer walkPath;

    /** The provider name, for example {@code kryo}. */
    protected abstract String providerName();

    /**
     * Payloads that declare hostile lengths (-1, 2^31-1 and remaining+1) for every length-carrying shape the
     * provider writes (strings, byte[], long[], lists, sets), each built by hand in the provider's own format.
     */
    protected abstract List<NamedPayload> hostileLengthPayloads(Serializer serializer);

    /** Payloads that try to make the decoder load or instantiate a class named in the bytes (e.g. {@link Canary}). */
    protected abstract List<NamedPayload> smuggledClassPayloads(Serializer serializer);

    /**
     * A payload of the {@link WalkedShapes} type {@code typeId} whose one component holds the single token
     * {@code writeLong(token)} of {@link io.raftwire.serializer.model.WireSink}, followed by {@code fillerUnits}
     * units the count is checked against (filler bytes; for a provider counting words, filler words).
     */
    protected abstract byte[] oneTokenPayload(int typeId, long token, int fillerUnits);

    /** Allowed allocation for one rejected decode beyond twice the payload size; see {@link #ALLOCATION_SLACK_BYTES}. */
    protected long allocationSlackBytes() {
        return ALLOCATION_SLACK_BYTES;
    }

    /**
     * Bytes a rejected decode may allocate per payload byte, before {@link #allocationSlackBytes()}: 2 unless a
     * provider says otherwise. Either way what a refusal allocates is bounded by the bytes actually present, never by
     * a length the payload declares.
     */
    protected long allocationPerPayloadByte() {
        return 2;
    }

    /** The serializer under test: default options, catalog plus user types. */
    protected final Serializer serializer() {
        return serializer;
    }

    /** A serializer of this provider with other options. */
    protected final Serializer serializer(SerializerOptions options) {
        return Serializers.create(providerName(), registry, options);
    }

    @BeforeAll
    void createSerializer() {
        Canary.SIDE_EFFECTS.set(0);
        serializer = Serializers.create(providerName(), registry, SerializerOptions.defaults());
        generatedPath = serializer(SerializerOptions.defaults().withCodecPath(CodecPath.GENERATED));
        walkPath = serializer(SerializerOptions.defaults().withCodecPath(CodecPath.WALK));
    }

    @AfterAll
    void noCodeFromAnyPayloadRan() {
        assertEquals(0, Canary.SIDE_EFFECTS.get(), "a class named by a payload ran code");
    }

    Stream<Arguments> fixtures() {
        return fixtures.entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @Test
    void isFoundByNameWithItsOwnId() {
        SerializerProvider provider = Serializers.provider(providerName());
        assertEquals(providerName(), serializer.name());
        assertEquals(provider.id(), serializer.id());
        assertTrue(provider.id() >= 1 && provider.id() <= 127, "id " + provider.id());
        assertEquals(serializer.fingerprint(), serializer(SerializerOptions.defaults()).fingerprint(),
                "fingerprint must depend only on provider, format and registry");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void roundTripsToAnEqualValueThroughHeapAndDirectBuffers(String name, Object value) {
        int id = registry.idOf(value);
        byte[] direct = Payloads.encode(serializer, value);
        byte[] heap = Payloads.encode(serializer, value, UnpooledByteBufAllocator.DEFAULT, false);
        assertEquals(HexFormat.of().formatHex(direct), HexFormat.of().formatHex(heap), "same bytes from any buffer");
        assertEquals(value, Payloads.decodeHeap(serializer, id, direct), name + " via heap buffer");
        Object decoded = Payloads.decodeDirect(serializer, id, direct);
        assertEquals(value, decoded, name + " via direct buffer");
        assertSame(value.getClass(), decoded.getClass());
        assertCollectionsImmutable(registry.find(decoded.getClass()), decoded);
    }

    @Test
    void writesGoldenBytesAndReadsThemBack() {
        GoldenBytes golden = new GoldenBytes(providerName());
        List<String> problems = new ArrayList<>();
        List<String> regenerated = new ArrayList<>();
        fixtures.forEach((name, value) -> {
            byte[] actual = Payloads.encode(serializer, value);
            if (GoldenBytes.regenerating()) {
                String change = golden.write(name, actual);
                if (change != null) {
                    regenerated.add(golden.file(name) + ": " + change);
                }
                return;
            }
            byte[] expected = golden.read(name);
            if (expected == null) {
                problems.add(name + ": no golden file " + golden.file(name));
            } else if (!java.util.Arrays.equals(expected, actual)) {
                problems.add(name + ": encoded " + actual.length + " bytes differ from the golden " + expected.length);
            } else if (!value.equals(Payloads.decodeHeap(serializer, registry.idOf(value), expected))) {
                problems.add(name + ": golden bytes decode to a different value");
            }
        });
        for (String stale : golden.names()) {
            if (fixtures.containsKey(stale)) {
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
            System.out.println("golden " + providerName() + ": " + regenerated.size() + " file(s) written or deleted"
                    + (regenerated.isEmpty() ? "" : ":\n  " + String.join("\n  ", regenerated)));
        }
        if (!problems.isEmpty()) {
            fail("the " + providerName() + " wire format changed for " + problems.size() + " fixture(s); nodes on"
                    + " different builds would disagree. If deliberate, bump the provider's formatVersion, run"
                    + " 'mvn -pl serializer-" + providerName() + " -am test -Dgolden.regenerate=true' and explain why"
                    + " in the commit.\n  " + String.join("\n  ", problems));
        }
    }

    @Test
    void refusesPayloadsOfValuesTheConstructorWouldRefuse() throws Exception {
        int crafted = 0;
        for (Object value : fixtures.values()) {
            TypeModel model = registry.find(value.getClass());
            if (model.javaType().isRecord()) {
                continue;
            }
            for (Component c : model.components()) {
                Object invalid = invalidValue(c);
                if (invalid == null && c.rawType().isPrimitive()) {
                    continue; // a primitive field cannot hold null, and its constructor-free type checks nothing
                }
                Object[] args = InvalidValues.args(model, value);
                args[c.index()] = invalid;
                if (InvalidValues.constructorAccepts(model, args)) {
                    continue;
                }
                Object forged = InvalidValues.forge(model, value, c, invalid);
                byte[] payload = Payloads.encode(serializer, forged);
                SerializationException e = assertThrows(SerializationException.class,
                        () -> Payloads.decodeHeap(serializer, model.id(), payload),
                        model.name() + "." + c.name() + " = " + invalid + " decoded");
                assertTrue(e.getMessage().contains(providerName()) && e.getMessage().contains(model.name()),
                        e.getMessage());
                crafted++;
            }
        }
        assertTrue(crafted >= 40, "only " + crafted + " invalid payloads could be crafted");
    }

    private static Object invalidValue(Component c) {
        return switch (c.kind()) {
            case LONG -> -1L;
            case INT -> -1;
            case BOOLEAN -> Boolean.FALSE;
            default -> null;
        };
    }

    @Test
    void refusesHostileDeclaredLengthsWithinABoundedAllocation() {
        List<NamedPayload> payloads = hostileLengthPayloads(serializer);
        assertTrue(payloads.size() >= 15, "expected -1, 2^31-1 and remaining+1 for 5 shapes, got " + payloads.size());
        warmUp();
        for (NamedPayload p : payloads) {
            assertNotNull(p.reason(), p + ": a hostile length must say which check refuses it");
            assertRefusedWithinAllocationBound(serializer, p, p.reason());
        }
    }

    @Test
    void refusesClassNamesSmuggledIntoPayloads() {
        List<NamedPayload> payloads = smuggledClassPayloads(serializer);
        assertFalse(payloads.isEmpty(), "no smuggling payloads");
        warmUp();
        for (NamedPayload p : payloads) {
            assertRefusedWithinAllocationBound(p);
        }
        assertEquals(0, Canary.SIDE_EFFECTS.get(), "code named by a payload ran");
    }

    @Test
    void refusesUnknownTypeIds() {
        byte[] valid = Payloads.encode(serializer, fixtures.values().iterator().next());
        for (int id : new int[] {0, -1, 999, 1023, 1027, 32767, 65535, Integer.MAX_VALUE}) {
            SerializationException e = assertThrows(SerializationException.class,
                    () -> Payloads.decodeHeap(serializer, id, valid));
            assertTrue(e.getMessage().contains("type " + id), e.getMessage());
        }
    }

    @Test
    void refusesTrailingBytes() {
        Object value = fixtures.values().iterator().next();
        byte[] valid = Payloads.encode(serializer, value);
        byte[] longer = java.util.Arrays.copyOf(valid, valid.length + 1);
        assertThrows(SerializationException.class, () -> Payloads.decodeHeap(serializer, registry.idOf(value),
                longer));
    }

    @Test
    void refusesNestingDeeperThanTheLimitOnBothSides() {
        int max = SerializerOptions.DEFAULT_MAX_DEPTH;
        UserTypes.TreeNode atLimit = UserTypes.TreeNode.chain(max);
        assertEquals(atLimit, Payloads.decodeHeap(serializer, UserTypes.TREE_NODE_ID,
                Payloads.encode(serializer, atLimit)));
        assertThrows(SerializationException.class, () -> Payloads.encode(serializer,
                UserTypes.TreeNode.chain(max + 1)));
        Serializer lenient = serializer(new SerializerOptions(SerializerOptions.MAX_MAX_DEPTH,
                SerializerOptions.DEFAULT_MAX_ELEMENTS, SerializerOptions.DEFAULT_BUFFER_BYTES,
                SerializerOptions.DEFAULT_MAX_POOLED_BUFFER_BYTES));
        for (int depth : new int[] {max + 1, SerializerOptions.MAX_MAX_DEPTH}) {
            byte[] deep = onLargeStack(() -> Payloads.encode(lenient, UserTypes.TreeNode.chain(depth)));
            SerializationException e = assertThrows(SerializationException.class,
                    () -> Payloads.decodeHeap(serializer, UserTypes.TREE_NODE_ID, deep));
            assertTrue(e.getMessage().contains("depth"), e.getMessage());
        }
    }

    /**
     * Runs {@code task} on a thread with a 64 MiB stack. Building a payload at the highest depth setting is only the
     * means of the depth test (the strict decoder refuses it one level past the default limit); how deep the default
     * stack reaches depends on JIT state.
     */
    private static byte[] onLargeStack(java.util.function.Supplier<byte[]> task) {
        byte[] payload = StackThreads.run("deep-payload", 64L * 1024 * 1024, task);
        if (payload == null) {
            throw new AssertionError("building the deep payload returned nothing");
        }
        return payload;
    }

    @Test
    void encodeFailureLeavesTheBufferAsItWas() {
        ByteBuf out = Unpooled.buffer(64).writeInt(7);
        try {
            assertThrows(SerializationException.class, () -> serializer.encode(new Object(), out));
            assertThrows(SerializationException.class, () -> serializer.encode(UserTypes.TreeNode.chain(
                    SerializerOptions.DEFAULT_MAX_DEPTH + 5), out));
            assertEquals(4, out.writerIndex());
        } finally {
            out.release();
        }
    }

    @Test
    void seededMutationsFailOnlyWithOurExceptionAndBoundedAllocation() {
        long seed = Seeds.seed(providerName() + " seededMutationsFailOnlyWithOurExceptionAndBoundedAllocation");
        Mutator mutator = new Mutator(seed);
        List<byte[]> valid = new ArrayList<>();
        List<Integer> ids = new ArrayList<>();
        for (Object v : fixtures.values()) {
            valid.add(Payloads.encode(serializer, v));
            ids.add(registry.idOf(v));
        }
        warmUp();
        int rejected = 0;
        for (int i = 0; i < MUTATIONS; i++) {
            int k = i % valid.size();
            byte[] mutated = mutator.mutate(valid.get(k));
            int id = i % 10 == 9 ? ids.get((k + 1) % ids.size()) : ids.get(k);
            try {
                Object decoded = Payloads.decodeHeap(serializer, id, mutated);
                assertNotNull(decoded);
                assertSame(registry.model(id).javaType(), decoded.getClass());
            } catch (SerializationException expected) {
                rejected++;
                long used = allocationOfRefusal(serializer, id, mutated);
                if (used > allocationPerPayloadByte() * mutated.length + allocationSlackBytes()) {
                    fail("seed " + seed + " mutation " + i + ": rejected decode allocated " + used + " bytes for a "
                            + mutated.length + "-byte payload: " + HexFormat.of().formatHex(mutated));
                }
            } catch (Throwable t) {
                throw new AssertionError("seed " + seed + " mutation " + i + " of fixture " + k + " (type " + id
                        + ") threw " + t + " instead of SerializationException; payload "
                        + HexFormat.of().formatHex(mutated), t);
            }
        }
        assertTrue(rejected > MUTATIONS / 10, "only " + rejected + " of " + MUTATIONS + " mutations rejected");
    }

    @Tag(BOTH_PATHS)
    @Test
    void everyRegisteredTypeHasGeneratedCode() {
        List<String> walked = new ArrayList<>();
        for (TypeModel m : registry.models()) {
            if (m.generated() == null) {
                walked.add(m.notGeneratedReason());
            }
        }
        assertEquals(List.of(), walked, "types left to the walk although every shape can be generated");
    }

    @Tag(BOTH_PATHS)
    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void generatedCodeAndTheWalkWriteTheSameBytesAndReadEachOther(String name, Object value) {
        Serializer generated = generatedPath;
        Serializer walk = walkPath;
        int id = registry.idOf(value);
        byte[] fromGenerated = Payloads.encode(generated, value);
        byte[] fromWalk = Payloads.encode(walk, value);
        assertEquals(HexFormat.of().formatHex(fromWalk), HexFormat.of().formatHex(fromGenerated), name);
        assertEquals(value, Payloads.decodeHeap(generated, id, fromWalk), name + " walked, read by generated code");
        assertEquals(value, Payloads.decodeHeap(walk, id, fromGenerated), name + " generated, read by the walk");
        assertCollectionsImmutable(registry.model(id), Payloads.decodeHeap(generated, id, fromWalk));
    }

    /**
     * The generated code must refuse exactly what the walk refuses, with the same message: seeded mutations of every
     * fixture, decoded by both paths, end in an equal value or in the same message.
     */
    @Tag(BOTH_PATHS)
    @Test
    void generatedCodeAndTheWalkRefuseTheSameMutationsWithTheSameMessages() {
        long seed = Seeds.seed(providerName() + " generatedCodeAndTheWalkRefuseTheSameMutationsWithTheSameMessages");
        Mutator mutator = new Mutator(seed);
        Serializer generated = generatedPath;
        Serializer walk = walkPath;
        List<Object> values = new ArrayList<>(fixtures.values());
        int refused = 0;
        for (int i = 0; i < MUTATIONS / 10; i++) {
            Object v = values.get(i % values.size());
            int id = registry.idOf(v);
            byte[] mutated = mutator.mutate(Payloads.encode(walk, v));
            String viaWalk = outcome(walk, walk, id, mutated);
            String viaGenerated = outcome(generated, walk, id, mutated);
            if (!viaWalk.equals(viaGenerated)) {
                fail("seed " + seed + " mutation " + i + " of " + v.getClass().getSimpleName() + ": walk gave <"
                        + viaWalk + ">, generated code <" + viaGenerated + ">; payload "
                        + HexFormat.of().formatHex(mutated));
            }
            refused += viaWalk.startsWith("refused") ? 1 : 0;
        }
        assertTrue(refused > MUTATIONS / 100, "only " + refused + " mutations refused: the comparison saw too few");
    }

    /** What decoding gave: the value (as the walk encodes it, so arrays compare by content) or the refusal. */
    private static String outcome(Serializer s, Serializer walk, int id, byte[] payload) {
        try {
            return "decoded " + HexFormat.of().formatHex(Payloads.encode(walk, Payloads.decodeHeap(s, id, payload)));
        } catch (SerializationException e) {
            return "refused: " + e.getMessage() + (e.getCause() == null ? "" : " / " + e.getCause());
        }
    }

    @Test
    void oneInstanceSharedByEightThreadsGivesCorrectResults() throws Exception {
        List<Object> values = new ArrayList<>(fixtures.values());
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int offset = t;
                results.add(pool.submit(() -> {
                    int checked = 0;
                    for (int round = 0; round < 40; round++) {
                        for (int i = 0; i < values.size(); i++) {
                            Object v = values.get((i + offset * 7) % values.size());
                            Object back = Payloads.decodeHeap(serializer, registry.idOf(v),
                                    Payloads.encode(serializer, v));
                            if (!v.equals(back)) {
                                throw new AssertionError("thread " + offset + " decoded " + back + " for " + v);
                            }
                            checked++;
                        }
                    }
                    return checked;
                }));
            }
            int total = 0;
            for (Future<Integer> f : results) {
                total += f.get(90, TimeUnit.SECONDS);
            }
            assertEquals(8 * 40 * values.size(), total);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Per-thread state (library instances, buffers, depth counters) must be clean after any failure: every kind of
     * refusal, and an encode that fails deep inside a value, is followed on the same thread by valid calls whose
     * results must be exactly those of a fresh thread.
     */
    @Test
    void aFailedCallLeavesNothingBehindForTheNextCallOnTheSameThread() {
        int max = SerializerOptions.DEFAULT_MAX_DEPTH;
        Serializer lenient = serializer(new SerializerOptions(SerializerOptions.MAX_MAX_DEPTH,
                SerializerOptions.DEFAULT_MAX_ELEMENTS, SerializerOptions.DEFAULT_BUFFER_BYTES,
                SerializerOptions.DEFAULT_MAX_POOLED_BUFFER_BYTES));
        byte[] tooDeep = onLargeStack(() -> Payloads.encode(lenient, UserTypes.TreeNode.chain(max + 1)));
        UserTypes.TreeNode atLimit = UserTypes.TreeNode.chain(max);
        byte[] atLimitBytes = Payloads.encode(serializer, atLimit);
        Mutator mutator = new Mutator(Seeds.seed(providerName() + " aFailedCallLeavesNothingBehindForTheNextCallOnTheSameThread"));
        int refusals = 0;
        for (Map.Entry<String, Object> e : fixtures.entrySet()) {
            String name = e.getKey();
            Object value = e.getValue();
            int id = registry.idOf(value);
            byte[] valid = Payloads.encode(serializer, value);
            List<byte[]> bad = List.of(Arrays.copyOf(valid, valid.length / 2), Arrays.copyOf(valid, valid.length + 1),
                    mutator.mutate(valid), mutator.mutate(valid));
            for (byte[] payload : bad) {
                refusals += refusedOrDecoded(id, payload) + refusedOrDecoded(UserTypes.TREE_NODE_ID, tooDeep);
                assertEquals(value, Payloads.decodeHeap(serializer, id, valid), name + " after a failed decode");
                assertEquals(value, Payloads.decodeDirect(serializer, id, valid), name + " after a failed decode");
                assertEquals(atLimit, Payloads.decodeHeap(serializer, UserTypes.TREE_NODE_ID, atLimitBytes),
                        "a value at the depth limit after a failed decode of " + name);
            }
            assertThrows(SerializationException.class, () -> Payloads.encode(serializer,
                    UserTypes.TreeNode.chain(max + 5)));
            assertArrayEquals(valid, Payloads.encode(serializer, value), name + " after a failed encode");
            assertArrayEquals(atLimitBytes, Payloads.encode(serializer, atLimit), "a value at the depth limit after"
                    + " a failed encode");
        }
        assertTrue(refusals >= 5 * fixtures.size(), "only " + refusals + " failed decodes");
    }

    /** 1 if {@code payload} is refused with our exception, 0 if it decodes; anything else fails the test. */
    private int refusedOrDecoded(int typeId, byte[] payload) {
        try {
            Payloads.decodeHeap(serializer, typeId, payload);
            return 0;
        } catch (SerializationException expected) {
            return 1;
        }
    }

    /**
     * A constructor may itself serialize on the thread that is decoding it (an application type that validates by
     * round-tripping a part, say). The decode around it must not notice: the nested calls get state of their own.
     */
    @Test
    void aConstructorThatSerializesOnTheSameThreadDoesNotDisturbTheDecodeAroundIt() {
        Serializer probing = Serializers.create(providerName(), ProbeTypes.registry(), SerializerOptions.defaults());
        ProbeTypes.Reentry value = new ProbeTypes.Reentry("before", new ProbeTypes.Probe("probe"), "after");
        byte[] payload = Payloads.encode(probing, value);
        UserTypes.TreeNode inner = UserTypes.TreeNode.sample();
        byte[] innerBytes = Payloads.encode(probing, inner);
        byte[] innerRefused = Arrays.copyOf(innerBytes, innerBytes.length + 1);
        int[] nested = new int[1];
        ProbeTypes.SERIALIZER.set(probing);
        ProbeTypes.ON_CONSTRUCT.set(s -> {
            assertArrayEquals(innerBytes, Payloads.encode(s, inner), "nested encode");
            assertEquals(inner, Payloads.decodeHeap(s, UserTypes.TREE_NODE_ID, innerBytes), "nested heap decode");
            assertEquals(inner, Payloads.decodeDirect(s, UserTypes.TREE_NODE_ID, innerBytes), "nested direct decode");
            assertThrows(SerializationException.class, () -> Payloads.decodeHeap(s, UserTypes.TREE_NODE_ID,
                    innerRefused), "nested refusal");
            nested[0]++;
        });
        try {
            assertEquals(value, Payloads.decodeHeap(probing, ProbeTypes.REENTRY_ID, payload), "heap");
            assertEquals(value, Payloads.decodeDirect(probing, ProbeTypes.REENTRY_ID, payload), "direct");
        } finally {
            ProbeTypes.ON_CONSTRUCT.remove();
            ProbeTypes.SERIALIZER.remove();
        }
        assertEquals(2, nested[0], "nested calls made");
        assertEquals(value, Payloads.decodeHeap(probing, ProbeTypes.REENTRY_ID, payload), "afterwards");
        assertArrayEquals(payload, Payloads.encode(probing, value), "afterwards");
    }

    /**
     * Decoded collections are immutable even in a type whose constructor keeps what it is given instead of copying
     * it: the decoder's own list or set must not become part of the value.
     */
    @Test
    void decodedCollectionsAreImmutableEvenWhenTheConstructorKeepsThem() {
        Serializer keeping = Serializers.create(providerName(), ProbeTypes.registry(), SerializerOptions.defaults());
        for (ProbeTypes.Keeper value : List.of(
                new ProbeTypes.Keeper(new ArrayList<>(List.of("a", "b")), new LinkedHashSet<>(List.of("x", "y"))),
                new ProbeTypes.Keeper(new ArrayList<>(), new LinkedHashSet<>()))) {
            byte[] payload = Payloads.encode(keeping, value);
            for (Object decoded : List.of(Payloads.decodeHeap(keeping, ProbeTypes.KEEPER_ID, payload),
                    Payloads.decodeDirect(keeping, ProbeTypes.KEEPER_ID, payload))) {
                ProbeTypes.Keeper keeper = (ProbeTypes.Keeper) decoded;
                assertEquals(value, keeper);
                assertThrows(UnsupportedOperationException.class, () -> keeper.names().add("c"),
                        "names is a mutable " + keeper.names().getClass().getName());
                assertThrows(UnsupportedOperationException.class, () -> keeper.tags().add("z"),
                        "tags is a mutable " + keeper.tags().getClass().getName());
            }
        }
    }

    /**
     * What decoding refuses for max-elements, encoding refuses first, with the same message: with max-elements 4, every
     * counted shape (collections, maps, every array kind, strings, {@code byte[]}, {@code long[]}, native and walked)
     * of 5 elements is refused at encode naming the place and the limit; a payload of 5, made by a serializer allowing
     * 5, is refused at decode with exactly that message; and 4 round-trip. On both codec paths.
     */
    @Test
    void countsOverMaxElementsAreRefusedAtEncodeWithTheDecodeMessage() {
        int limit = 4;
        TypeRegistry counted = CountedShapes.registry();
        String expected = " = " + (limit + 1) + " (expected: 0.." + limit + ", limited by max-elements " + limit
                + ", set by raftwire.serializer.max-elements or SerializerOptions.maxElements)";
        for (CodecPath path : CodecPath.values()) {
            SerializerOptions d = SerializerOptions.defaults();
            Serializer strict = Serializers.create(providerName(), counted, new SerializerOptions(d.maxDepth(), limit,
                    d.bufferBytes(), d.maxPooledBufferBytes(), path, d.maxPayloadBytes()));
            Serializer roomy = Serializers.create(providerName(), counted, new SerializerOptions(d.maxDepth(),
                    limit + 1, d.bufferBytes(), d.maxPooledBufferBytes(), path, d.maxPayloadBytes()));
            for (CountedShapes.Shape shape : CountedShapes.SHAPES) {
                String where = providerName() + " " + path + " " + shape.type().getSimpleName();
                int id = counted.idOf(shape.make().apply(0));
                Object fits = shape.make().apply(limit);
                assertNull(FieldByFieldEquality.difference(fits, Payloads.decodeHeap(strict, id,
                        Payloads.encode(strict, fits))), where);
                Object over = shape.make().apply(limit + 1);
                String atEncode = limitMessage(assertThrows(SerializationException.class,
                        () -> Payloads.encode(strict, over), where), where);
                byte[] payload = Payloads.encode(roomy, over);
                String atDecode = limitMessage(assertThrows(SerializationException.class,
                        () -> Payloads.decodeHeap(strict, id, payload), where), where);
                assertEquals(atDecode, atEncode, where);
                assertTrue(atEncode.endsWith(expected), where + ": " + atEncode);
                assertTrue(atEncode.startsWith(shape.type().getSimpleName() + ".value")
                        || atEncode.matches("(byte|long)\\[\\] length = .*"), where + ": " + atEncode);
            }
        }
    }

    /** The message, among {@code e} and its causes, of the max-elements refusal. */
    private static String limitMessage(Throwable e, String where) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t != e && t.getMessage() != null && t.getMessage().contains("limited by max-elements")) {
                return t.getMessage();
            }
        }
        throw new AssertionError(where + ": not a max-elements refusal", e);
    }

    /**
     * Every count of a walked shape (list, set, map, primitive array, nested at any depth) is checked against the
     * units left and max-elements before a collection or array is sized: negative, 2^31-1, near 2^63 and remaining+1
     * are refused by that bound, named in the message, within a bounded allocation.
     */
    @Test
    void walkedCountsAreCheckedBeforeAnythingIsSized() {
        Serializer shapes = Serializers.create(providerName(), WalkedShapes.registry(), SerializerOptions.defaults());
        int filler = 8;
        for (int i = 0; i < WalkedShapes.TYPES.size(); i++) {
            int id = WalkedShapes.FIRST_ID + i;
            String label = WalkedShapes.TYPES.get(i).getSimpleName() + ".values count = ";
            for (long declared : new long[] {-2, filler + 1, Integer.MAX_VALUE, Long.MAX_VALUE - 1}) {
                byte[] payload = oneTokenPayload(id, declared + 1, filler);
                NamedPayload p = new NamedPayload(label + declared, id, payload);
                assertRefusedWithinAllocationBound(shapes, p, label + declared + " (expected: 0.." + filler
                        + ", limited by the " + filler);
            }
            Object empty = Payloads.decodeHeap(shapes, id, oneTokenPayload(id, 1, 0));
            assertSame(WalkedShapes.TYPES.get(i), empty.getClass(), "the forged token is what the shape reads");
        }
    }

    /** A null element, key or value is refused at encode, with the same message in every provider. */
    @Test
    void nullElementsAreRefusedAtEncodeWithOneMessage() throws ReflectiveOperationException {
        List<Object> values = new ArrayList<>();
        values.add(new ReadIndexResponse(null, null, null, 1, true, null, 2, Arrays.asList(1, null)));
        values.add(new BatchCommand("c", 1, Arrays.asList(new DeleteCommand("c", 0, "k", false), null)));
        HashMap<String, Role> roles = new HashMap<>();
        roles.put("n", null);
        values.add(new MembershipChangeResponse(null, null, null, 1, true, null, roles, null));
        values.add(new ConfigurationEntry(1, 1, 1, Arrays.asList(NodeId.of("a"), null), List.of()));
        UserTypes.AuditEntry audit = new UserTypes.AuditEntry(null, Set.of(), UserTypes.Priority.LOW);
        java.lang.reflect.Field witnesses = UserTypes.AuditEntry.class.getDeclaredField("witnesses");
        witnesses.setAccessible(true);
        witnesses.set(audit, new LinkedHashSet<>(Arrays.asList(new MemberId("m"), null)));
        values.add(audit);
        for (Object v : values) {
            SerializationException e = assertThrows(SerializationException.class, () -> Payloads.encode(serializer,
                    v), v.getClass().getSimpleName());
            assertTrue(e.getMessage().contains(" holds a null element (expected: none; collections, maps and"
                    + " Optional never carry null)"), e.getMessage());
        }
    }

    /**
     * A collection that would not decode equal to itself is refused at encode, naming the field: a set in a place
     * declared {@code Collection} (it would come back a list) and a comparator-sorted map in a sorted place (it would
     * come back in natural order). In a place declared {@code Set} or {@code Map} the encoded order is what decodes,
     * so a comparator-sorted one travels and comes back equal, in the same order.
     */
    @Test
    void collectionsThatWouldNotDecodeEqualAreRefusedAtEncode() {
        ConfigurationEntry asSet = new ConfigurationEntry(1, 1, 1, new LinkedHashSet<>(List.of(NodeId.of("a"))),
                List.of());
        SerializationException e = assertThrows(SerializationException.class, () -> Payloads.encode(serializer,
                asSet));
        assertTrue(e.getMessage().contains("voters is declared Collection and holds a java.util.LinkedHashSet, which"
                + " would decode as a list not equal to it (expected: a List; declare the field Set<E> to carry a"
                + " set)"), e.getMessage());
        List<NodeId> twice = new ArrayList<>(List.of(NodeId.of("a"), NodeId.of("a")));
        ConfigurationEntry asList = new ConfigurationEntry(1, 1, 1, twice, List.of());
        ConfigurationEntry back = (ConfigurationEntry) Payloads.decodeHeap(serializer, registry.idOf(asList),
                Payloads.encode(serializer, asList));
        assertEquals(twice, back.getVoters(), "a list in a Collection place keeps order and duplicates");

        Serializer shapes = Serializers.create(providerName(), WalkedShapes.registry(), SerializerOptions.defaults());
        TreeMap<Long, byte[]> sortedBackwards = new TreeMap<>(Comparator.reverseOrder());
        sortedBackwards.put(1L, new byte[] {1});
        e = assertThrows(SerializationException.class, () -> Payloads.encode(shapes,
                new WalkedShapes.Sorted(sortedBackwards)));
        assertTrue(e.getMessage().contains("is sorted by a comparator (") && e.getMessage().contains("), which"
                + " cannot travel (expected: natural order; a decoded sorted collection uses it)"), e.getMessage());
        TreeSet<UUID> ids = new TreeSet<>(Comparator.reverseOrder());
        for (int k = 0; k < 5; k++) {
            ids.add(new UUID(k, 7 * k));
        }
        TreeMap<String, String> names = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        names.putAll(Map.of("b", "2", "C", "3", "a", "1"));
        for (Object v : List.of(new WalkedShapes.Ids(ids), new WalkedShapes.Strings(names))) {
            Object decoded = Payloads.decodeHeap(shapes, WalkedShapes.FIRST_ID + WalkedShapes.TYPES.indexOf(
                    v.getClass()), Payloads.encode(shapes, v));
            assertEquals(v, decoded);
            assertEquals(v.toString(), decoded.toString(), "the encoded order is kept");
        }
    }

    /**
     * A set holding two equal elements (an identity-based set) or a map holding two equal keys is refused at encode,
     * naming the place, rather than sent to a receiver whose decode refuses it; a set of a class not known to be
     * equals-based but whose elements are distinct (an unmodifiable view, as decoding returns) travels.
     */
    @Test
    void equalSetElementsAndMapKeysAreRefusedAtEncode() throws ReflectiveOperationException {
        Set<MemberId> sameTwice = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        sameTwice.add(new MemberId("m"));
        sameTwice.add(new MemberId("m"));
        UserTypes.AuditEntry audit = new UserTypes.AuditEntry(null, Set.of(), UserTypes.Priority.LOW);
        java.lang.reflect.Field witnesses = UserTypes.AuditEntry.class.getDeclaredField("witnesses");
        witnesses.setAccessible(true);
        witnesses.set(audit, sameTwice);
        SerializationException e = assertThrows(SerializationException.class, () -> Payloads.encode(serializer,
                audit));
        assertTrue(e.getMessage().contains("AuditEntry.witnesses holds two equal elements, at positions 0 and 1 in"
                + " iteration order, which the receiver would refuse (expected: elements distinct by equals; an"
                + " identity-based set or map, or a comparator finer than equals, can hold equal ones)"),
                e.getMessage());

        Serializer shapes = Serializers.create(providerName(), WalkedShapes.registry(), SerializerOptions.defaults());
        Set<UUID> ids = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        java.util.Map<String, String> names = new java.util.IdentityHashMap<>();
        for (int k = 0; k < 20; k++) {
            ids.add(new UUID(k, k));
            names.put("n" + k, "v");
        }
        ids.add(new UUID(7, 7));
        names.put(new String("n7"), "w");
        e = assertThrows(SerializationException.class, () -> Payloads.encode(shapes, new WalkedShapes.Ids(ids)));
        assertTrue(e.getMessage().contains("Ids.values holds two equal elements, at positions "), e.getMessage());
        e = assertThrows(SerializationException.class, () -> Payloads.encode(shapes, new WalkedShapes.Strings(names)));
        assertTrue(e.getMessage().contains("Strings.values holds two equal keys, at positions "), e.getMessage());

        Set<UUID> distinct = new LinkedHashSet<>();
        for (int k = 0; k < 20; k++) {
            distinct.add(new UUID(k, k));
        }
        WalkedShapes.Ids view = new WalkedShapes.Ids(java.util.Collections.unmodifiableSet(distinct));
        assertEquals(view, Payloads.decodeHeap(shapes, WalkedShapes.FIRST_ID + WalkedShapes.TYPES.indexOf(WalkedShapes.Ids.class),
                Payloads.encode(shapes, view)));
    }

    /**
     * A string with an unpaired surrogate has no UTF-8 form: every provider refuses it at encode (a component, a list
     * element, a map key of a walked shape), naming the surrogate and where it is, instead of writing {@code '?'} or
     * U+FFFD in its place; a surrogate pair, a character beyond the BMP, travels exactly.
     */
    @Test
    void unpairedSurrogatesAreRefusedAtEncodeAndPairsTravel() {
        Serializer shapes = Serializers.create(providerName(), WalkedShapes.registry(), SerializerOptions.defaults());
        Map<Object, Serializer> refused = new java.util.LinkedHashMap<>();
        refused.put(new UserTypes.KvCommand("ab\uD800cd", null, 0, List.of()), serializer);
        refused.put(new UserTypes.KvCommand("k", null, 0, List.of("x", "ab\uD800cd")), serializer);
        refused.put(new WalkedShapes.Strings(Map.of("ab\uD800cd", "v")), shapes);
        for (Map.Entry<Object, Serializer> r : refused.entrySet()) {
            SerializationException e = assertThrows(SerializationException.class, () -> Payloads.encode(r.getValue(),
                    r.getKey()), r.getKey().toString());
            assertTrue(e.getMessage().contains("a string of 5 chars has an unpaired surrogate U+D800 at char 2, which"
                    + " UTF-8 cannot carry (expected: well-formed UTF-16, every surrogate half of a pair)"),
                    e.getMessage());
        }
        Map<String, String> where = Map.of("x\uDC00", "U+DC00 at char 1", "x\uD83D", "U+D83D at char 1",
                "\uDE00\uD83D", "U+DE00 at char 0");
        for (Map.Entry<String, String> lone : where.entrySet()) {
            SerializationException e = assertThrows(SerializationException.class, () -> Payloads.encode(serializer,
                    new UserTypes.KvCommand(lone.getKey(), null, 0, List.of())));
            assertTrue(e.getMessage().contains("has an unpaired surrogate " + lone.getValue() + ", which"),
                    e.getMessage());
        }
        UserTypes.KvCommand pairs = new UserTypes.KvCommand("k\uD83D\uDE00", null, 0, List.of("\uD83D\uDE00x"));
        assertEquals(pairs, Payloads.decodeHeap(serializer, registry.idOf(pairs), Payloads.encode(serializer, pairs)));
    }

    /**
     * A peer's string bytes that no raftwire encoder writes are refused, not decoded into a string the sender never
     * had (the JDK's UTF-8 decoder would put U+FFFD in their place): in a component, a list element and a walked map's
     * key, from heap and direct payloads. Each forgery replaces the three bytes of {@code '€'} (E2 82 AC in UTF-8 and in
     * Java serialization's modified UTF-8 alike) in a string's encoding, so every length stays right.
     */
    @Test
    void malformedStringBytesAreRefusedNotReplaced() {
        Serializer shapes = Serializers.create(providerName(), WalkedShapes.registry(), SerializerOptions.defaults());
        int stringsId = WalkedShapes.FIRST_ID + WalkedShapes.TYPES.indexOf(WalkedShapes.Strings.class);
        List<byte[]> forgeries = new ArrayList<>(List.of(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                new byte[] {(byte) 0xE2, 0x28, (byte) 0xAC}, new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF}));
        if (refusesOverlongUtf8()) {
            forgeries.add(new byte[] {(byte) 0xE0, (byte) 0x82, (byte) 0xAC});
        }
        byte[] marker = "k\u20acy".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        UserTypes.KvCommand inKey = new UserTypes.KvCommand("k\u20acy", null, 0, List.of());
        UserTypes.KvCommand inTag = new UserTypes.KvCommand("k", null, 0, List.of("t", "k\u20acy"));
        WalkedShapes.Strings inMapKey = new WalkedShapes.Strings(Map.of("k\u20acy", "v"));
        List<Object[]> places = List.of(new Object[] {serializer, registry.idOf(inKey), inKey},
                new Object[] {serializer, registry.idOf(inTag), inTag}, new Object[] {shapes, stringsId, inMapKey});
        for (Object[] place : places) {
            Serializer s = (Serializer) place[0];
            int id = (Integer) place[1];
            byte[] payload = Payloads.encode(s, place[2]);
            assertEquals(place[2], Payloads.decodeHeap(s, id, payload), "the unforged payload decodes");
            int at = indexOf(payload, marker);
            assertTrue(at >= 0 && indexOf(Arrays.copyOfRange(payload, at + 1, payload.length), marker) < 0,
                    "the string's bytes appear once in " + HexFormat.of().formatHex(payload));
            for (byte[] forgery : forgeries) {
                byte[] forged = payload.clone();
                System.arraycopy(forgery, 0, forged, at + 1, forgery.length);
                for (boolean direct : new boolean[] {false, true}) {
                    SerializationException e = assertThrows(SerializationException.class, () -> {
                        Object ignored = direct ? Payloads.decodeDirect(s, id, forged)
                                : Payloads.decodeHeap(s, id, forged);
                    },
                            place[2] + " with " + HexFormat.of().formatHex(forgery));
                    assertTrue(e.getMessage().contains(malformedStringReason(forgery)), e.getMessage());
                }
            }
        }
    }

    /** Whether the provider refuses an overlong UTF-8 form; Java serialization's modified UTF-8 reads one. */
    protected boolean refusesOverlongUtf8() {
        return true;
    }

    /** The part of the provider's refusal naming what is wrong with a string whose bytes 1..3 are {@code forged}. */
    protected String malformedStringReason(byte[] forged) {
        return String.format(java.util.Locale.ROOT, "a string of 5 bytes is not well-formed UTF-8: byte 0x%02X at"
                + " byte 1 starts a malformed sequence (expected: well-formed UTF-8, as raftwire encoders write;",
                forged[0] & 0xFF);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Classes built field by field skip their constructors on decode, as the README says; a type implementing
     * {@code ValidatedAfterDecode} has its check run instead, and a payload it refuses fails the decode.
     */
    @Test
    void fieldByFieldClassesSkipTheirConstructorAndRunTheirCheck() throws ReflectiveOperationException {
        Endpoint endpoint = new Endpoint("db-1:5432");
        byte[] payload = Payloads.encode(serializer, endpoint);
        int constructed = Endpoint.CONSTRUCTED.get();
        assertEquals(endpoint, Payloads.decodeHeap(serializer, registry.idOf(endpoint), payload));
        assertEquals(constructed, Endpoint.CONSTRUCTED.get(), "the constructor's side effect ran on decode");
        Version version = new Version("2.17");
        java.lang.reflect.Field major = Version.class.getDeclaredField("major");
        major.setAccessible(true);
        major.setInt(version, -1);
        byte[] forged = Payloads.encode(serializer, version);
        SerializationException e = assertThrows(SerializationException.class,
                () -> Payloads.decodeHeap(serializer, registry.idOf(version), forged));
        assertTrue(e.getMessage().contains("Version") && e.getMessage().contains("version -1.17 (expected:"
                + " non-negative parts)"), e.getMessage());
    }

    /**
     * The JDK types a model moving from Kryo holds come back as the declared classes ({@link JdkTypesModel}): an
     * empty {@code EnumSet} keeps its enum type, concurrent collections and atomics their concurrent class, a
     * {@code Number} its class and scale, arrays their array class; a value that would not decode equal (a
     * {@code Timestamp} in a {@code Date} field, a {@code StringBuilder} in a {@code CharSequence} one, an
     * {@code AtomicLong} in a {@code Number} one, a {@code String[]} in an {@code Object[]} one, a null array element)
     * is refused at encode naming the field, on both codec paths.
     */
    @Test
    @SuppressWarnings("unchecked")
    void jdkTypesDecodeIntoTheirDeclaredClassesAndWhatWouldNotComeBackEqualIsRefused() throws Exception {
        Map<String, Object> jdk = JdkTypesModel.named();
        Object roles = part(roundTrip(jdk.get("jdk-EnumCollections-empty")), "roles");
        assertEquals(java.util.EnumSet.allOf(Role.class), java.util.EnumSet.complementOf(
                (java.util.EnumSet<Role>) roles), "an empty EnumSet knows its enum type");
        Object state = roundTrip(jdk.get("jdk-ConcurrentState"));
        Map<String, Class<?>> classes = Map.of("versions", java.util.concurrent.ConcurrentHashMap.class,
                "owners", java.util.concurrent.ConcurrentHashMap.class,
                "log", java.util.concurrent.ConcurrentSkipListMap.class,
                "ranked", java.util.concurrent.ConcurrentSkipListMap.class,
                "keys", java.util.concurrent.ConcurrentSkipListSet.class,
                "listeners", java.util.concurrent.CopyOnWriteArrayList.class);
        classes.forEach((name, type) -> assertSame(type, part(state, name).getClass(), name));
        Object counters = roundTrip(jdk.get("jdk-Counters"));
        assertEquals(41L, ((java.util.concurrent.atomic.AtomicLong) part(counters, "applied")).get());
        assertSame(java.util.Date.class, part(counters, "created").getClass());
        JdkTypesModel.Measure measure = (JdkTypesModel.Measure) roundTrip(jdk.get("jdk-Measure"));
        assertEquals("12.50", measure.amount().toString(), "a BigDecimal keeps its scale");
        assertEquals(((JdkTypesModel.Measure) jdk.get("jdk-Measure")).samples().stream().map(Object::getClass)
                .toList(), measure.samples().stream().map(Object::getClass).toList(), "each Number keeps its class");
        JdkTypesModel.Grids grids = (JdkTypesModel.Grids) roundTrip(jdk.get("jdk-Grids"));
        assertSame(NodeId[].class, grids.nodes().getClass());
        assertSame(Object[].class, grids.ids().getClass());

        Map<Object, String> refused = new java.util.LinkedHashMap<>();
        JdkTypesModel.Counters stamped = new JdkTypesModel.Counters(1, 1, true, null);
        java.lang.reflect.Field created = JdkTypesModel.Counters.class.getDeclaredField("created");
        created.setAccessible(true);
        created.set(stamped, new java.sql.Timestamp(5));
        refused.put(stamped, "created holds a java.sql.Timestamp, a subclass of java.util.Date, which would decode as"
                + " a plain Date without its own state (expected: exactly a java.util.Date; declare an Instant to"
                + " carry nanoseconds)");
        refused.put(new JdkTypesModel.Measure(1, 2, List.of(), new StringBuilder("b"), Map.of()), "label holds a"
                + " java.lang.StringBuilder, a CharSequence that is not a String, which would decode as a String not"
                + " equal to it (expected: a String; call toString() first)");
        refused.put(new JdkTypesModel.Measure(new java.util.concurrent.atomic.AtomicLong(1), 2, List.of(), "a",
                Map.of()), "amount holds a java.util.concurrent.atomic.AtomicLong, a Number of a class a Number place"
                + " does not carry; it would not decode equal (expected: Byte, Short, Integer, Long, Float, Double,"
                + " BigInteger, BigDecimal; declare an AtomicLong or AtomicInteger field as such)");
        JdkTypesModel.Grids grid = (JdkTypesModel.Grids) jdk.get("jdk-Grids-empty");
        refused.put(new JdkTypesModel.Grids(grid.names(), new String[] {"s"}, grid.matrix(), null, null, null, null,
                null, null, null, grid.roles(), null, grid.nested()), "ids holds a java.lang.String[], an array of"
                + " another class than the declared one, which would decode as the declared class (expected: exactly"
                + " the declared array class)");
        refused.put(new JdkTypesModel.Grids(new String[] {"a", null}, null, null, null, null, null, null, null, null,
                null, null, null, null), "names holds a null element (expected: none; arrays, like collections, maps"
                + " and Optional, never carry null)");
        for (Serializer s : List.of(generatedPath, walkPath)) {
            refused.forEach((value, reason) -> {
                SerializationException e = assertThrows(SerializationException.class, () -> Payloads.encode(s,
                        value), reason);
                assertTrue(e.getMessage().contains(value.getClass().getSimpleName() + "." + reason), e.getMessage());
            });
        }
    }

    private Object roundTrip(Object value) {
        return Payloads.decodeHeap(serializer, registry.idOf(value), Payloads.encode(serializer, value));
    }

    private Object part(Object owner, String name) {
        return registry.find(owner.getClass()).components().stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow().get(owner);
    }

    /** Asserts that {@code p} is refused with our exception and that the attempt allocated a bounded amount. */
    protected final void assertRefusedWithinAllocationBound(NamedPayload p) {
        assertRefusedWithinAllocationBound(serializer, p, p.reason());
    }

    /**
     * Asserts that {@code p} is refused by {@code s} with our exception, for the {@code reason} given (a part of the
     * message naming the bound that refused it; not checked if null), and that the attempt allocated a bounded amount.
     */
    protected final void assertRefusedWithinAllocationBound(Serializer s, NamedPayload p, String reason) {
        try {
            Object decoded = Payloads.decodeHeap(s, p.typeId(), p.bytes());
            fail(p + " decoded to " + decoded);
        } catch (SerializationException expected) {
            if (reason != null) {
                assertTrue(expected.getMessage().contains(reason), p + ": refused for another reason than '"
                        + reason + "': " + expected.getMessage());
            }
            long used = allocationOfRefusal(s, p.typeId(), p.bytes());
            assertTrue(used <= allocationPerPayloadByte() * p.bytes().length + allocationSlackBytes(),
                    p + " allocated " + used + " bytes before being refused");
        } catch (Throwable t) {
            throw new AssertionError(p + " threw " + t + " instead of SerializationException", t);
        }
    }

    /**
     * Bytes allocated by a decode of a payload already refused once: the least of two more attempts. The first refusal
     * of a kind pays one-time JVM costs (string-concatenation bootstraps, class initialisation, per-thread library
     * state), and any later decode may be the one during which the JVM compiles a method handle's lambda form (a
     * field setter of a class built field by field reaches its compile threshold after some hundred calls); none of
     * that says anything about what a hostile length makes the decoder allocate, and none of it happens twice.
     */
    static long allocationOfRefusal(Serializer serializer, int typeId, byte[] payload) {
        long least = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 2; attempt++) {
            long before = AllocationMeter.allocatedBytes();
            try {
                Payloads.decodeHeap(serializer, typeId, payload);
                throw new AssertionError("payload refused once, then decoded: " + HexFormat.of().formatHex(payload));
            } catch (SerializationException refusedAgain) {
                least = Math.min(least, AllocationMeter.allocatedBytes() - before);
            }
        }
        return least;
    }

    private void warmUp() {
        for (Object v : fixtures.values()) {
            Payloads.decodeHeap(serializer, registry.idOf(v), Payloads.encode(serializer, v));
        }
    }

    private static void assertCollectionsImmutable(TypeModel model, Object value) {
        for (Component c : model.components()) {
            // a field declared as a concrete collection (ArrayList, HashSet, ...) decodes into that class, mutable
            Object v = c.rawType().isInterface() && !c.rawType().isPrimitive() ? c.get(value) : null;
            if (v instanceof Collection<?> col) {
                assertThrows(UnsupportedOperationException.class, () -> col.clear(),
                        model.name() + "." + c.name() + " is a mutable " + col.getClass().getName());
            }
        }
    }
}
