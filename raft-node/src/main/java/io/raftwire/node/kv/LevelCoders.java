package io.raftwire.node.kv;

import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelState;
import io.raftwire.serializer.PayloadDecoder;
import io.raftwire.serializer.PayloadEncoder;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;

import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One serializer's encoders and decoders per feature level, for the bytes an {@link OperationCodec} nests: which
 * level to write at, and the encoder and decoder of each level, built once ({@link Serializer#encoderFor},
 * {@link Serializer#decoderFor}) and kept. A level whose schema is this process's own ({@code registry.schema()})
 * uses the serializer itself. With no {@link LevelState}, or none recorded, everything is the serializer itself and
 * unversioned. Thread-safe.
 */
final class LevelCoders {

    private final Serializer serializer;
    private final LevelState state; // null: none attached
    private final Map<Integer, PayloadEncoder> encoders = new ConcurrentHashMap<>();
    private final Map<Integer, PayloadDecoder> decoders = new ConcurrentHashMap<>();
    /** {@link #writeLevel()} of one history, kept until the state advances (digests cost a SHA-256 each). */
    private volatile WriteLevel written = new WriteLevel(FeatureLevels.NONE, 0);
    private volatile Long ownDigest; // null: not computed yet

    private record WriteLevel(FeatureLevels levels, int level) {
    }

    LevelCoders(Serializer serializer, LevelState state) {
        this.serializer = serializer;
        this.state = state;
    }

    /** The levels as of now; {@link FeatureLevels#NONE} without a state. */
    FeatureLevels levels() {
        return state == null ? FeatureLevels.NONE : state.get();
    }

    /** Whether a level state is attached. */
    boolean attached() {
        return state != null;
    }

    /**
     * The level to write at now: 0 (unversioned) if none is recorded; the highest level whose schema is this
     * process's own if there is one (a client of an older recorded level keeps writing at it); else the current.
     */
    int writeLevel() {
        FeatureLevels l = levels();
        WriteLevel w = written;
        if (w.levels() != l) {
            OptionalInt own = l.currentLevel() == 0 ? OptionalInt.of(0) : l.levelOf(ownDigest());
            w = new WriteLevel(l, own.orElse(l.currentLevel()));
            written = w;
        }
        return w.level();
    }

    /**
     * The encoder of {@code level}; 0 (unversioned) is level 1's when one is recorded, else the serializer itself.
     *
     * @throws SerializationException if the level is not recorded, or this process's types cannot be written at it
     */
    PayloadEncoder encoder(int level) {
        int at = unversioned(level);
        if (at == 0) {
            return serializer::encode;
        }
        PayloadEncoder e = encoders.get(at);
        if (e == null) {
            FeatureLevel l = recorded(at, "encode at");
            try {
                e = l.digest() == ownDigest() ? serializer::encode : serializer.encoderFor(l.schema());
            } catch (IllegalArgumentException | UnsupportedOperationException x) {
                throw new SerializationException(serializer.name() + " cannot write at feature level " + at
                        + " (schema " + Long.toHexString(l.digest()) + "): " + x.getMessage(), x);
            }
            encoders.put(at, e);
        }
        return e;
    }

    /**
     * The decoder of bytes written at {@code level}; 0 (unversioned) is level 1's when one is recorded, else the
     * serializer itself.
     *
     * @throws SerializationException if the level is not recorded, or this process's types cannot read it
     */
    PayloadDecoder decoder(int level) {
        int at = unversioned(level);
        if (at == 0) {
            return serializer::decode;
        }
        PayloadDecoder d = decoders.get(at);
        if (d == null) {
            FeatureLevel l = recorded(at, "decode");
            try {
                d = l.digest() == ownDigest() ? serializer::decode : serializer.decoderFor(l.schema());
            } catch (IllegalArgumentException | UnsupportedOperationException x) {
                throw new SerializationException(serializer.name() + " cannot read feature level " + at
                        + " (schema " + Long.toHexString(l.digest()) + "): " + x.getMessage(), x);
            }
            decoders.put(at, d);
        }
        return d;
    }

    /** {@code level}, or for 0 (unversioned) level 1 when one is recorded. */
    private int unversioned(int level) {
        return level != 0 || levels().currentLevel() == 0 ? level : 1;
    }

    private FeatureLevel recorded(int level, String verb) {
        FeatureLevels l = levels();
        return l.level(level).orElseThrow(() -> new SerializationException("cannot " + verb + " feature level "
                + level + ": " + (l.currentLevel() == 0 ? "no feature level is recorded here"
                : "the highest recorded here is " + l.currentLevel())));
    }

    private long ownDigest() {
        Long d = ownDigest;
        if (d == null) {
            d = serializer.registry().schema().digest();
            ownDigest = d;
        }
        return d;
    }
}
