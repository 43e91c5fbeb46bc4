package io.raftwire.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Polices the key declarations: the rules every key must follow, checked by reflection over {@link ConfigKeys}. */
class ConfigKeysTest {

    private static final Pattern NAME = Pattern.compile("^raftwire(\\.[a-z0-9-]+)+$");

    @Test
    void shouldDeclareEveryPublicStaticFieldAsFinalConfigKey() {
        for (Field field : publicStaticFields()) {
            assertTrue(Modifier.isFinal(field.getModifiers()), field.getName() + " must be final");
            assertEquals(ConfigKey.class, field.getType(), field.getName() + " must be a ConfigKey");
        }
        assertFalse(publicStaticFields().isEmpty());
    }

    @Test
    void shouldListEveryDeclaredKeyInAllExactlyOnceInDeclarationOrder() throws IllegalAccessException {
        List<ConfigKey<?>> declared = new ArrayList<>();
        for (Field field : publicStaticFields()) {
            declared.add((ConfigKey<?>) field.get(null));
        }
        assertEquals(declared, ConfigKeys.all());
    }

    @Test
    void shouldNameEveryKeyInDottedLowerKebabUnderThePrefix() {
        for (ConfigKey<?> key : ConfigKeys.all()) {
            assertTrue(NAME.matcher(key.name()).matches(), key.name() + " must match " + NAME);
        }
    }

    @Test
    void shouldNameEveryConstantAfterItsKey() throws IllegalAccessException {
        for (Field field : publicStaticFields()) {
            ConfigKey<?> key = (ConfigKey<?>) field.get(null);
            assertEquals(key.envName().substring("RAFTWIRE_".length()), field.getName(), key.name());
        }
    }

    @Test
    void shouldHaveUniqueNamesAndUniqueEnvironmentNames() {
        Set<String> names = new HashSet<>();
        Set<String> envNames = new HashSet<>();
        for (ConfigKey<?> key : ConfigKeys.all()) {
            assertTrue(names.add(key.name()), "duplicate key " + key.name());
            assertTrue(envNames.add(key.envName()), "two keys share the environment name " + key.envName());
        }
    }

    @Test
    void shouldHaveDefaultsThatPassTheirOwnConstraints() {
        for (ConfigKey<?> key : ConfigKeys.all()) {
            assertNull(checkDefault(key), key.name());
        }
    }

    @Test
    void shouldHaveDefaultsThatParseBackFromTheirTextForm() {
        for (ConfigKey<?> key : ConfigKeys.all()) {
            assertEquals(key.defaultValue(), reparsedDefault(key), key.name());
        }
    }

    @Test
    void shouldHaveDefaultsThatSatisfyTheRulesRelatingKeys() {
        RaftwireConfig defaults = RaftwireConfig.defaults();
        for (ConfigKeys.Relation relation : ConfigKeys.relations()) {
            assertNull(relation.check().apply(defaults), relation.key().name());
        }
        assertTrue(defaults.nonDefaults().isEmpty());
    }

    @Test
    void shouldDescribeEveryKeyOnOneLine() {
        for (ConfigKey<?> key : ConfigKeys.all()) {
            String description = key.description();
            assertFalse(description.isBlank(), key.name() + " has no description");
            assertFalse(description.contains("\n") || description.contains("\r"), key.name() + " spans lines");
            assertFalse(description.endsWith("."), key.name() + " description ends with a period");
            assertNotNull(key.type());
            assertFalse(key.constraint().description().isBlank(), key.name());
        }
    }

    @Test
    void shouldRelateOnlyDeclaredKeys() {
        for (ConfigKeys.Relation relation : ConfigKeys.relations()) {
            assertTrue(ConfigKeys.all().contains(relation.key()));
            assertTrue(ConfigKeys.all().containsAll(relation.inputs()));
        }
    }

    private static <T> String checkDefault(ConfigKey<T> key) {
        return key.constraint().check(key.defaultValue());
    }

    private static <T> T reparsedDefault(ConfigKey<T> key) {
        return key.convert(key.format(key.defaultValue()));
    }

    private static List<Field> publicStaticFields() {
        List<Field> fields = new ArrayList<>();
        for (Field field : ConfigKeys.class.getDeclaredFields()) {
            int modifiers = field.getModifiers();
            if (Modifier.isPublic(modifiers) && Modifier.isStatic(modifiers)) {
                fields.add(field);
            }
        }
        return fields;
    }
}
