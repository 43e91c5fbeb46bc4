package io.raftwire.serializer.fory;

import static io.raftwire.serializer.fory.Crafted.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

import org.apache.fory.Fory;
import org.apache.fory.exception.InsecureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Fory's by-name type info, shown to instantiate the named class in an unprotected Fory with the same bytes the
 * contract test sends, and shown to reach nothing here: this provider's Fory refuses unregistered classes, and the
 * serializer never lets Fory read type info at all (its only type slot holds registry ids).
 */
@ExtendWith(LeakDetectionExtension.class)
class ForyClassNamesTest {

    private static final Class<?> TRIPWIRE = ForyGadgets.Tripwire.class;

    private final Serializer serializer = new ForySerializerProvider().create(Fixtures.registry(),
            SerializerOptions.defaults());

    @Test
    void theGadgetBytesNameAClassThatAnUnprotectedForyBuilds() {
        byte[] gadget = ForyGadgets.instance(TRIPWIRE);
        Object built = ForyGadgets.unprotected().deserialize(gadget);
        assertInstanceOf(TRIPWIRE, built);
        Object map = ForyGadgets.unprotected().deserialize(ForyGadgets.mapHolding(TRIPWIRE));
        assertInstanceOf(TRIPWIRE, ((Map<?, ?>) map).get("k"));
    }

    @Test
    void thisProvidersForyRefusesAnUnregisteredClassThroughItsOwnReaderAfterParsingTheName() {
        Fory ours = new ForySchema(Fixtures.registry(), SerializerOptions.defaults()).newFory(new Scratch(256, 256))
                .fory();
        int before = ForyGadgets.Tripwire.TRIPS.get();
        for (byte[] gadget : List.of(ForyGadgets.instance(TRIPWIRE), ForyGadgets.mapHolding(TRIPWIRE),
                ForyGadgets.listHolding(TRIPWIRE))) {
            InsecureException e = assertThrows(InsecureException.class, () -> ours.deserialize(gadget));
            // refused by name before loading; but the name was parsed from the payload first, and Fory 1.6 admits
            // the JDK classes of its DefaultJdkClassAllowList unregistered: why Fory never reads type info here
            assertEquals("Class " + TRIPWIRE.getName() + " is not registered.", e.getMessage());
        }
        assertEquals(before, ForyGadgets.Tripwire.TRIPS.get());
    }

    @Test
    void aGadgetInATypeSlotIsReadAsARegistryIdAndRefused() {
        byte[] payload = concat(ForyGadgets.instance(TRIPWIRE), new Crafted().count(0).varint(1).bytes());
        int before = ForyGadgets.Tripwire.TRIPS.get();
        SerializationException e = assertThrows(SerializationException.class,
                () -> Payloads.decodeHeap(serializer, UserTypes.AUDIT_ENTRY_ID, payload));
        assertTrue(e.getMessage().contains("fory") && e.getMessage().contains("AuditEntry"), e.getMessage());
        assertTrue(e.getMessage().contains("(expected: "), e.getMessage());
        assertEquals(before, ForyGadgets.Tripwire.TRIPS.get());
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
