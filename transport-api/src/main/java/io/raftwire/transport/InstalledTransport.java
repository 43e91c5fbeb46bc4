package io.raftwire.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Finds the {@link TransportFactory} on the class path with {@link ServiceLoader} and keeps the one it found; a failed
 * look-up is not kept, so its message is the same every time. Thread-safe: two threads that race may both look it up
 * and find the same implementation.
 */
final class InstalledTransport {

    private static volatile TransportFactory found;

    private InstalledTransport() {
    }

    static TransportFactory factory() {
        TransportFactory f = found;
        if (f == null) {
            f = load(InstalledTransport.class.getClassLoader());
            found = f;
        }
        return f;
    }

    /** The one factory {@code loader} finds; the rule {@link TransportFactory#installed()} states. */
    static TransportFactory load(ClassLoader loader) {
        List<TransportFactory> found = new ArrayList<>();
        ServiceLoader.load(TransportFactory.class, loader).forEach(found::add);
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.isEmpty()) {
            throw new IllegalStateException("no transport implementation on the class path (expected: one jar that"
                    + " registers a " + TransportFactory.class.getName() + " in META-INF/services, such as"
                    + " transport-netty)");
        }
        List<String> names = new ArrayList<>();
        for (TransportFactory f : found) {
            names.add(f.name() + " (" + f.getClass().getName() + ")");
        }
        throw new IllegalStateException(found.size() + " transport implementations on the class path: " + names
                + " (expected: exactly one)");
    }
}
