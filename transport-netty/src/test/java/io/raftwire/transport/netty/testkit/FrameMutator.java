package io.raftwire.transport.netty.testkit;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded mutations of valid frames (length prefix included), for fuzzing the inbound pipeline: bit flips, interesting
 * bytes and ints, truncation, extension, splices of two frames, length-field edits, deletions and duplications. Half
 * of the mutated frames get their length field fixed afterwards, so that the damage reaches the header and payload
 * checks instead of stopping at framing. Not thread-safe (one random per instance).
 */
public final class FrameMutator {

    private static final int[] INTERESTING_INTS = {0, -1, 1, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x7FFFFFF8,
            0xFFFF, 0x10000, 127, 128, 255, 256};
    private static final byte[] INTERESTING_BYTES = {0, -1, 0x7F, (byte) 0x80, 1, 0x40};

    private final SplittableRandom random;

    /**
     * @param random the source of every choice
     */
    public FrameMutator(SplittableRandom random) {
        this.random = random;
    }

    /**
     * Mutates one of {@code frames} 1..4 times.
     *
     * @param frames valid frames to start from (not modified)
     * @return new bytes
     */
    public byte[] mutate(List<byte[]> frames) {
        byte[] b = frames.get(random.nextInt(frames.size())).clone();
        int rounds = 1 + random.nextInt(4);
        for (int i = 0; i < rounds; i++) {
            b = once(b, frames);
        }
        if (random.nextBoolean() && b.length >= 4) {
            setInt(b, 0, b.length - 4);
        }
        return b;
    }

    private byte[] once(byte[] b, List<byte[]> frames) {
        if (b.length == 0) {
            return new byte[] {(byte) random.nextInt(256)};
        }
        switch (random.nextInt(9)) {
            case 0 -> {
                for (int i = 1 + random.nextInt(8); i > 0; i--) {
                    int bit = random.nextInt(b.length * 8);
                    b[bit / 8] ^= (byte) (1 << (bit % 8));
                }
                return b;
            }
            case 1 -> {
                b[random.nextInt(b.length)] = INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)];
                return b;
            }
            case 2 -> {
                if (b.length >= 4) {
                    int at = random.nextInt(b.length - 3);
                    int v = random.nextInt(4) == 0 ? b.length - at + random.nextInt(-2, 3)
                            : INTERESTING_INTS[random.nextInt(INTERESTING_INTS.length)];
                    setInt(b, at, v);
                }
                return b;
            }
            case 3 -> {
                return java.util.Arrays.copyOf(b, random.nextInt(b.length));
            }
            case 4 -> {
                byte[] longer = java.util.Arrays.copyOf(b, b.length + 1 + random.nextInt(64));
                for (int i = b.length; i < longer.length; i++) {
                    longer[i] = (byte) random.nextInt(256);
                }
                return longer;
            }
            case 5 -> {
                byte[] other = frames.get(random.nextInt(frames.size()));
                int cut = random.nextInt(b.length + 1);
                int from = random.nextInt(other.length + 1);
                byte[] spliced = java.util.Arrays.copyOf(b, cut + other.length - from);
                System.arraycopy(other, from, spliced, cut, other.length - from);
                return spliced;
            }
            case 6 -> {
                if (b.length >= 4) {
                    setInt(b, 0, b.length - 4 + random.nextInt(-8, 9));
                }
                return b;
            }
            case 7 -> {
                int from = random.nextInt(b.length);
                int to = from + random.nextInt(Math.min(16, b.length - from) + 1);
                byte[] shorter = new byte[b.length - (to - from)];
                System.arraycopy(b, 0, shorter, 0, from);
                System.arraycopy(b, to, shorter, from, b.length - to);
                return shorter;
            }
            default -> {
                int from = random.nextInt(b.length);
                int len = random.nextInt(Math.min(16, b.length - from) + 1);
                byte[] longer = new byte[b.length + len];
                System.arraycopy(b, 0, longer, 0, from + len);
                System.arraycopy(b, from, longer, from + len, b.length - from);
                return longer;
            }
        }
    }

    private static void setInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }
}
