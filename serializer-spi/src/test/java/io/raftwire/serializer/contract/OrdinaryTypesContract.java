package io.raftwire.serializer.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.ordinary.OrdinaryModel;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.lang.reflect.Field;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What every provider promises for the application's own classes, on both codec paths (each test builds the generated
 * and the walked serializer itself, so it is tagged {@link SerializerContract#BOTH_PATHS}): no value changes on a round
 * trip, whatever its constructors do. Run by a thin subclass per provider.
 */
@ExtendWith(LeakDetectionExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag(SerializerContract.BOTH_PATHS)
public abstract class OrdinaryTypesContract {

    /** The provider name, for example {@code kryo}. */
    protected abstract String providerName();

    /**
     * Whether a payload that ends at a field boundary can decode, its missing fields absent: a tagged format whose
     * nullable fields may be left out (protostuff), where such a prefix decodes with those fields null, or is refused
     * by the constructor's own check of them. Every other truncation must still be refused naming what was read.
     */
    protected boolean fieldsMayBeAbsent() {
        return false;
    }

    /** This provider on both codec paths, with default options otherwise. */
    protected final List<Serializer> bothPaths(TypeRegistry registry) {
        return List.of(Serializers.create(providerName(), registry, SerializerOptions.defaults()
                .withCodecPath(CodecPath.GENERATED)), Serializers.create(providerName(), registry,
                SerializerOptions.defaults().withCodecPath(CodecPath.WALK)));
    }

    /** Encodes and decodes through heap and direct buffers, asserting equal and field-by-field equal results. */
    protected static Object roundTrip(Serializer s, TypeRegistry registry, Object value) {
        String where = s.name() + " " + value.getClass().getSimpleName();
        byte[] payload = Payloads.encode(s, value);
        int id = registry.idOf(value);
        Object heap = Payloads.decodeHeap(s, id, payload);
        Object direct = Payloads.decodeDirect(s, id, payload);
        for (Object back : List.of(heap, direct)) {
            assertSame(value.getClass(), back.getClass(), where);
            if (definesEquals(value.getClass())) {
                assertEquals(value, back, where);
            }
            assertNull(FieldByFieldEquality.difference(value, back), where);
        }
        return heap;
    }

    private static boolean definesEquals(Class<?> type) {
        try {
            return type.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A model of at least 60 ordinary classes ({@link OrdinaryModel}) registers, and every class round-trips on both
     * paths with no change: equal where the class defines equals, and equal field by field in every case.
     */
    @Test
    void everyClassOfTheOrdinaryModelRoundTripsWithNoChange() {
        TypeRegistry registry = OrdinaryModel.registry();
        List<Object> values = OrdinaryModel.values();
        java.util.Set<Class<?>> covered = new java.util.HashSet<>();
        for (Object v : values) {
            covered.add(v.getClass());
        }
        List<String> missing = new java.util.ArrayList<>();
        int ordinary = 0;
        for (io.raftwire.serializer.model.TypeModel m : registry.models()) {
            if (m.id() >= io.raftwire.message.MessageType.FIRST_USER_ID) {
                ordinary++;
                if (!covered.contains(m.javaType())) {
                    missing.add(m.name());
                }
            }
        }
        assertTrue(ordinary >= 60, "only " + ordinary + " ordinary classes");
        assertEquals(List.of(), missing, "registered classes without an instance in OrdinaryModel.values()");
        for (Serializer s : bothPaths(registry)) {
            for (Object value : values) {
                roundTrip(s, registry, value);
            }
        }
    }

    /**
     * Constructors that normalise, sort, trim or copy into another class change no value: classes whose constructor
     * is not shown to store its arguments unchanged are built field by field, and records whose canonical constructor
     * is idempotent come back equal.
     */
    @Test
    void constructorsThatChangeTheirArgumentsChangeNoValue() {
        TypeRegistry registry = ConstructorTypes.registry();
        for (Serializer s : bothPaths(registry)) {
            for (Object value : ConstructorTypes.values()) {
                roundTrip(s, registry, value);
            }
            ConstructorTypes.NamespacedKey key = (ConstructorTypes.NamespacedKey) roundTrip(s, registry,
                    new ConstructorTypes.NamespacedKey("user/42"));
            assertEquals("ns/user/42", key.key());
            ConstructorTypes.CopiedItems items = (ConstructorTypes.CopiedItems) roundTrip(s, registry,
                    new ConstructorTypes.CopiedItems(List.of("a")));
            assertEquals(List.of("a"), items.items());
        }
    }

    /**
     * A record whose canonical constructor is not idempotent cannot travel (a record is only ever built through that
     * constructor): decoding refuses it, naming the component, instead of returning a changed value.
     */
    @Test
    void aRecordWhoseConstructorChangesItsArgumentsIsRefusedNotChanged() {
        TypeRegistry registry = ConstructorTypes.registry();
        for (Serializer s : bothPaths(registry)) {
            ConstructorTypes.PrefixedRecord value = new ConstructorTypes.PrefixedRecord("user/42");
            byte[] payload = Payloads.encode(s, value);
            SerializationException e = assertThrows(SerializationException.class,
                    () -> Payloads.decodeHeap(s, registry.idOf(value), payload));
            assertTrue(e.getMessage().contains("PrefixedRecord's canonical constructor changed component 'key'"),
                    e.getMessage());
        }
    }

    /**
     * Classes whose constructor stores its arguments unchanged are still decoded through it, so its checks refuse a
     * hostile payload: one forged (by reflection) with a value the constructor refuses.
     */
    @Test
    void identityConstructorsStillRunTheirChecksOnDecode() throws ReflectiveOperationException {
        TypeRegistry registry = ConstructorTypes.registry();
        ConstructorTypes.CheckedEndpoint endpoint = new ConstructorTypes.CheckedEndpoint("db-1", 5432);
        set(endpoint, "port", 70000);
        ConstructorTypes.MarkedRange range = new ConstructorTypes.MarkedRange(1, 2);
        set(range, "low", 5L);
        for (Serializer s : bothPaths(registry)) {
            for (Object[] forged : new Object[][] {{endpoint, "port 70000 is out of range (expected: 1..65535)"},
                    {range, "range 5..2 is reversed (expected: low <= high)"}}) {
                byte[] payload = Payloads.encode(s, forged[0]);
                SerializationException e = assertThrows(SerializationException.class,
                        () -> Payloads.decodeHeap(s, registry.idOf(forged[0]), payload));
                assertTrue(e.getMessage().contains((String) forged[1]), e.getMessage());
            }
        }
    }

    /** Values up to the default depth travel; one level more is refused at encode, naming the limit. */
    @Test
    void deepValuesTravelUpToTheDefaultDepthAndOneMoreIsRefusedAtEncode() {
        TypeRegistry registry = GraphTypes.registry();
        int max = SerializerOptions.DEFAULT_MAX_DEPTH;
        for (Serializer s : bothPaths(registry)) {
            roundTrip(s, registry, UserTypes.TreeNode.chain(max));
            SerializationException e = assertThrows(SerializationException.class,
                    () -> Payloads.encode(s, UserTypes.TreeNode.chain(max + 1)));
            assertTrue(e.getMessage().contains("nesting depth " + (max + 1) + " (expected: <= " + max + ")"),
                    e.getMessage());
        }
    }

    /**
     * The highest depth setting is safe against stack overflow: a payload of that depth (as a hostile peer would send
     * to a node configured so) decodes on a thread with the JVM's default stack, on both paths; a node with the
     * default setting refuses it by depth.
     */
    @Test
    void aPayloadAtTheHighestDepthSettingDecodesOnAThreadWithTheDefaultStack() {
        TypeRegistry registry = GraphTypes.registry();
        int deepest = SerializerOptions.MAX_MAX_DEPTH;
        UserTypes.TreeNode chain = UserTypes.TreeNode.chain(deepest);
        for (CodecPath path : CodecPath.values()) {
            Serializer s = Serializers.create(providerName(), registry, new SerializerOptions(deepest,
                    SerializerOptions.DEFAULT_MAX_ELEMENTS, SerializerOptions.DEFAULT_BUFFER_BYTES,
                    SerializerOptions.DEFAULT_MAX_POOLED_BUFFER_BYTES, path));
            byte[] payload = StackThreads.run("depth-test", 64L * 1024 * 1024, () -> Payloads.encode(s, chain));
            Object[] decoded = new Object[1];
            StackThreads.run("depth-test", 0,
                    () -> decoded[0] = Payloads.decodeHeap(s, UserTypes.TREE_NODE_ID, payload));
            // compared on a large stack: a record's equals, 256 levels deep, needs more than the decode did
            assertTrue(StackThreads.run("depth-test", 64L * 1024 * 1024, () -> chain.equals(decoded[0])), path.name());
            Serializer strict = bothPaths(registry).get(path == CodecPath.GENERATED ? 0 : 1);
            SerializationException e = assertThrows(SerializationException.class,
                    () -> Payloads.decodeHeap(strict, UserTypes.TREE_NODE_ID, payload));
            assertTrue(e.getMessage().contains("nesting depth " + (SerializerOptions.DEFAULT_MAX_DEPTH + 1)),
                    e.getMessage());
        }
    }

    /** A cycle is refused at encode as a cycle, naming the path that closes it, not as a depth error. */
    @Test
    void aCycleIsRefusedAtEncodeNamingItsPath() {
        TypeRegistry registry = GraphTypes.registry();
        GraphTypes.Link a = new GraphTypes.Link("a");
        a.link(new GraphTypes.Link("b")).link(new GraphTypes.Link("c")).link(a);
        GraphTypes.Link self = new GraphTypes.Link("self");
        self.link(self);
        GraphTypes.Pair pair = new GraphTypes.Pair(new GraphTypes.Link("x"), self);
        for (Serializer s : bothPaths(registry)) {
            for (Object[] c : new Object[][] {{a, "Link.next.next.next refers back to Link, a cycle"},
                    {pair, "Pair.right.next refers back to Pair.right, a cycle"}}) {
                SerializationException e = assertThrows(SerializationException.class,
                        () -> Payloads.encode(s, c[0]));
                assertTrue(e.getMessage().contains((String) c[1] + " (expected: a value without cycles; values are"
                        + " copied, not shared by reference, so a cycle cannot be encoded)"), e.getMessage());
            }
        }
    }

    /**
     * No provider keeps shared references (the README says so): one instance reached twice comes back as two equal
     * copies.
     */
    @Test
    void anInstanceReachedTwiceComesBackAsTwoEqualCopies() {
        TypeRegistry registry = GraphTypes.registry();
        GraphTypes.Link shared = new GraphTypes.Link("shared");
        shared.link(new GraphTypes.Link("tail"));
        for (Serializer s : bothPaths(registry)) {
            GraphTypes.Pair back = (GraphTypes.Pair) roundTrip(s, registry, new GraphTypes.Pair(shared, shared));
            assertEquals(back.left(), back.right());
            assertTrue(back.left() != back.right(), "a shared instance came back shared");
        }
    }

    /**
     * A legal-looking value that shares one child at every level (2^27 nodes on the wire at depth 27, far beyond any
     * heap) is refused at encode once the bytes written pass max-payload-bytes, quickly and naming the setting; a
     * payload larger than the setting is refused at decode with the same expectation.
     */
    @Test
    void aValueThatDoublesAtEveryLevelIsRefusedAtEncodeByThePayloadLimit() {
        TypeRegistry registry = GraphTypes.registry();
        UserTypes.TreeNode node = new UserTypes.TreeNode("leaf", List.of());
        for (int level = 1; level < 27; level++) {
            node = new UserTypes.TreeNode("n", List.of(node, node));
        }
        UserTypes.TreeNode doubling = node;
        String expectation = "expected: at most " + SerializerOptions.DEFAULT_MAX_PAYLOAD_BYTES + " bytes, set by"
                + " raftwire.serializer.max-payload-bytes or SerializerOptions.maxPayloadBytes";
        for (Serializer s : bothPaths(registry)) {
            SerializationException e = assertThrows(SerializationException.class,
                    () -> Payloads.encode(s, doubling));
            assertTrue(e.getMessage().contains("payload passed max-payload-bytes "
                    + SerializerOptions.DEFAULT_MAX_PAYLOAD_BYTES + " while encoding ("), e.getMessage());
            assertTrue(e.getMessage().contains(expectation), e.getMessage());
        }
        Serializer small = Serializers.create(providerName(), registry, SerializerOptions.defaults()
                .withMaxPayloadBytes(SerializerOptions.MIN_MAX_PAYLOAD_BYTES));
        UserTypes.TreeNode wide = new UserTypes.TreeNode("w".repeat(2000), List.of());
        byte[] payload = Payloads.encode(bothPaths(registry).get(0), wide);
        SerializationException atEncode = assertThrows(SerializationException.class, () -> Payloads.encode(small,
                wide));
        assertTrue(atEncode.getMessage().contains("payload passed max-payload-bytes 1024 while encoding ("
                + payload.length + " bytes written so far; expected: at most 1024 bytes"), atEncode.getMessage());
        SerializationException atDecode = assertThrows(SerializationException.class,
                () -> Payloads.decodeHeap(small, UserTypes.TREE_NODE_ID, payload));
        assertTrue(atDecode.getMessage().contains("payload of " + payload.length + " bytes is larger than"
                + " max-payload-bytes 1024 (expected: at most 1024 bytes, set by raftwire.serializer.max-payload-bytes"
                + " or SerializerOptions.maxPayloadBytes)"), atDecode.getMessage());
    }

    /**
     * A bean marked {@code MutableCollections} gets mutable collections after decode, nested ones too, in the same
     * order; without the mark they stay unmodifiable, on every provider and path.
     */
    @Test
    void mutableCollectionsGoWhereTheyAreAskedFor() {
        TypeRegistry registry = BeanTypes.registry();
        BeanTypes.Basket basket = new BeanTypes.Basket();
        basket.getItems().addAll(List.of("b", "a"));
        basket.getTags().addAll(List.of("y", "x"));
        basket.getSorted().addAll(List.of("q", "p"));
        basket.getCounts().put("k", new java.util.ArrayList<>(List.of(1, 2)));
        BeanTypes.Profile profile = new BeanTypes.Profile();
        profile.getNicknames().add("ace");
        profile.getFixed().add("F");
        for (Serializer s : bothPaths(registry)) {
            BeanTypes.Basket b = (BeanTypes.Basket) roundTrip(s, registry, basket);
            b.getItems().add("c");
            b.getTags().add("z");
            b.getSorted().add("a");
            b.getCounts().get("k").add(3);
            b.getCounts().put("new", new java.util.ArrayList<>());
            assertEquals(List.of("b", "a", "c"), b.getItems());
            assertEquals(List.of("y", "x", "z"), List.copyOf(b.getTags()));
            assertEquals(List.of("a", "p", "q"), List.copyOf(b.getSorted()));
            assertEquals(List.of(1, 2, 3), b.getCounts().get("k"));
            BeanTypes.Profile p = (BeanTypes.Profile) roundTrip(s, registry, profile);
            p.getNicknames().add("bee");
            assertEquals(List.of("ace", "bee"), p.getNicknames());
            assertThrows(UnsupportedOperationException.class, () -> p.getFixed().add("G"));
        }
    }

    /** A component label ({@code Type.field}) or one of the jdk carrier's named parts, in a refusal. */
    private static final java.util.regex.Pattern NAMES_A_PLACE = java.util.regex.Pattern.compile(
            "[A-Z][A-Za-z0-9]*\\.[a-z][A-Za-z0-9]*|^(Object\\[\\]|byte\\[\\]|long\\[\\]|string|class name|declared)"
            + " length = ");

    /**
     * A truncated payload is refused naming the type and what was being read when the bytes ran out, on every provider
     * and path: every prefix of the payload of every class of the ordinary model.
     */
    @Test
    void aTruncatedPayloadIsRefusedNamingWhatWasBeingRead() {
        TypeRegistry registry = OrdinaryModel.registry();
        java.util.Map<String, Integer> generic = new java.util.TreeMap<>();
        for (Serializer s : bothPaths(registry)) {
            for (Object value : OrdinaryModel.values()) {
                byte[] payload = Payloads.encode(s, value);
                int id = registry.idOf(value);
                for (int n = 0; n < payload.length; n++) {
                    byte[] cut = java.util.Arrays.copyOf(payload, n);
                    try {
                        Payloads.decodeHeap(s, id, cut);
                        if (!fieldsMayBeAbsent()) {
                            generic.merge("decoded a " + n + "-byte prefix of " + value.getClass().getSimpleName(),
                                    1, Integer::sum);
                        }
                    } catch (SerializationException e) {
                        String reason = e.getMessage().substring(e.getMessage().indexOf("): ") + 3);
                        boolean named = reason.startsWith("payload ended while reading ")
                                || NAMES_A_PLACE.matcher(reason).find();
                        boolean absent = fieldsMayBeAbsent() && reason.startsWith("invalid value: ");
                        if (!absent && (!e.getMessage().contains(value.getClass().getSimpleName() + " (type " + id)
                                || !named)) {
                            generic.merge(reason.replaceAll("[0-9]+", "N"), 1, Integer::sum);
                        }
                    }
                }
            }
        }
        assertEquals(java.util.Map.of(), generic, "truncations refused without saying what was being read");
    }

    /**
     * Every registration hint leads to a model that works: the refused class's message gives the hint, and the class
     * with the hint applied registers and round-trips on both paths.
     */
    @Test
    void everyRegistrationHintLeadsToAModelThatWorks() {
        Object[][] cases = {
            {reg(HintTypes.InnerBefore.class), "is an inner class, whose instances hold their outer instance"
                    + " (expected: a static nested class; add 'static')", reg(HintTypes.InnerAfter.class),
                new HintTypes.InnerAfter()},
            {reg(HintTypes.RawBefore.class), "RawBefore.values element has the raw type java.util.List (expected:"
                    + " type arguments, such as List<Long>", reg(HintTypes.RawAfter.class),
                new HintTypes.RawAfter(List.of(1L, 2L))},
            {reg(HintTypes.DequeBefore.class), "DequeBefore.queue has type java.util.ArrayDeque<java.lang.String>"
                    + " (expected: ", reg(HintTypes.DequeAfter.class), new HintTypes.DequeAfter(List.of("a"))},
            {reg(HintTypes.DequeBefore.class), "; declare it as List<E>, Set<E> or Collection<E>)",
                reg(HintTypes.DequeAfter.class), new HintTypes.DequeAfter(List.of())},
            {reg(HintTypes.WeakMapBefore.class), "held weakly, which no decoded map reproduces (expected: Map<K, V>", reg(HintTypes.WeakMapAfter.class),
                new HintTypes.WeakMapAfter(java.util.Map.of("k", "v"))},
            {reg(HintTypes.Unordered.class, HintTypes.SortedBefore.class), "or declare it as Set<E>)",
                reg(HintTypes.Unordered.class, HintTypes.SortedAfter.class),
                new HintTypes.SortedAfter(java.util.Set.of(new HintTypes.Unordered("u")))},
            {reg(HintTypes.Zoo.class), "and no registered type implements it (expected: register the classes that"
                    + " implement it", reg(HintTypes.Zoo.class, HintTypes.Dog.class),
                new HintTypes.Zoo(new HintTypes.Dog("rex"))},
            {reg(HintTypes.Vehicle.class), "is abstract (expected: a concrete class; register its concrete"
                    + " subclasses", reg(HintTypes.Garage.class, HintTypes.Bike.class),
                new HintTypes.Garage(new HintTypes.Bike())},
            {reg(HintTypes.Label.class), "which is not registered (expected: register it with its own id)",
                reg(HintTypes.Label.class, HintTypes.Tag.class), new HintTypes.Label(new HintTypes.Tag("t"))},
            {reg(HintTypes.NamesBefore.class), "extends java.util.ArrayList (expected: superclasses that are Object"
                    + " or your own classes; hold a ArrayList in a field instead)", reg(HintTypes.NamesAfter.class),
                new HintTypes.NamesAfter(new java.util.ArrayList<>(List.of("x")))},
        };
        for (Object[] c : cases) {
            @SuppressWarnings("unchecked")
            java.util.function.Supplier<TypeRegistry> before = (java.util.function.Supplier<TypeRegistry>) c[0];
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, before::get);
            assertTrue(refused.getMessage().contains((String) c[1]), refused.getMessage());
            @SuppressWarnings("unchecked")
            TypeRegistry after = ((java.util.function.Supplier<TypeRegistry>) c[2]).get();
            for (Serializer s : bothPaths(after)) {
                roundTrip(s, after, c[3]);
            }
        }
    }

    /** A registry of the catalog and {@code types}, ids from 7000, built when asked for. */
    private static java.util.function.Supplier<TypeRegistry> reg(Class<?>... types) {
        return () -> {
            TypeRegistry.Builder b = TypeRegistry.builder();
            for (int i = 0; i < types.length; i++) {
                b.register(7000 + i, types[i]);
            }
            return b.build();
        };
    }

    private static void set(Object target, String field, Object value) throws ReflectiveOperationException {
        Field f = target.getClass().getDeclaredField(field);
        f.setAccessible(true);
        f.set(target, value);
    }
}
