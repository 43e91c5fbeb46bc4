package io.raftwire.serializer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.serializer.TypeRegistry;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The layout of every JDK shape added for models moving from Kryo, pinned as {@link WireSink} tokens (the provider
 * independent part; each provider's bytes are pinned by its golden files), and the refusals of payloads that hold no
 * valid value, with their messages.
 */
@Timeout(30)
class JdkShapesTest {

    /** Constant order is the wire format. */
    public enum Color {
        /** 0. */
        RED,
        /** 1. */
        GREEN,
        /** 2. */
        BLUE
    }

    /** One component per new shape. */
    public record Holder(Number number, Date date, String[] names, long[][] matrix, EnumSet<Color> colors,
            EnumMap<Color, Long> weights, AtomicInteger retries, AtomicBoolean open, CharSequence text,
            CopyOnWriteArrayList<String> listeners, ConcurrentMap<String, Integer> counts, Number[] numbers) {
    }

    private final TypeModel model = TypeRegistry.builder().register(1024, Holder.class).build().find(Holder.class);

    private Shape shape(String component) {
        return model.components().stream().filter(c -> c.name().equals(component)).findFirst().orElseThrow()
                .shape();
    }

    private static List<Object> write(Shape shape, Object value) {
        Tokens out = new Tokens(List.of());
        ShapeCodec.write(shape, value, out, "Holder.x");
        return out.written;
    }

    private static Object read(Shape shape, Object... tokens) {
        Tokens in = new Tokens(List.of(tokens));
        Object value = ShapeCodec.read(shape, in, "Holder.x");
        assertEquals(tokens.length, in.next, "every token read");
        return value;
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyNewShapeHasTheDocumentedLayoutAndReadsBackEqual() {
        assertEquals(List.of(3L, 7L), write(shape("number"), 7), "tag 3 Integer, then the int");
        assertEquals(List.of(8L, "bytes[04d2]", 2L),
                write(shape("number"), new BigDecimal("12.34")), "tag 8 BigDecimal, unscaled bytes, scale");
        assertEquals(List.of(0L), write(shape("number"), null));
        assertEquals(List.of(1L, 1_764_000_000_123L), write(shape("date"), new Date(1_764_000_000_123L)));
        assertEquals(List.of(3L, "a", "b"), write(shape("names"), new String[] {"a", "b"}));
        assertEquals(List.of(3L, 1L, 9L, 0L), write(shape("matrix"), new long[][] {{9}, {}}),
                "count + 1, then each long[] as its count and elements");
        assertEquals(List.of(3L, 0L, 2L), write(shape("colors"), EnumSet.of(Color.BLUE, Color.RED)),
                "ordinal order");
        assertEquals(List.of(1L), write(shape("colors"), EnumSet.noneOf(Color.class)));
        assertEquals(List.of(2L, 1L, 5L), write(shape("weights"), new EnumMap<>(java.util.Map.of(Color.GREEN, 5L))));
        assertEquals(List.of(1L, -4L), write(shape("retries"), new AtomicInteger(-4)));
        assertEquals(List.of(1L, 1L), write(shape("open"), new AtomicBoolean(true)));
        assertEquals(List.of(1L, "t"), write(shape("text"), "t"));
        assertEquals(List.of(3L, 4L, 7L, 1L, 1L), write(shape("numbers"), new Number[] {7L, (byte) 1}),
                "each element its tag and body");

        assertEquals(new BigDecimal("12.34"), read(shape("number"), 8L, "bytes[04d2]", 2L));
        Object colors = read(shape("colors"), 1L);
        assertEquals(EnumSet.allOf(Color.class), EnumSet.complementOf((EnumSet<Color>) colors),
                "an empty EnumSet of the declared type");
        assertSame(CopyOnWriteArrayList.class, read(shape("listeners"), 2L, "l").getClass());
        assertSame(java.util.concurrent.ConcurrentHashMap.class, read(shape("counts"), 2L, "k", 1L).getClass());
        assertSame(Number[].class, read(shape("numbers"), 1L).getClass());
        assertEquals(2, ((AtomicInteger) read(shape("retries"), 1L, 2L)).get());
        assertEquals("[[1, 2], []]", java.util.Arrays.deepToString((long[][]) read(shape("matrix"), 3L, 2L, 1L, 2L,
                0L)));
    }

    @Test
    void payloadsHoldingNoValidValueAreRefusedNamingThePlace() {
        assertRefused(shape("number"), "Holder.x number tag = 9 (expected: 1..8, naming one of [Byte, Short,"
                + " Integer, Long, Float, Double, BigInteger, BigDecimal])", 9L);
        assertRefused(shape("numbers"), "Holder.x number tag = 0 (expected: 1..8", 2L, 0L);
        assertRefused(shape("retries"), "Holder.x = 2147483648 (expected: -2147483648..2147483647)", 1L,
                2_147_483_648L);
        assertRefused(shape("open"), "Holder.x = 2 (expected: 0 or 1)", 1L, 2L);
        assertRefused(shape("date"), "Holder.x presence = 3 (expected: 0 or 1)", 3L);
        assertRefused(shape("colors"), "Holder.x", 2L, 3L);
        assertRefused(shape("colors"), "Holder.x", 3L, 1L, 1L);
        assertRefused(shape("names"), "Holder.x count = 5 (expected: 0..2", 6L, "a", "b");
    }

    private static void assertRefused(Shape shape, String message, Object... tokens) {
        MalformedPayloadException e = assertThrows(MalformedPayloadException.class, () -> read(shape, tokens));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    /** A token list both ways: bytes as {@code bytes[hex]}; no registered values (none of the shapes holds one). */
    private static final class Tokens implements WireSink, WireSource {
        final List<Object> written = new ArrayList<>();
        final List<Object> toRead;
        int next;

        Tokens(List<Object> toRead) {
            this.toRead = toRead;
        }

        @Override
        public void writeLong(long v) {
            written.add(v);
        }

        @Override
        public void writeFixed32(int bits) {
            written.add(bits);
        }

        @Override
        public void writeFixed64(long bits) {
            written.add(bits);
        }

        @Override
        public void writeString(String v) {
            written.add(v);
        }

        @Override
        public void writeBytes(byte[] v) {
            written.add("bytes[" + java.util.HexFormat.of().formatHex(v) + "]");
        }

        @Override
        public void writeValue(TypeModel m, Object value) {
            throw new UnsupportedOperationException();
        }

        private Object take() {
            if (next == toRead.size()) {
                throw new MalformedPayloadException("no token left");
            }
            return toRead.get(next++);
        }

        @Override
        public long readLong() {
            return (Long) take();
        }

        @Override
        public int readFixed32() {
            return (Integer) take();
        }

        @Override
        public long readFixed64() {
            return (Long) take();
        }

        @Override
        public String readString() {
            return (String) take();
        }

        @Override
        public byte[] readBytes() {
            String t = (String) take();
            return java.util.HexFormat.of().parseHex(t.substring("bytes[".length(), t.length() - 1));
        }

        @Override
        public Object readValue(TypeModel m) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int remaining() {
            return toRead.size() - next;
        }

        @Override
        public int maxElements() {
            return Integer.MAX_VALUE;
        }
    }
}
