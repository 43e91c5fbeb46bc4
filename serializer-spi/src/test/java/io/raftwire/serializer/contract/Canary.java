package io.raftwire.serializer.contract;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A harmless stand-in for a deserialization gadget: every side effect a gadget chain relies on (readObject,
 * hashCode during a map rebuild, construction) bumps {@link #SIDE_EFFECTS}. A hostile-input test smuggles it into
 * payloads and asserts the counter never moves, which proves no code named by the payload ran.
 */
public final class Canary implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Count of side effects; tests reset and read it. */
    public static final AtomicInteger SIDE_EFFECTS = new AtomicInteger();

    /** Public no-arg constructor, the easiest target for a reflective instantiator. */
    public Canary() {
        SIDE_EFFECTS.incrementAndGet();
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        SIDE_EFFECTS.incrementAndGet();
        in.defaultReadObject();
    }

    @Override
    public int hashCode() {
        SIDE_EFFECTS.incrementAndGet();
        return 1;
    }

    @Override
    public boolean equals(Object o) {
        SIDE_EFFECTS.incrementAndGet();
        return o instanceof Canary;
    }
}
