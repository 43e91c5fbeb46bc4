package io.raftwire.transport.netty;

import io.raftwire.config.ConfigException;
import io.raftwire.config.ConfigKey;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.ConfigViolation;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@link TransportSettings} and the configuration keys cannot drift apart: for every key the transport holds, the
 * builder's default is the key's default and the builder refuses exactly the values a loaded configuration refuses,
 * in the same words. The keys are found in {@link ConfigKeys#all()}, so a key added there is checked here without
 * editing this test (and fails it until {@link TransportSettings} has a setter and an accessor for it).
 */
class TransportSettingsTest {

    /** Keys outside {@code raftwire.transport.*} that the transport holds, and accessor names that differ. */
    private static final Map<String, String> ACCESSORS = Map.of(
            "raftwire.cluster.id", "clusterId",
            "raftwire.node.id", "nodeId",
            "raftwire.node.address", "listenAddress",
            "raftwire.peers", "peers",
            "raftwire.transport.native", "socketImplementation");

    private static final String INVALID = "invalid transport settings: ";

    @Test
    void shouldHaveASetterAndAnAccessorForEveryTransportKey() {
        for (ConfigKey<?> key : transportKeys()) {
            assertNotNull(setter(key), key.name());
            assertNotNull(accessor(key), key.name());
        }
    }

    /**
     * Where the accessor returns the key's own type; a setting held in another type (a file key's text as a
     * {@code Path}, say) is compared through the factory by the next test.
     */
    @Test
    void shouldStartFromTheDefaultOfEveryKey() throws ReflectiveOperationException {
        TransportSettings defaults = TransportSettings.builder().plaintext().build();
        int compared = 0;
        for (ConfigKey<?> key : transportKeys()) {
            Object value = accessor(key).invoke(defaults);
            if (value != null && value.getClass() == key.defaultValue().getClass()
                    || value instanceof List && key.defaultValue() instanceof List) {
                assertEquals(key.defaultValue(), value, key.name());
                compared++;
            }
        }
        assertFalse(compared < 20, "only " + compared + " defaults compared");
    }

    @Test
    void shouldBuildTheSameSettingsFromTheDefaultConfigurationAsFromTheBuilder() throws ReflectiveOperationException {
        TransportSettings fromConfig = NettyTransportFactory.settings(
                RaftwireConfig.of(Map.of("raftwire.tls.enabled", "false")));
        TransportSettings fromBuilder = TransportSettings.builder().plaintext().build();
        for (Method m : accessors()) {
            assertEquals(m.invoke(fromConfig), m.invoke(fromBuilder), m.getName());
        }
    }

    /**
     * Every bound a key's constraint names, one below, at and one above it, plus the extremes: the builder accepts it
     * exactly when a configuration file would, and refuses it with the same violations (rules relating several keys
     * included, against the other keys' defaults).
     */
    @Test
    void shouldRefuseExactlyWhatTheConfigurationRefusesInTheSameWords() throws ReflectiveOperationException {
        int probed = 0;
        for (ConfigKey<?> key : transportKeys()) {
            for (Object value : probes(key)) {
                assertEquals(configViolations(key, value), builderViolations(key, value), key.name() + " = " + value);
                probed++;
            }
        }
        assertFalse(probed < 100, "only " + probed + " values probed");
    }

    @Test
    void shouldRefuseThisNodeAsItsOwnPeerAsTheConfigurationDoes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TransportSettings.builder()
                .plaintext().nodeId("a").peers(List.of(new PeerAddress("a", new HostPort("127.0.0.1", 9)))).build());
        assertEquals(INVALID + "raftwire.peers = a=127.0.0.1:9 (expected: no peer with this node's id a"
                + " (raftwire.node.id))", e.getMessage());
    }

    @Test
    void shouldNameTheKeyOfASettingLeftNull() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> TransportSettings.builder().plaintext().clusterId(null).build());
        assertEquals("raftwire.cluster.id", e.getMessage());
    }

    private static List<String> configViolations(ConfigKey<?> key, Object value) {
        try {
            RaftwireConfig.of(Map.of(key.name(), format(key, value), "raftwire.tls.enabled", "false"));
            return List.of();
        } catch (ConfigException e) {
            List<String> lines = new ArrayList<>();
            for (ConfigViolation v : e.violations()) {
                lines.add(new ConfigViolation(v.key(), v.value(), v.problem(), "").toString());
            }
            return lines;
        }
    }

    private static List<String> builderViolations(ConfigKey<?> key, Object value) throws ReflectiveOperationException {
        TransportSettings.Builder builder = TransportSettings.builder().plaintext();
        setter(key).invoke(builder, value);
        try {
            builder.build();
            return List.of();
        } catch (IllegalArgumentException e) {
            assertEquals(INVALID, e.getMessage().substring(0, INVALID.length()), e.getMessage());
            return List.of(e.getMessage().substring(INVALID.length()).split("; "));
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> String format(ConfigKey<T> key, Object value) {
        return key.format((T) value);
    }

    /** Integer and double keys: each number in the constraint's description, and its neighbours. */
    private static List<Object> probes(ConfigKey<?> key) {
        Object defaultValue = key.defaultValue();
        Matcher numbers = Pattern.compile("-?\\d+(\\.\\d+)?").matcher(key.constraint().description());
        if (defaultValue instanceof Integer) {
            TreeSet<Integer> values = new TreeSet<>(List.of(Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE));
            while (numbers.find()) {
                long bound = Long.parseLong(numbers.group());
                for (long v = bound - 1; v <= bound + 1; v++) {
                    values.add((int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v)));
                }
            }
            return new ArrayList<>(values);
        }
        if (defaultValue instanceof Double) {
            TreeSet<Double> values = new TreeSet<>(List.of(-1.0, 0.0, Double.MAX_VALUE));
            while (numbers.find()) {
                double bound = Double.parseDouble(numbers.group());
                values.addAll(List.of(bound - 0.001, bound, bound + 0.001));
            }
            return new ArrayList<>(values);
        }
        return List.of();
    }

    private static List<ConfigKey<?>> transportKeys() {
        List<ConfigKey<?>> keys = new ArrayList<>();
        for (ConfigKey<?> key : ConfigKeys.all()) {
            if (key.name().startsWith("raftwire.transport.") || ACCESSORS.containsKey(key.name())) {
                keys.add(key);
            }
        }
        return keys;
    }

    private static String settingName(ConfigKey<?> key) {
        String mapped = ACCESSORS.get(key.name());
        if (mapped != null) {
            return mapped;
        }
        String[] words = key.name().substring("raftwire.transport.".length()).split("-");
        StringBuilder name = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            name.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
        }
        return name.toString();
    }

    private static Method accessor(ConfigKey<?> key) {
        try {
            return TransportSettings.class.getMethod(settingName(key));
        } catch (NoSuchMethodException e) {
            fail("TransportSettings has no accessor " + settingName(key) + "() for " + key.name());
            return null;
        }
    }

    private static Method setter(ConfigKey<?> key) {
        for (Method m : TransportSettings.Builder.class.getMethods()) {
            if (m.getName().equals(settingName(key)) && m.getParameterCount() == 1) {
                return m;
            }
        }
        fail("TransportSettings.Builder has no setter " + settingName(key) + "(...) for " + key.name());
        return null;
    }

    private static List<Method> accessors() {
        return Arrays.stream(TransportSettings.class.getMethods())
                .filter(m -> m.getDeclaringClass() == TransportSettings.class && m.getParameterCount() == 0
                        && !Modifier.isStatic(m.getModifiers()))
                .sorted(Comparator.comparing(Method::getName)).toList();
    }
}
