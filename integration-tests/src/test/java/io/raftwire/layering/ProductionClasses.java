package io.raftwire.layering;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;

import java.util.regex.Pattern;

/**
 * The classes production jars are made of: each module's {@code target/classes} (or its main jar, when the build has
 * packaged it), without test classes, test-jars ({@code -tests.jar}) or test-kit, which exists for tests only.
 * Stateless.
 */
public final class ProductionClasses implements ImportOption {

    private static final Pattern TEST_JAR = Pattern.compile(".*-tests\\.jar!/.*");
    private static final Pattern TEST_KIT = Pattern.compile(".*/test-kit(/target/classes/|-[^/]*\\.jar!/).*");

    /** Called by ArchUnit. */
    public ProductionClasses() {
    }

    @Override
    public boolean includes(Location location) {
        return !location.contains("/test-classes/") && !location.matches(TEST_JAR) && !location.matches(TEST_KIT);
    }
}
