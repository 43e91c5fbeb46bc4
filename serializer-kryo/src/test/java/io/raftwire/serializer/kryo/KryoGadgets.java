package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Kryo's own by-name encoding of objects, as an unprotected Kryo ({@code registrationRequired = false}) writes them
 * with {@code writeClassAndObject}: byte 0x01 (the by-name marker, {@code NAME + 2}), a name id, the class name in
 * Kryo's ASCII form, then the object. The bytes are produced by Kryo itself for a harmless {@link Tripwire} and then
 * renamed to the target class, so a test can name a gadget (such as the contract's {@code Canary}) without ever
 * constructing one.
 */
final class KryoGadgets {

    private KryoGadgets() {
    }

    /** A stand-in gadget whose constructor, {@code hashCode} and {@code equals} count their calls. */
    public static final class Tripwire {
        /** Calls so far. */
        static final AtomicInteger TRIPS = new AtomicInteger();

        /** The no-arg constructor Kryo's default instantiator calls. */
        public Tripwire() {
            TRIPS.incrementAndGet();
        }

        @Override
        public int hashCode() {
            TRIPS.incrementAndGet();
            return 1;
        }

        @Override
        public boolean equals(Object o) {
            TRIPS.incrementAndGet();
            return o instanceof Tripwire;
        }
    }

    /** A Kryo that accepts any class by name: the configuration the by-name attack needs. */
    static Kryo unprotected() {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(false);
        return kryo;
    }

    /** {@code writeClassAndObject} of an instance of {@code className} (a class with no fields). */
    static byte[] instance(String className) {
        Output out = new Output(256, -1);
        unprotected().writeClassAndObject(out, new Tripwire());
        return rename(out.toBytes(), className);
    }

    /** {@code writeClassAndObject} of {@code HashMap{new <className>() -> 1}}; a rebuild calls the key hashCode. */
    static byte[] hashMapKeyedBy(String className) {
        Map<Object, Integer> map = new HashMap<>();
        map.put(new Tripwire(), 1);
        Output out = new Output(256, -1);
        unprotected().writeClassAndObject(out, map);
        return rename(out.toBytes(), className);
    }

    private static byte[] rename(byte[] bytes, String className) {
        byte[] from = ascii(Tripwire.class.getName());
        byte[] to = ascii(className);
        int at = indexOf(bytes, from);
        if (at < 0) {
            throw new IllegalStateException("kryo did not write the class name of " + Tripwire.class.getName());
        }
        byte[] renamed = new byte[bytes.length - from.length + to.length];
        System.arraycopy(bytes, 0, renamed, 0, at);
        System.arraycopy(to, 0, renamed, at, to.length);
        System.arraycopy(bytes, at + from.length, renamed, at + to.length, bytes.length - at - from.length);
        return renamed;
    }

    /** A class name as Kryo's {@code writeAscii} writes it: the characters, the last one with bit 8 set. */
    private static byte[] ascii(String name) {
        Output out = new Output(256, -1);
        out.writeAscii(name);
        return out.toBytes();
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
