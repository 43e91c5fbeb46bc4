package io.raftwire.serializer.kryo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import io.raftwire.message.MessageType;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.contract.Payloads;
import io.raftwire.serializer.contract.UserTypes;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Kryo's by-name marker, shown to work against an unprotected Kryo with the same bytes the contract test sends, and
 * shown to reach nothing here: the class resolver refuses before parsing a name, and the serializer's only type slot
 * holds registry ids.
 */
@ExtendWith(LeakDetectionExtension.class)
class KryoClassNamesTest {

    private static final String TRIPWIRE = KryoGadgets.Tripwire.class.getName();

    private final Serializer serializer = new KryoSerializerProvider().create(Fixtures.registry(),
            SerializerOptions.defaults());

    @Test
    void theCraftedBytesInstantiateTheNamedClassInAnUnprotectedKryo() {
        int before = KryoGadgets.Tripwire.TRIPS.get();
        Object gadget = KryoGadgets.unprotected().readClassAndObject(new Input(KryoGadgets.instance(TRIPWIRE)));
        assertInstanceOf(KryoGadgets.Tripwire.class, gadget);
        Object map = KryoGadgets.unprotected().readClassAndObject(new Input(KryoGadgets.hashMapKeyedBy(TRIPWIRE)));
        assertInstanceOf(KryoGadgets.Tripwire.class, ((Map<?, ?>) map).keySet().iterator().next());
        assertTrue(KryoGadgets.Tripwire.TRIPS.get() >= before + 3, "constructor twice, hashCode on map rebuild");
    }

    @Test
    void registrationRequiredAloneStillParsesAndLoadsTheNameFirst() {
        Kryo stock = new Kryo();
        assertTrue(stock.isRegistrationRequired());
        KryoException notFound = assertThrows(KryoException.class,
                () -> stock.readClassAndObject(new Input(KryoGadgets.instance("no.such.Gadget"))));
        assertTrue(notFound.getMessage().contains("Unable to find class: no.such.Gadget"), notFound.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> stock.readClassAndObject(new Input(KryoGadgets.instance(TRIPWIRE))));
    }

    @Test
    void ourKryoRefusesToReadAnyClassBeforeLookingAtTheName() {
        Kryo ours = new KryoSchema(Fixtures.registry(), SerializerOptions.defaults()).newKryo();
        List<byte[]> gadgets = List.of(KryoGadgets.instance(TRIPWIRE), KryoGadgets.hashMapKeyedBy(TRIPWIRE),
                KryoGadgets.hashMapKeyedBy("no.such.Gadget"));
        int before = KryoGadgets.Tripwire.TRIPS.get();
        for (byte[] gadget : gadgets) {
            KryoException e = assertThrows(KryoException.class, () -> ours.readClassAndObject(new Input(gadget)));
            assertTrue(e.getMessage().contains("never read from a raftwire payload"), e.getMessage());
        }
        byte[] registeredId = new Crafted().varint(KryoSchema.KRYO_ID_OFFSET + MessageType.MEMBER_ID.id() + 2)
                .string("m").bytes();
        assertThrows(KryoException.class, () -> ours.readClassAndObject(new Input(registeredId)));
        assertEquals(before, KryoGadgets.Tripwire.TRIPS.get());
    }

    @Test
    void theByNameMarkerInATypeSlotIsReadAsARegistryIdAndRefused() {
        byte[] payload = KryoSerializerTest.concat(KryoGadgets.instance(TRIPWIRE),
                new Crafted().count(0).varint(1).bytes());
        int before = KryoGadgets.Tripwire.TRIPS.get();
        SerializationException e = assertThrows(SerializationException.class,
                () -> Payloads.decodeHeap(serializer, UserTypes.AUDIT_ENTRY_ID, payload));
        assertTrue(e.getMessage().contains("entry holds type 1 (OpenSessionRequest) (expected: a"
                + " registered RaftLogEntry)"), e.getMessage());
        assertEquals(before, KryoGadgets.Tripwire.TRIPS.get());
    }

    @Test
    void payloadsNeverContainAClassName() {
        for (Map.Entry<String, Object> f : Fixtures.named().entrySet()) {
            String text = new String(Payloads.encode(serializer, f.getValue()), StandardCharsets.ISO_8859_1);
            assertFalse(text.contains("io.raftwire") || text.contains(f.getValue().getClass().getSimpleName()),
                    f.getKey());
        }
    }
}
