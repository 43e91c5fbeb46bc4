package io.raftwire.transport.netty;

import io.netty.util.internal.PlatformDependent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Says once per JVM, at INFO, that Netty reads and writes direct buffers without {@code sun.misc.Unsafe} on Java 24 or
 * later. Netty 4.2 turns {@code Unsafe} off by default on Java 25 unless the JVM runs with
 * {@code --sun-misc-unsafe-memory-access=allow}; every buffer access then goes through a {@code ByteBuffer}.
 * That costs CPU on every direct-buffer read and write (the raftwire-cli README says how much was measured). The {@code raftwire} launcher passes the option; a JVM of the user's own needs it on its command line.
 * Not a warning: everything works, slower. Thread-safe.
 */
final class UnsafeAccessHint {

    private static final Logger LOG = LoggerFactory.getLogger(UnsafeAccessHint.class);
    private static final AtomicBoolean GIVEN = new AtomicBoolean();

    private UnsafeAccessHint() {
    }

    /** Logs {@link #hint} for this JVM, the first time it has one. */
    static void logOnce() {
        hint(Runtime.version().feature(), PlatformDependent.hasUnsafe(),
                PlatformDependent.getUnsafeUnavailabilityCause()).ifPresent(message -> {
                    if (GIVEN.compareAndSet(false, true)) {
                        LOG.info(message);
                    }
                });
    }

    /**
     * The hint for a JVM of this Java feature version whose Netty does or does not use {@code Unsafe}; empty where
     * Netty uses it or where the option does not exist to change that (before Java 24 it is on unless the user turned
     * it off).
     *
     * @param cause Netty's reason for not using it, or null
     */
    static Optional<String> hint(int javaFeature, boolean nettyUsesUnsafe, Throwable cause) {
        if (nettyUsesUnsafe || javaFeature < 24) {
            return Optional.empty();
        }
        return Optional.of("Netty reads and writes direct buffers without sun.misc.Unsafe in this Java " + javaFeature
                + " JVM (" + (cause == null ? "no cause given" : cause.getMessage()) + "): raftwire works, with"
                + " 10-15 % more CPU per kryo round trip (measured on Java 25); start the JVM with"
                + " --sun-misc-unsafe-memory-access=allow, as the raftwire launcher does, to let Netty use it");
    }
}
