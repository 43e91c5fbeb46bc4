package io.raftwire.bench;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The options of this JVM that the runners' child JVMs must share for their figures to mean the same: today only
 * {@code --sun-misc-unsafe-memory-access}, which decides on Java 25 and later whether Netty reads direct buffers
 * through {@code sun.misc.Unsafe}. A child started without it would measure a slower transport
 * than the runner was started for.
 */
public final class ParentJvmOptions {

    private static final String UNSAFE_ACCESS = "--sun-misc-unsafe-memory-access=";

    private ParentJvmOptions() {
    }

    /** The options to pass on, in the order this JVM was given them; empty if none was given. */
    public static List<String> forChildren() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith(UNSAFE_ACCESS)).toList();
    }
}
