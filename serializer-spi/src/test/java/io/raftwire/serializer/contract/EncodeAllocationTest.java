package io.raftwire.serializer.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.TypeRegistry;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * {@link EncodeAllocation} catches the smallest garbage a provider could make, even when an average over the encodes
 * would round it away, and passes an encoder that allocates nothing.
 */
@Tag(EncodeAllocation.NEEDS_C2)
class EncodeAllocationTest {

    /** Where the fake encoder puts what it allocates, so that escape analysis cannot remove the allocation. */
    static volatile Object sink;

    /** Writes one int per encode, and allocates one 16-byte object every {@code every} encodes (never if 0). */
    private static Serializer encoder(int every) {
        return new Serializer() {
            private int count;

            @Override
            public String name() {
                return "fake";
            }

            @Override
            public int id() {
                return 99;
            }

            @Override
            public TypeRegistry registry() {
                return TypeRegistry.catalog();
            }

            @Override
            public long fingerprint() {
                return 0;
            }

            @Override
            public int encode(Object value, ByteBuf out) {
                if (every > 0 && ++count % every == 0) {
                    sink = new Object();
                }
                out.writeInt(value.hashCode());
                return 4;
            }

            @Override
            public Object decode(int typeId, ByteBuf payload) {
                throw new UnsupportedOperationException("encode only");
            }
        };
    }

    @Test
    void anEncoderThatAllocatesNothingPasses() {
        EncodeAllocation.assertNoGarbage("fake", "generated", encoder(0), Map.of("a", "a", "b", 7));
    }

    @Test
    void oneSmallObjectEverySeventeenEncodesFailsAndIsNamed() {
        assumeTrue(AllocationMeter.supported(), "per-thread allocation counting (HotSpot)");
        // 16 B / 17 encodes is below one byte per encode: the average the old checks took rounded it to 0
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> EncodeAllocation.assertNoGarbage("fake", "walk", encoder(17), Map.of("someType", "x")));
        assertTrue(e.getMessage().startsWith("steady-state encode allocated (expected: 0 B for every type of 1):\n"
                + "  fake walk someType: ["), e.getMessage());
        assertTrue(e.getMessage().contains("B over 2000 encodes in each of 10 attempts"), e.getMessage());
        List<Long> attempts = EncodeAllocation.measureEach(encoder(17), Map.of("someType", "x")).get("someType");
        assertEquals(EncodeAllocation.ATTEMPTS, attempts.size());
        for (long bytes : attempts) {
            assertTrue(bytes >= 16L * (EncodeAllocation.ENCODES / 17), "bytes of one attempt: " + attempts);
        }
    }
}
