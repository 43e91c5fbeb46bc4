package io.raftwire.bench.shapes;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.TypeRegistry;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The hand-written codec of {@link OrderBean} and {@link OrderRecord}: the practical limit the providers' walked
 * shapes are measured against. Zig-zag varints, length-prefixed UTF-8 and arrays, fixed 64-bit doubles and UUID
 * halves, straight into the buffer; the record through its constructor, the bean through its fields. No null
 * handling beyond what the samples need (the note is optional, nothing else is null) and no hostile-input checks
 * beyond Netty's bounds: it is a speed limit, not a provider, and {@link #id()} is 0.
 *
 * <p>Stateless and thread-safe.
 */
public final class HandwrittenShapesCodec implements Serializer {

    /** The name used by the benchmarks. */
    public static final String NAME = "handwritten";

    @Override
    public String name() {
        return NAME;
    }

    /** Returns 0: not a provider. */
    @Override
    public int id() {
        return 0;
    }

    @Override
    public TypeRegistry registry() {
        return ShapeSamples.registry();
    }

    @Override
    public long fingerprint() {
        return ShapeSamples.registry().fingerprint() * 31 + NAME.hashCode();
    }

    @Override
    public int encode(Object value, ByteBuf out) {
        int start = out.writerIndex();
        if (value instanceof OrderBean b) {
            write(out, b.id, b.placedAt, b.amount, b.customer, b.quantities, b.lineIds, b.note, b.prices, b.status);
        } else if (value instanceof OrderRecord r) {
            write(out, r.id(), r.placedAt(), r.amount(), r.customer(), r.quantities(), r.lineIds(), r.note(),
                    r.prices(), r.status());
        } else {
            throw new SerializationException(NAME, "encode", String.valueOf(value), -1, -1, "not an order", null);
        }
        return out.writerIndex() - start;
    }

    @Override
    public Object decode(int typeId, ByteBuf in) {
        long id = readVarLong(in);
        Instant placedAt = Instant.ofEpochSecond(readVarLong(in), (int) readVarLong(in));
        byte[] unscaled = new byte[(int) readVarLong(in)];
        in.readBytes(unscaled);
        BigDecimal amount = new BigDecimal(new BigInteger(unscaled), (int) readVarLong(in));
        UUID customer = new UUID(in.readLong(), in.readLong());
        int n = (int) readVarLong(in);
        Map<String, Integer> quantities = typeId == ShapeSamples.BEAN_ID ? new HashMap<>() : new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            String key = readString(in);
            quantities.put(key, (int) readVarLong(in));
        }
        n = (int) readVarLong(in);
        ArrayList<Long> lineIds = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            lineIds.add(readVarLong(in));
        }
        Optional<String> note = in.readBoolean() ? Optional.of(readString(in)) : Optional.empty();
        double[] prices = new double[(int) readVarLong(in)];
        for (int i = 0; i < prices.length; i++) {
            prices[i] = in.readDouble();
        }
        Status status = Status.values()[(int) readVarLong(in)];
        if (typeId == ShapeSamples.RECORD_ID) {
            return new OrderRecord(id, placedAt, amount, customer, Collections.unmodifiableMap(quantities),
                    Collections.unmodifiableList(lineIds), note, prices, status);
        }
        OrderBean b = new OrderBean();
        b.id = id;
        b.placedAt = placedAt;
        b.amount = amount;
        b.customer = customer;
        b.quantities = (HashMap<String, Integer>) quantities;
        b.lineIds = lineIds;
        b.note = note;
        b.prices = prices;
        b.status = status;
        return b;
    }

    private static void write(ByteBuf out, long id, Instant placedAt, BigDecimal amount, UUID customer,
            Map<String, Integer> quantities, List<Long> lineIds, Optional<String> note, double[] prices,
            Status status) {
        writeVarLong(out, id);
        writeVarLong(out, placedAt.getEpochSecond());
        writeVarLong(out, placedAt.getNano());
        byte[] unscaled = amount.unscaledValue().toByteArray();
        writeVarLong(out, unscaled.length);
        out.writeBytes(unscaled);
        writeVarLong(out, amount.scale());
        out.writeLong(customer.getMostSignificantBits());
        out.writeLong(customer.getLeastSignificantBits());
        writeVarLong(out, quantities.size());
        for (Map.Entry<String, Integer> e : quantities.entrySet()) {
            writeString(out, e.getKey());
            writeVarLong(out, e.getValue());
        }
        writeVarLong(out, lineIds.size());
        for (int i = 0, n = lineIds.size(); i < n; i++) {
            writeVarLong(out, lineIds.get(i));
        }
        out.writeBoolean(note.isPresent());
        if (note.isPresent()) {
            writeString(out, note.get());
        }
        writeVarLong(out, prices.length);
        for (double p : prices) {
            out.writeDouble(p);
        }
        writeVarLong(out, status.ordinal());
    }

    private static void writeString(ByteBuf out, String s) {
        int lengthAt = out.writerIndex();
        out.writeByte(0);
        int written = out.writeCharSequence(s, StandardCharsets.UTF_8);
        if (written > 127) {
            throw new IllegalArgumentException("sample strings are short");
        }
        out.setByte(lengthAt, written);
    }

    private static String readString(ByteBuf in) {
        int n = in.readUnsignedByte();
        return in.readCharSequence(n, StandardCharsets.UTF_8).toString();
    }

    private static void writeVarLong(ByteBuf out, long value) {
        long v = (value << 1) ^ (value >> 63);
        while ((v & ~0x7FL) != 0) {
            out.writeByte((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.writeByte((int) v);
    }

    private static long readVarLong(ByteBuf in) {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = in.readByte();
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return (v >>> 1) ^ -(v & 1);
            }
        }
        throw new IllegalArgumentException("varint longer than 10 bytes");
    }
}
