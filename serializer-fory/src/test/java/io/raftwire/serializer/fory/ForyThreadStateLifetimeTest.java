package io.raftwire.serializer.fory;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.testkit.Collected;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A serializer's per-thread Fory state lives while its serializer does and goes with it, even on a thread that goes on
 * living (the thread that builds nodes): the chaos suite's long profile ran out of heap when every dropped fory
 * serializer left its state on the test thread.
 */
@Timeout(60)
class ForyThreadStateLifetimeTest {

    @Test
    void aDroppedSerializersStateOnALivingThreadIsCollected() throws Exception {
        Collected state = Collected.watch(ForyThreadStateLifetimeTest::stateOfADroppedSerializer);
        assertTrue(state.await(), "the state of a serializer nobody holds is still reachable after "
                + Collected.ATTEMPTS + " collections (expected: collected with its serializer, though its thread"
                + " lives on)");
    }

    @Test
    void aLiveSerializerKeepsOneStatePerThreadAcrossCollections() {
        ForySerializer s = (ForySerializer) Serializers.create("fory", Fixtures.registry(),
                SerializerOptions.defaults());
        ForyThreadState first = s.threadState();
        System.gc();
        assertSame(first, s.threadState(), "the same thread's state, kept while its serializer lives");
    }

    private static ForyThreadState stateOfADroppedSerializer() {
        Serializer s = Serializers.create("fory", Fixtures.registry(), SerializerOptions.defaults());
        ForyThreadState state = ((ForySerializer) s).threadState();
        assertNotNull(state);
        return state;
    }
}
