package io.raftwire.serializer.fory;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.fory.Fory;
import org.apache.fory.logging.LoggerFactory;
import org.apache.fory.config.CompatibleMode;
import org.objenesis.ObjenesisStd;

/**
 * Payloads that an unprotected Fory (class registration not required) writes for objects of classes raftwire never
 * registered: the class travels by name, and such a Fory instantiates whatever the bytes name. They are what a hostile
 * peer would send to a node that let Fory read type information from the wire. The instances are made through
 * Objenesis, so building a gadget runs none of the named class's code.
 */
final class ForyGadgets {

    /** A class whose construction is counted, for showing what an unprotected Fory does with the gadgets. */
    public static final class Tripwire {
        static final AtomicInteger TRIPS = new AtomicInteger();

        public Tripwire() {
            TRIPS.incrementAndGet();
        }
    }

    private ForyGadgets() {
    }

    /**
     * A Fory that resolves any class named in a payload: this provider's configuration but for registration, which
     * it does not require.
     */
    static Fory unprotected() {
        return Fory.builder().withXlang(false).requireClassRegistration(false).withRefTracking(false)
                .withCompatibleMode(CompatibleMode.SCHEMA_CONSISTENT).withCodegen(false)
                .suppressClassRegistrationWarnings(true).build();
    }

    /** A complete Fory payload (header, type info by name, fields) of an instance of {@code type}. */
    static byte[] instance(Class<?> type) {
        return attackerBytes(new ObjenesisStd().newInstance(type));
    }

    /** A complete Fory payload of a {@code HashMap} whose one value is an instance of {@code type}. */
    static byte[] mapHolding(Class<?> type) {
        Map<Object, Object> map = new HashMap<>();
        map.put("k", new ObjenesisStd().newInstance(type));
        return attackerBytes(map);
    }

    /** A complete Fory payload of a list holding an instance of {@code type}. */
    static byte[] listHolding(Class<?> type) {
        return attackerBytes(new java.util.ArrayList<>(List.of(new ObjenesisStd().newInstance(type))));
    }

    /**
     * The unprotected Fory's payload of {@code value}, written with Fory's own logging off: this is the attacker's side,
     * and its expected warnings (a gadget class "uses custom JDK serialization") would only hide real ones in the
     * build's output. The provider under test logs as usual.
     */
    private static byte[] attackerBytes(Object value) {
        boolean wasDisabled = LoggerFactory.isLoggingDisabled();
        LoggerFactory.disableLogging();
        try {
            return unprotected().serialize(value);
        } finally {
            if (!wasDisabled) {
                LoggerFactory.enableLogging();
            }
        }
    }
}
