package io.raftwire.node.level;

import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.SchemaCodec;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Every feature level a cluster has recorded, in order: level 1 first. Immutable and thread-safe; {@link #raisedTo}
 * returns a new history. {@link #NONE} is a cluster that has recorded none yet (every cluster before its first
 * level, and every 0.1.0 cluster).
 *
 * <p><b>Bytes</b> ({@link #toBytes}, read by {@link #fromBytes}; kept in {@code level.state}, in snapshots and in the
 * level operations): the version byte {@code 01}, a big-endian {@code u16} level count (at most
 * {@value #MAX_LEVELS}), then per level, from level 1 up, a big-endian {@code u32} byte length (at most
 * {@value #MAX_SCHEMA_BYTES}) and that many bytes of {@link SchemaCodec}. The level numbers are the positions.
 */
public final class FeatureLevels {

    /** The version byte this class writes and the only one it reads. */
    public static final int VERSION = 1;
    /** The most levels a history holds. */
    public static final int MAX_LEVELS = 1024;
    /** The longest schema encoding accepted, in bytes: 1 MiB, as the handshake's schema frame. */
    public static final int MAX_SCHEMA_BYTES = 1 << 20;

    /** No level recorded. */
    public static final FeatureLevels NONE = new FeatureLevels(List.of());

    private final List<FeatureLevel> levels;

    private FeatureLevels(List<FeatureLevel> levels) {
        this.levels = List.copyOf(levels);
    }

    /** The levels, level 1 first; empty for {@link #NONE}. */
    public List<FeatureLevel> levels() {
        return levels;
    }

    /** The highest recorded level, or empty if none is. */
    public Optional<FeatureLevel> current() {
        return levels.isEmpty() ? Optional.empty() : Optional.of(levels.get(levels.size() - 1));
    }

    /** The number of the highest recorded level, or 0 if none is. */
    public int currentLevel() {
        return levels.size();
    }

    /** Level {@code level}, or empty if it is not recorded (below 1 or above {@link #currentLevel()}). */
    public Optional<FeatureLevel> level(int level) {
        return level < 1 || level > levels.size() ? Optional.empty() : Optional.of(levels.get(level - 1));
    }

    /**
     * The highest level whose schema has this digest, or empty if none has. Two levels have the same schema only
     * after a change was rolled back by a later level.
     */
    public OptionalInt levelOf(long digest) {
        for (int i = levels.size() - 1; i >= 0; i--) {
            if (levels.get(i).digest() == digest) {
                return OptionalInt.of(i + 1);
            }
        }
        return OptionalInt.empty();
    }

    /**
     * This history with {@code next} recorded.
     *
     * @throws IllegalArgumentException if {@code next} is not the level after {@link #currentLevel()}, or the history
     *                                  is full
     */
    public FeatureLevels raisedTo(FeatureLevel next) {
        Objects.requireNonNull(next, "next");
        if (next.level() != levels.size() + 1) {
            throw new IllegalArgumentException("feature level " + next.level() + " after level " + levels.size()
                    + " (expected: level " + (levels.size() + 1) + ")");
        }
        if (levels.size() == MAX_LEVELS) {
            throw new IllegalArgumentException("feature level " + next.level() + " (expected: at most "
                    + MAX_LEVELS + " levels)");
        }
        List<FeatureLevel> more = new ArrayList<>(levels);
        more.add(next);
        return new FeatureLevels(more);
    }

    /** The bytes of this history (see the class comment). */
    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            out.writeShort(levels.size());
            for (FeatureLevel l : levels) {
                byte[] schema = SchemaCodec.write(l.schema());
                out.writeInt(schema.length);
                out.write(schema);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * Reads a history from its bytes.
     *
     * @throws IllegalArgumentException naming the offset and what was expected, for any other version, a count or
     *                                  length out of range, bytes that end early or are left over, or a schema
     *                                  {@link SchemaCodec#read} refuses
     */
    public static FeatureLevels fromBytes(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            int version = in.get() & 0xff;
            if (version != VERSION) {
                throw new IllegalArgumentException("feature levels version " + version + " at offset 0 (expected: "
                        + VERSION + ")");
            }
            int count = in.getShort() & 0xffff;
            if (count > MAX_LEVELS) {
                throw new IllegalArgumentException("feature level count " + count + " at offset 1 (expected: at most "
                        + MAX_LEVELS + ")");
            }
            List<FeatureLevel> levels = new ArrayList<>(count);
            for (int i = 1; i <= count; i++) {
                int at = in.position();
                int length = in.getInt();
                if (length < 0 || length > MAX_SCHEMA_BYTES || length > in.remaining()) {
                    throw new IllegalArgumentException("schema length " + Integer.toUnsignedString(length)
                            + " of feature level " + i + " at offset " + at + " (expected: 0.."
                            + Math.min(MAX_SCHEMA_BYTES, in.remaining()) + ")");
                }
                byte[] schema = new byte[length];
                in.get(schema);
                Schema s;
                try {
                    s = SchemaCodec.read(schema);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("schema of feature level " + i + " at offset " + (at + 4)
                            + ": " + e.getMessage(), e);
                }
                levels.add(new FeatureLevel(i, s));
            }
            if (in.hasRemaining()) {
                throw new IllegalArgumentException(in.remaining() + " bytes left after " + count
                        + " feature levels (expected: none)");
            }
            return new FeatureLevels(levels);
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("feature levels end at offset " + bytes.length
                    + " (expected: more bytes)", e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FeatureLevels f && f.levels.equals(levels);
    }

    @Override
    public int hashCode() {
        return levels.hashCode();
    }

    @Override
    public String toString() {
        return levels.isEmpty() ? "no feature level" : "feature level " + levels.size() + " (schema "
                + Long.toHexString(levels.get(levels.size() - 1).digest()) + ")";
    }
}
