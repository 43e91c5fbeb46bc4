package io.raftwire.message;

import io.raftwire.message.fixtures.CatalogFixtures;

import java.util.List;
import java.util.stream.Collectors;

/** Valid instances for the generic tests: one base per type, and a pool of other values to substitute. */
final class Samples {

    private static final CatalogFixtures BASE = new CatalogFixtures(1);
    private static final List<Object> POOL = new CatalogFixtures(2).all();

    private Samples() {
    }

    /** The realistic instance every generic test starts from. */
    static Object base(MessageType type) {
        return BASE.realistic(type);
    }

    /** Valid instances of {@code type} (a registered class, an interface or an abstract base). */
    static List<Object> of(Class<?> type) {
        return POOL.stream().filter(type::isInstance).collect(Collectors.toList());
    }
}
