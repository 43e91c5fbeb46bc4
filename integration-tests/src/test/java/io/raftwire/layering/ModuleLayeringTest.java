package io.raftwire.layering;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layering the modules promise (ARCHITECTURE.md, "Where each rule lives"), read from the poms and the sources
 * of the checkout this test runs in: no serializer provider depends on another, the transport API package has no
 * Netty type in its public signatures, and nothing depends on benchmarks. A violation names the module, file or
 * member that breaks the rule.
 */
class ModuleLayeringTest {

    private static final Path ROOT = Path.of(System.getProperty("basedir", "."), "..").toAbsolutePath().normalize();
    private static final Set<String> PROVIDERS = Set.of("serializer-kryo", "serializer-protostuff", "serializer-jdk",
            "serializer-fory");
    private static final String API_PACKAGE = "io.raftwire.transport";

    /** Module to its raftwire dependencies, each as {@code artifactId} or {@code artifactId (scope)}. */
    private static Map<String, List<String>> raftwireDependencies() throws Exception {
        Map<String, List<String>> all = new LinkedHashMap<>();
        for (String module : modules()) {
            List<String> deps = new ArrayList<>();
            NodeList nodes = pom(ROOT.resolve(module).resolve("pom.xml")).getElementsByTagName("dependency");
            for (int i = 0; i < nodes.getLength(); i++) {
                Element d = (Element) nodes.item(i);
                if ("io.raftwire".equals(text(d, "groupId"))) {
                    String scope = text(d, "scope");
                    deps.add(text(d, "artifactId") + (scope.isEmpty() ? "" : " (" + scope + ")"));
                }
            }
            all.put(module, deps);
        }
        return all;
    }

    @Test
    void shouldReadEveryModuleOfTheBuild() throws Exception {
        assertTrue(modules().containsAll(PROVIDERS), modules().toString());
        assertTrue(modules().containsAll(List.of("transport-netty", "benchmarks", "integration-tests")),
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
        for (String provider : PROVIDERS) {
            for (String other : PROVIDERS) {
                String otherPackage = "io.raftwire.serializer." + other.substring("serializer-".length());
                if (!other.equals(provider)) {
                    violations.addAll(sourcesMentioning(provider, otherPackage + "."));
                }
            }
        }
        assertEquals(List.of(), violations, "providers must not know each other");
    }

    @Test
    void shouldLoadProvidersIntoTheTransportOnlyThroughServiceLoader() throws Exception {
        List<String> compileTime = raftwireDependencies().get("transport-netty").stream()
                .filter(dep -> PROVIDERS.contains(artifact(dep)) && !dep.endsWith("(test)")).toList();
        assertEquals(List.of(), compileTime, "transport-netty may see providers in tests only");
        List<String> imports = new ArrayList<>();
        for (String provider : PROVIDERS) {
            String providerPackage = "io.raftwire.serializer." + provider.substring("serializer-".length()) + ".";
            imports.addAll(mainSourcesMentioning("transport-netty", providerPackage));
        }
        assertEquals(List.of(), imports, "transport-netty main code must not import a provider");
    }

    @Test
    void shouldLetNothingDependOnBenchmarks() throws Exception {
        List<String> violations = new ArrayList<>();
        raftwireDependencies().forEach((module, deps) -> deps.stream().filter(d -> artifact(d).equals("benchmarks"))
                .forEach(d -> violations.add(module + " depends on " + d)));
        for (String module : modules()) {
            if (!module.equals("benchmarks")) {
                violations.addAll(sourcesMentioning(module, "io.raftwire.bench.").stream()
                        .filter(v -> !v.contains(ModuleLayeringTest.class.getSimpleName() + ".java:")).toList());
            }
        }
        assertEquals(List.of(), violations);
    }

    @Test
    void shouldKeepNettyOutOfTheTransportApi() throws Exception {
        List<String> violations = new ArrayList<>();
        List<Class<?>> types = apiTypes();
        assertTrue(types.stream().anyMatch(t -> t.getSimpleName().equals("Transport")), types.toString());
        for (Class<?> type : types) {
            if (Modifier.isPublic(type.getModifiers())) {
                violations.addAll(nettyInSignatures(type));
            }
        }
        violations.addAll(mentions(apiSourceDir(), 1, "io.netty."));
        assertEquals(List.of(), violations, "the package " + API_PACKAGE + " must be usable without Netty");
    }

    private static List<String> nettyInSignatures(Class<?> type) {
        List<String> found = new ArrayList<>();
        List<String> signatures = new ArrayList<>();
        signatures.add(type.getName() + " extends " + type.getGenericSuperclass());
        for (var i : type.getGenericInterfaces()) {
            signatures.add(type.getName() + " implements " + i.getTypeName());
        }
        for (Method m : type.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) || Modifier.isProtected(m.getModifiers())) {
                signatures.add(m.toGenericString());
            }
        }
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            if (Modifier.isPublic(c.getModifiers()) || Modifier.isProtected(c.getModifiers())) {
                signatures.add(c.toGenericString());
            }
        }
        for (Field f : type.getDeclaredFields()) {
            if (Modifier.isPublic(f.getModifiers()) || Modifier.isProtected(f.getModifiers())) {
                signatures.add(f.toGenericString());
            }
        }
        for (String signature : signatures) {
            if (signature.contains("io.netty.")) {
                found.add(signature);
            }
        }
        for (Class<?> nested : type.getDeclaredClasses()) {
            if (Modifier.isPublic(nested.getModifiers())) {
                found.addAll(nettyInSignatures(nested));
            }
        }
        return found;
    }

    private static List<Class<?>> apiTypes() throws IOException, ClassNotFoundException {
        List<Class<?>> types = new ArrayList<>();
        try (Stream<Path> files = Files.list(apiSourceDir())) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                if (name.endsWith(".java") && !name.equals("package-info.java")) {
                    types.add(Class.forName(API_PACKAGE + "." + name.substring(0, name.length() - ".java".length())));
                }
            }
        }
        return types;
    }

    private static Path apiSourceDir() {
        return ROOT.resolve("transport-netty/src/main/java").resolve(API_PACKAGE.replace('.', '/'));
    }

    private static List<String> sourcesMentioning(String module, String packagePrefix) throws IOException {
        return mentions(ROOT.resolve(module).resolve("src"), Integer.MAX_VALUE, packagePrefix);
    }

    private static List<String> mainSourcesMentioning(String module, String packagePrefix) throws IOException {
        return mentions(ROOT.resolve(module).resolve("src/main/java"), Integer.MAX_VALUE, packagePrefix);
    }

    /**
     * Code lines (not comments) of the Java files under {@code dir}, at most {@code depth} levels down, that name
     * {@code packagePrefix}, as {@code file:line: text}.
     */
    private static List<String> mentions(Path dir, int depth, String packagePrefix) throws IOException {
        List<String> found = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return found;
        }
        try (Stream<Path> files = Files.walk(dir, depth)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i).trim();
                    boolean comment = line.startsWith("*") || line.startsWith("//") || line.startsWith("/*");
                    if (!comment && line.contains(packagePrefix)) {
                        found.add(file + ":" + (i + 1) + ": " + line);
                    }
                }
            }
        }
        return found;
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
