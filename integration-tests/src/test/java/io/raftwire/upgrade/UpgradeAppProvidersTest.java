package io.raftwire.upgrade;

import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.Payloads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * What the upgrade test stands on: both builds of its application compile and load from their own class loaders,
 * beside each other and off the test class path, and every provider registers their types and round-trips every one
 * of them (a provider that generates code or resolves classes by its own class loader would fail here first).
 */
class UpgradeAppProvidersTest {

    private static final List<String> PROVIDERS = List.of("fory", "jdk", "kryo", "protostuff");

    @Test
    void theTwoBuildsAreTwoClassLoadersOffTheTestClassPath() throws Exception {
        assertThrows(ClassNotFoundException.class, () -> Class.forName(UpgradeApps.APP_CLASS, false,
                getClass().getClassLoader()), "the application must not be on the test class path");
        UpgradeApp v1 = UpgradeApps.version(1);
        UpgradeApp v2 = UpgradeApps.version(2);
        assertEquals(1, v1.version());
        assertEquals(2, v2.version());
        assertSame(getClass().getClassLoader(), v1.getClass().getClassLoader().getParent());
        assertNotSame(v1.getClass().getClassLoader(), v2.getClass().getClassLoader());
        Class<?> put1 = v1.put("k", "v", null).getClass();
        Class<?> put2 = v2.put("k", "v", null).getClass();
        assertEquals(put1.getName(), put2.getName());
        assertNotEquals(put1, put2);
        assertEquals(2, put1.getRecordComponents().length);
        assertEquals(3, put2.getRecordComponents().length);
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> v1.append("k", "s"));
        assertEquals("version 1 has no Append command", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void everyProviderRoundTripsEveryTypeOfTheBuild(int version) {
        UpgradeApp app = UpgradeApps.version(version);
        TypeRegistry registry = app.registry();
        for (String provider : PROVIDERS) {
            Serializer s = Serializers.create(provider, registry, SerializerOptions.defaults());
            for (Object value : app.samples()) {
                int id = registry.idOf(value);
                Object decoded = Payloads.decodeHeap(s, id, Payloads.encode(s, value));
                assertEquals(value, decoded, provider + " round trip of " + value + " (v" + version + ")");
                assertSame(value.getClass(), decoded.getClass(), provider + " decodes to the build's own class");
            }
        }
    }

    @Test
    void theBuildsRegistriesDifferOnlyInTheApplicationsTypes() {
        TypeRegistry v1 = UpgradeApps.version(1).registry();
        TypeRegistry v2 = UpgradeApps.version(2).registry();
        assertNotEquals(v1.fingerprint(), v2.fingerprint(), "the builds' types differ, so must their fingerprints");
        assertEquals(v1.models().size() + 1, v2.models().size(), "v2 adds one type, Append");
    }
}
