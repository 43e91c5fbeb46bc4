package io.raftwire.serializer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.raftwire.serializer.TypeRegistry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The table of JDK types is the one the code uses and the one the README shows: the README's block is rendered from
 * it, every container the code decodes into has its row, and every refusal of a declared type gives the table's
 * reason.
 */
@Timeout(30)
class JdkTypesTest {

    private static final String BEGIN = "<!-- jdk-types:begin (generated from model.JdkTypes by JdkTypesTest; do not"
            + " edit, paste what the test prints) -->\n";
    private static final String END = "<!-- jdk-types:end -->";

    @Test
    void theReadmeShowsTheTableTheCodeUses() throws IOException {
        String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        String expected = BEGIN + JdkTypes.markdown() + END;
        int from = readme.indexOf(BEGIN);
        int to = readme.indexOf(END);
        if (from < 0 || to < from) {
            fail("serializer-spi/README.md has no generated JDK types block; paste this into 'Your own types':\n"
                    + expected);
        }
        String actual = readme.substring(from, to + END.length());
        if (!actual.equals(expected)) {
            fail("serializer-spi/README.md's JDK types block differs from model.JdkTypes; replace it with:\n"
                    + expected);
        }
    }

    @Test
    void everyContainerHasItsRowAndEveryRowItsContainer() {
        Set<Container> inTable = EnumSet.noneOf(Container.class);
        for (JdkTypes.Supported s : JdkTypes.supported()) {
            if (s.container() != null) {
                inTable.add(s.container());
                for (Class<?> c : s.classes()) {
                    assertEquals(s.container(), Container.of(c), c.getName());
                }
            }
            for (Class<?> c : s.classes()) {
                assertEquals(s, JdkTypes.find(c), c.getName() + " is in one row only");
            }
        }
        assertEquals(EnumSet.allOf(Container.class), inTable);
    }

    /** Declared types the table refuses, each field one refusal. */
    public static final class Refusals {
        private CopyOnWriteArraySet<String> cow;
        private java.sql.Timestamp stamp;
        private StringBuilder text;
        private java.util.WeakHashMap<String, String> weak;
        private java.util.concurrent.atomic.AtomicLongArray counters;
        private List<String>[] generic;
        private Thread other;
    }

    @Test
    void everyRefusedDeclarationGivesTheTableReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TypeRegistry.builder().register(1024, Refusals.class).build());
        String m = e.getMessage();
        List<JdkTypes.Refused> atRegistration = JdkTypes.refused().stream().filter(r -> !r.atEncode()).toList();
        List<String> missing = new ArrayList<>();
        for (JdkTypes.Refused r : atRegistration.subList(0, atRegistration.size() - 1)) {
            if (!m.contains(", " + r.reason())) {
                missing.add(r.what());
            }
        }
        assertEquals(List.of(), missing, m);
        assertTrue(m.contains("Refusals.other has type java.lang.Thread (expected: " + JdkTypes.summary()), m);
        assertTrue(m.contains("Refusals.cow has type java.util.concurrent.CopyOnWriteArraySet<java.lang.String>,"
                + " building one costs time quadratic in its size"), m);
        assertEquals(7, m.lines().count() - 1, m);
    }

    /** A Number, CharSequence, Date and Object[] in the walk, refused at encode with the table's reasons. */
    @Test
    void valuesThatWouldNotDecodeEqualAreRefusedWithTheTableReason() {
        Map<Object, JdkTypes.Refused> refusals = Map.of(
                new AtomicLong(3), JdkTypes.OTHER_NUMBER, new LongAdder(), JdkTypes.OTHER_NUMBER);
        Shape number = new Shape(Kind.NUMBER, Number.class, null, null, null);
        for (Map.Entry<Object, JdkTypes.Refused> r : refusals.entrySet()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ShapeCodec.write(number, r.getKey(), new Discard(), "M.n"));
            assertEquals("M.n holds a " + r.getKey().getClass().getName() + ", " + r.getValue().reason(),
                    e.getMessage());
        }
        Shape text = new Shape(Kind.CHAR_SEQUENCE, CharSequence.class, null, null, null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShapeCodec.write(text, new StringBuilder("x"), new Discard(), "M.t"));
        assertEquals("M.t holds a java.lang.StringBuilder, a CharSequence that is not a String, which would decode as"
                + " a String not equal to it (expected: a String; call toString() first)", e.getMessage());
        Shape date = new Shape(Kind.DATE, java.util.Date.class, null, null, null);
        e = assertThrows(IllegalArgumentException.class,
                () -> ShapeCodec.write(date, new java.sql.Timestamp(1), new Discard(), "M.d"));
        assertEquals("M.d holds a java.sql.Timestamp, a subclass of java.util.Date, which would decode as a plain"
                + " Date without its own state (expected: exactly a java.util.Date; declare an Instant to carry"
                + " nanoseconds)", e.getMessage());
        Shape objects = new Shape(Kind.OBJECT_ARRAY, Object[].class, null,
                new Shape(Kind.POLYMORPHIC, Object.class, null, null, null), null);
        e = assertThrows(IllegalArgumentException.class,
                () -> ShapeCodec.write(objects, new String[] {"a"}, new Discard(), "M.o"));
        assertEquals("M.o holds a java.lang.String[], an array of another class than the declared one, which would"
                + " decode as the declared class (expected: exactly the declared array class)", e.getMessage());
        Shape names = new Shape(Kind.OBJECT_ARRAY, String[].class, null,
                new Shape(Kind.STRING, String.class, null, null, null), null);
        e = assertThrows(IllegalArgumentException.class,
                () -> ShapeCodec.write(names, new String[] {"a", null}, new Discard(), "M.s"));
        assertEquals("M.s holds a null element (expected: none; arrays, like collections, maps and Optional, never"
                + " carry null)", e.getMessage());
        assertTrue(JdkTypes.refused().containsAll(List.of(JdkTypes.OTHER_NUMBER, JdkTypes.OTHER_CHAR_SEQUENCE,
                JdkTypes.DATE_SUBCLASS, JdkTypes.OTHER_ARRAY_CLASS, JdkTypes.NULL_ARRAY_ELEMENT)),
                "every refusal at encode is in the table the README shows");
    }

    /** The refusals at encode the walk made before the new kinds: the table quotes what the code says. */
    @Test
    void theTableQuotesTheEarlierEncodeRefusalsAsTheCodeGivesThem() {
        List<JdkTypes.Refused> rows = JdkTypes.refused();
        List<JdkTypes.Refused> earlier = rows.subList(rows.size() - 6, rows.size());
        Shape string = new Shape(Kind.STRING, String.class, null, null, null);
        Shape collection = new Shape(Kind.LIST, java.util.Collection.class, null, string, Container.LIST);
        Shape sorted = new Shape(Kind.SET, java.util.SortedSet.class, null, string, Container.SORTED_SET);
        Shape set = new Shape(Kind.SET, Set.class, null, string, Container.SET);
        Shape any = new Shape(Kind.POLYMORPHIC, Object.class, null, null, null);
        any.resolve(null, List.of());
        java.util.TreeSet<String> reversed = new java.util.TreeSet<>(java.util.Comparator.reverseOrder());
        reversed.add("a");
        Set<String> twice = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        twice.add(new String("a"));
        twice.add(new String("a"));
        List<String> messages = List.of(
                message(() -> ShapeCodec.write(collection, java.util.Arrays.asList("a", null), new Discard(), "M.c")),
                message(() -> ShapeCodec.write(collection, Set.of("a"), new Discard(), "M.c")),
                message(() -> ShapeCodec.write(sorted, reversed, new Discard(), "M.c")),
                message(() -> ShapeCodec.write(set, twice, new Discard(), "M.c")),
                Utf16.unpairedSurrogate("a\uD800", 1).getMessage(),
                message(() -> any.subtypeOf("M.o", new Discard())));
        for (int i = 0; i < earlier.size(); i++) {
            assertTrue(messages.get(i).contains(earlier.get(i).reason()), earlier.get(i).what() + ": "
                    + messages.get(i));
        }
    }

    private static String message(Runnable encode) {
        return assertThrows(IllegalArgumentException.class, encode::run).getMessage();
    }

    @Test
    void numberTagsNameEveryCarriedClassInOrder() {
        assertEquals("Byte, Short, Integer, Long, Float, Double, BigInteger, BigDecimal", JdkTypes.NUMBER_CLASSES
                .stream().map(Class::getSimpleName).collect(Collectors.joining(", ")),
                "the order is the wire format: append only");
    }

    /** A sink that writes nothing, for encode refusals. */
    private static final class Discard implements WireSink {
        @Override
        public void writeLong(long v) {
        }

        @Override
        public void writeFixed32(int v) {
        }

        @Override
        public void writeFixed64(long v) {
        }

        @Override
        public void writeString(String v) {
        }

        @Override
        public void writeBytes(byte[] v) {
        }

        @Override
        public void writeValue(TypeModel model, Object value) {
        }

        @Override
        public int maxElements() {
            return Integer.MAX_VALUE;
        }
    }
}
