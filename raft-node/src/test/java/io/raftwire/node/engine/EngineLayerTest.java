package io.raftwire.node.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every use of MicroRaft's internals ({@code io.microraft.impl}) is in {@code io.raftwire.node.engine}, where each
 * workaround names the engine bug it covers and {@link EngineVersionTest} pins the engine version.
 */
@Timeout(60)
class EngineLayerTest {

    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("io.raftwire");

    @Test
    void onlyTheEnginePackageUsesMicroRaftInternals() {
        ArchRule rule = noClasses().that().resideOutsideOfPackage("io.raftwire.node.engine..")
                .should().dependOnClassesThat().resideInAPackage("io.microraft.impl..")
                .because("MicroRaft's internals change without notice; the workarounds that need them live in"
                        + " io.raftwire.node.engine, one class per engine bug, pinned by EngineVersionTest");
        rule.check(PRODUCTION);
    }
}
