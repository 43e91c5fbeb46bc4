package io.raftwire.serializer.contract;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Seeded mutations of valid payloads: bit flips, byte overwrites, truncation, insertion, deletion, duplication, and
 * splices of large length-like values (varints and big-endian ints), the edits that reach length checks.
 */
public final class Mutator {

    private static final byte[][] LENGTHS = {
        {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07},
        {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F},
        {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08},
        {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
            (byte) 0xFF, 0x01},
        {0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF},
        {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF},
        {0x00, 0x10, 0x00, 0x00},
        {(byte) 0x7F, (byte) 0xFF},
    };

    private final SplittableRandom random;

    /** @param seed the seed; print it with any failure */
    public Mutator(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** One mutated copy of {@code valid}; the input is not modified. */
    public byte[] mutate(byte[] valid) {
        byte[] b = valid.clone();
        int edits = 1 + random.nextInt(3);
        for (int i = 0; i < edits; i++) {
            b = edit(b);
        }
        return b;
    }

    private byte[] edit(byte[] b) {
        if (b.length == 0) {
            return new byte[] {(byte) random.nextInt(256)};
        }
        int pos = random.nextInt(b.length);
        switch (random.nextInt(8)) {
            case 0:
                b[pos] ^= (byte) (1 << random.nextInt(8));
                return b;
            case 1:
                b[pos] = (byte) random.nextInt(256);
                return b;
            case 2:
                return Arrays.copyOf(b, pos);
            case 3:
                return splice(b, pos, 0, randomBytes(1 + random.nextInt(4)));
            case 4:
                return splice(b, pos, Math.min(b.length - pos, 1 + random.nextInt(8)), new byte[0]);
            case 5:
                int len = Math.min(b.length - pos, 1 + random.nextInt(16));
                return splice(b, pos, 0, Arrays.copyOfRange(b, pos, pos + len));
            default:
                byte[] length = LENGTHS[random.nextInt(LENGTHS.length)];
                boolean overwrite = random.nextBoolean();
                return splice(b, pos, overwrite ? Math.min(b.length - pos, length.length) : 0, length);
        }
    }

    private byte[] randomBytes(int n) {
        byte[] r = new byte[n];
        for (int i = 0; i < n; i++) {
            r[i] = (byte) random.nextInt(256);
        }
        return r;
    }

    private static byte[] splice(byte[] b, int pos, int remove, byte[] insert) {
        byte[] out = new byte[b.length - remove + insert.length];
        System.arraycopy(b, 0, out, 0, pos);
        System.arraycopy(insert, 0, out, pos, insert.length);
        System.arraycopy(b, pos + remove, out, pos + insert.length, b.length - pos - remove);
        return out;
    }
}
