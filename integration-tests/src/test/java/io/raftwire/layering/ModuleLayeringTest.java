package io.raftwire.layering;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layering sentences of ARCHITECTURE.md that only the poms can show, read from the poms of the checkout this test
 * runs in: which module a module depends on and in which scope (the classes' dependencies are checked by
 * {@link ArchitectureRulesTest}). A violation names the module and the dependency that breaks the sentence it quotes.
 */
class ModuleLayeringTest {

    private static final Path ROOT = Path.of(System.getProperty("basedir", "."), "..").toAbsolutePath().normalize();
    private static final Set<String> PROVIDERS = Set.of("serializer-kryo", "serializer-protostuff", "serializer-jdk",
            "serializer-fory");
    /** Modules that are tools or tests, not production jars: benchmarks measures with raft-messages' fixtures. */
    private static final Set<String> NOT_SHIPPED = Set.of("benchmarks", "integration-tests", "fuzz-tests",
            "test-kit");

    /**
     * Module to its raftwire dependencies, each as {@code artifactId}, followed by the type if the pom names one and
     * the scope in brackets if it names one: {@code transport-api test-jar (test)}.
     */
    private static Map<String, List<String>> raftwireDependencies() throws Exception {
        Map<String, List<String>> all = new LinkedHashMap<>();
        for (String module : modules()) {
            List<String> deps = new ArrayList<>();
            NodeList nodes = pom(ROOT.resolve(module).resolve("pom.xml")).getElementsByTagName("dependency");
            for (int i = 0; i < nodes.getLength(); i++) {
                Element d = (Element) nodes.item(i);
                if ("io.raftwire".equals(text(d, "groupId"))) {
                    String scope = text(d, "scope");
                    String type = text(d, "type");
                    deps.add(text(d, "artifactId") + (type.isEmpty() ? "" : " " + type)
                            + (scope.isEmpty() ? "" : " (" + scope + ")"));
                }
            }
            all.put(module, deps);
        }
        return all;
    }

    @Test
    void shouldReadEveryModuleOfTheBuild() throws Exception {
        assertTrue(modules().containsAll(PROVIDERS), modules().toString());
        assertTrue(modules().containsAll(List.of("test-kit", "transport-api", "transport-netty", "raft-node",
                "benchmarks", "integration-tests")),
                modules().toString());
        assertTrue(raftwireDependencies().get("transport-netty").contains("serializer-spi"),
                "the pom reader finds dependencies: " + raftwireDependencies().get("transport-netty"));
    }

    @Test
    void shouldKeepEveryProviderIndependentOfTheOthers() throws Exception {
        List<String> violations = new ArrayList<>();
        raftwireDependencies().forEach((module, deps) -> {
            for (String dep : deps) {
                if (PROVIDERS.contains(module) && PROVIDERS.contains(artifact(dep))) {
                    violations.add(module + " depends on " + dep);
                }
            }
        });
        assertEquals(List.of(), violations, "ARCHITECTURE.md says: \"No provider depends on another.\"");
    }

    @Test
    void shouldLoadProvidersIntoTheTransportOnlyThroughServiceLoader() throws Exception {
        List<String> compileTime = raftwireDependencies().get("transport-netty").stream()
                .filter(dep -> PROVIDERS.contains(artifact(dep)) && !dep.endsWith("(test)")).toList();
        assertEquals(List.of(), compileTime,
                "ARCHITECTURE.md says: \"transport-netty sees no provider at compile time.\" (test scope only)");
    }

    @Test
    void shouldLetNothingDependOnBenchmarks() throws Exception {
        List<String> violations = new ArrayList<>();
        raftwireDependencies().forEach((module, deps) -> deps.stream().filter(d -> artifact(d).equals("benchmarks"))
                .forEach(d -> violations.add(module + " depends on " + d)));
        assertEquals(List.of(), violations, "ARCHITECTURE.md says: \"Nothing depends on benchmarks.\"");
    }

    @Test
    void shouldCompileTheNodeAgainstTheTransportApiOnly() throws Exception {
        List<String> deps = raftwireDependencies().get("raft-node");
        assertTrue(deps.contains("transport-api"), "raft-node compiles against transport-api: " + deps);
        List<String> compileTime = deps.stream().filter(d -> artifact(d).equals("transport-netty")
                && !d.endsWith("(runtime)") && !d.endsWith("(test)")).toList();
        assertEquals(List.of(), compileTime, "ARCHITECTURE.md says: \"The node uses the transport API only\""
                + " (transport-netty in runtime or test scope only)");
    }

    @Test
    void shouldKeepTestCodeOutOfEveryProductionJar() throws Exception {
        List<String> violations = new ArrayList<>();
        raftwireDependencies().forEach((module, deps) -> deps.stream().filter(d -> !NOT_SHIPPED.contains(module))
                .filter(d -> (artifact(d).equals("test-kit") || d.contains(" test-jar")) && !d.endsWith("(test)"))
                .forEach(d -> violations.add(module + " depends on " + d)));
        assertEquals(List.of(), violations, "ARCHITECTURE.md says: \"No production class depends on test code\""
                + " (test-kit and test-jars in test scope only, so no jar and no shaded jar contains them)");
    }

    @Test
    void shouldKeepTestKitBelowEveryModuleThatUsesIt() throws Exception {
        assertEquals(List.of(), raftwireDependencies().get("test-kit"),
                "test-kit depends on Netty and JUnit only, so the serializer modules at the bottom can use it");
    }

    private static List<String> modules() throws Exception {
        List<String> modules = new ArrayList<>();
        NodeList nodes = pom(ROOT.resolve("pom.xml")).getElementsByTagName("module");
        for (int i = 0; i < nodes.getLength(); i++) {
            modules.add(nodes.item(i).getTextContent().trim());
        }
        return modules;
    }

    private static Document pom(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(file.toFile());
    }

    private static String text(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
    }

    private static String artifact(String dependency) {
        int space = dependency.indexOf(' ');
        return space < 0 ? dependency : dependency.substring(0, space);
    }
}
