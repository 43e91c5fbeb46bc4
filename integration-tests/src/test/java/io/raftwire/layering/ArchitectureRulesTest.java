package io.raftwire.layering;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;

import java.util.ArrayList;
import java.util.List;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The layering sentences of ARCHITECTURE.md ("Module map" and the node's "assembly" row) as ArchUnit rules over the
 * production classes of every module on this module's class path ({@link ProductionClasses}: no test classes, no
 * test-jar, no test-kit). Each rule's message quotes the sentence it enforces. What the bytecode cannot show (which
 * scope a pom gives a dependency, that nothing depends on the benchmarks module at all) is checked on the poms by
 * {@link ModuleLayeringTest}.
 *
 * <p>ArchUnit fails a rule whose classes are not found ({@code archRule.failOnEmptyShould}, on by default), so a rule
 * cannot pass because its module fell off the class path.
 */
@AnalyzeClasses(packages = "io.raftwire", importOptions = ProductionClasses.class)
class ArchitectureRulesTest {

    private static final String DOC = "ARCHITECTURE.md says: ";
    private static final List<String> PROVIDERS = List.of("kryo", "protostuff", "jdk", "fory");
    private static final String API = "io.raftwire.transport";
    private static final String NETTY_TRANSPORT = "io.raftwire.transport.netty..";

    @ArchTest
    static final ArchRule NO_PROVIDER_DEPENDS_ON_ANOTHER = providersIndependent();

    @ArchTest
    static final ArchRule TRANSPORT_SEES_NO_PROVIDER = noClasses().that().resideInAPackage(NETTY_TRANSPORT)
            .should().dependOnClassesThat().resideInAnyPackage(providerPackages())
            .because(DOC + "\"transport-netty sees no provider at compile time.\"");

    @ArchTest
    static final ArchRule API_HAS_NO_NETTY_TYPE = noClasses().that().resideInAPackage(API)
            .should().dependOnClassesThat().resideInAnyPackage("io.netty..", NETTY_TRANSPORT)
            .because(DOC + "\"The transport API package io.raftwire.transport has no Netty type and knows no"
                    + " implementation.\"");

    @ArchTest
    static final ArchRule NODE_USES_THE_TRANSPORT_API_ONLY = noClasses().that().resideInAPackage("io.raftwire.node..")
            .should().dependOnClassesThat().resideInAPackage(NETTY_TRANSPORT)
            .orShould().dependOnClassesThat(resideInAPackage("io.netty..").and(not(resideInAPackage("io.netty.buffer.."))))
            .because(DOC + "\"The node uses the transport API only: nothing from io.raftwire.transport.netty and, of"
                    + " Netty, only io.netty.buffer.\"");

    @ArchTest
    static final ArchRule PROGRAM_USES_THE_NODE = classes().that().resideInAPackage("io.raftwire.cli..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.raftwire.cli..", "io.raftwire.node..",
                    "io.raftwire.config..", "io.raftwire.message..", "io.raftwire.serializer",
                    "io.raftwire.serializer.model..", API, "io.raftwire.transport.netty.codec..",
                    "io.raftwire.transport.netty.capture..", "io.netty.buffer..", "picocli..", "org.HdrHistogram..",
                    "org.slf4j..", "org.bouncycastle..",
                    "io.micrometer..", "com.sun.net.httpserver..", "javax.net.ssl..") // node's scrape endpoint
            .because(DOC + "\"The program uses the node: raftwire-cli runs members and clients through raft-node and"
                    + " the transport API; of transport-netty it reads only the frame layout (codec) and capture files"
                    + " (capture), for its inspect command; of Netty only io.netty.buffer; Bouncy Castle only for its"
                    + " certs command.\"");

    @ArchTest
    static final ArchRule ONLY_CERTS_USES_BOUNCY_CASTLE = noClasses().that().resideInAPackage("io.raftwire..")
            .and().resideOutsideOfPackage("io.raftwire.cli.certs..")
            .should().dependOnClassesThat().resideInAPackage("org.bouncycastle..")
            .because(DOC + "\"... Bouncy Castle only for its certs command.\"");

    @ArchTest
    static final ArchRule ONLY_INSPECT_READS_FRAMES = noClasses().that().resideInAPackage("io.raftwire.cli..")
            .and().resideOutsideOfPackage("io.raftwire.cli.inspect..")
            .should().dependOnClassesThat().resideInAPackage(NETTY_TRANSPORT)
            .because(DOC + "\"... of transport-netty it reads only the frame layout (codec) and capture files"
                    + " (capture), for its inspect command ...\"");

    @ArchTest
    static final ArchRule NOTHING_DEPENDS_ON_BENCHMARKS = noClasses().that().resideOutsideOfPackage("io.raftwire.bench..")
            .should().dependOnClassesThat().resideInAPackage("io.raftwire.bench..")
            .because(DOC + "\"Nothing depends on benchmarks.\"");

    @ArchTest
    static final ArchRule NO_PRODUCTION_CLASS_DEPENDS_ON_TEST_CODE = noClasses()
            .should().dependOnClassesThat().resideInAnyPackage("io.raftwire.testkit..", "io.raftwire.transport.fault..",
                    "io.raftwire.serializer.testkit..", "io.raftwire.serializer.contract..",
                    "io.raftwire.transport.netty.testkit..", "org.junit..")
            .because(DOC + "\"No production class depends on test code: test-kit, the fault injection"
                    + " (transport-api's test-jar), the other test-jars, JUnit.\"");

    @ArchTest
    static final ArchRule DEPENDENCIES_POINT_DOWN_THE_MODULE_MAP = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer("raft-messages").definedBy("io.raftwire.message..")
            .layer("config").definedBy("io.raftwire.config..")
            .layer("serializer-spi").definedBy("io.raftwire.serializer", "io.raftwire.serializer.model..",
                    "io.raftwire.serializer.schema..")
            .layer("providers").definedBy(providerPackages())
            .layer("transport-api").definedBy(API)
            .layer("transport-netty").definedBy(NETTY_TRANSPORT)
            .layer("raft-node").definedBy("io.raftwire.node..")
            .layer("raftwire-cli").definedBy("io.raftwire.cli..")
            .layer("linearizability").definedBy("io.raftwire.linearizability..")
            .whereLayer("raftwire-cli").mayNotBeAccessedByAnyLayer()
            .whereLayer("raft-node").mayOnlyBeAccessedByLayers("raftwire-cli")
            .whereLayer("transport-netty").mayOnlyBeAccessedByLayers("raftwire-cli")
            .whereLayer("transport-api").mayOnlyBeAccessedByLayers("transport-netty", "raft-node", "raftwire-cli")
            .whereLayer("providers").mayNotBeAccessedByAnyLayer()
            .whereLayer("serializer-spi").mayOnlyBeAccessedByLayers("providers", "transport-api", "transport-netty",
                    "raft-node", "raftwire-cli")
            .whereLayer("config").mayOnlyBeAccessedByLayers("transport-api", "transport-netty", "raft-node",
                    "raftwire-cli")
            .whereLayer("raft-messages").mayOnlyBeAccessedByLayers("serializer-spi", "providers", "transport-api",
                    "transport-netty", "raft-node", "raftwire-cli")
            .whereLayer("linearizability").mayNotBeAccessedByAnyLayer()
            .because(DOC + "\"Arrows point down the map.\" No module reaches up or sideways.");

    /** The import holds every production module's classes and nothing from test sources. */
    @ArchTest
    static void importsEveryProductionModuleAndNoTestCode(JavaClasses classes) {
        List<String> missing = new ArrayList<>();
        for (String pkg : List.of("io.raftwire.message", "io.raftwire.config", "io.raftwire.serializer",
                "io.raftwire.serializer.kryo", "io.raftwire.serializer.protostuff", "io.raftwire.serializer.jdk",
                "io.raftwire.serializer.fory", API, "io.raftwire.transport.netty", "io.raftwire.node",
                "io.raftwire.cli", "io.raftwire.linearizability")) {
            if (!classes.containPackage(pkg)) {
                missing.add(pkg);
            }
        }
        assertEquals(List.of(), missing, "production packages missing from the import (expected: every module)");
        List<String> testCode = classes.stream().map(JavaClass::getName)
                .filter(n -> n.endsWith("Test") || n.endsWith("IT") || n.startsWith("io.raftwire.testkit.")
                        || n.startsWith("io.raftwire.transport.fault.") || n.startsWith("io.raftwire.layering."))
                .toList();
        assertEquals(List.of(), testCode, "test classes in the production import");
    }

    private static ArchRule providersIndependent() {
        List<ArchRule> rules = new ArrayList<>();
        for (String provider : PROVIDERS) {
            List<String> others = PROVIDERS.stream().filter(p -> !p.equals(provider))
                    .map(p -> "io.raftwire.serializer." + p + "..").toList();
            rules.add(noClasses().that().resideInAPackage("io.raftwire.serializer." + provider + "..")
                    .should().dependOnClassesThat(resideInAnyPackage(others.toArray(String[]::new)))
                    .because(DOC + "\"No provider depends on another.\""));
        }
        CompositeArchRule all = CompositeArchRule.of(rules.get(0));
        for (ArchRule rule : rules.subList(1, rules.size())) {
            all = all.and(rule);
        }
        return all;
    }

    private static String[] providerPackages() {
        return PROVIDERS.stream().map(p -> "io.raftwire.serializer." + p + "..").toArray(String[]::new);
    }
}
