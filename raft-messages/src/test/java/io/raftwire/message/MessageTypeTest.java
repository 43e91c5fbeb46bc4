package io.raftwire.message;

import io.raftwire.message.log.RaftLogEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MessageTypeTest {

    /**
     * The wire contract, written out once more by hand: changing an id breaks every running cluster. Append new rows;
     * never edit one.
     */
    private static final String PINNED_IDS = "OPEN_SESSION_REQUEST=1 APPEND_REQUEST=2 CLOSE_SESSION_REQUEST=3 "
            + "COMMAND_REQUEST=4 CONFIGURE_REQUEST=5 INSTALL_REQUEST=6 JOIN_REQUEST=7 KEEP_ALIVE_REQUEST=8 "
            + "LEAVE_REQUEST=9 METADATA_REQUEST=10 POLL_REQUEST=11 PUBLISH_REQUEST=12 QUERY_REQUEST=13 "
            + "RECONFIGURE_REQUEST=14 RESET_REQUEST=15 TRANSFER_REQUEST=16 VOTE_REQUEST=17 "
            + "OPEN_SESSION_RESPONSE=21 APPEND_RESPONSE=22 CLOSE_SESSION_RESPONSE=23 COMMAND_RESPONSE=24 "
            + "CONFIGURE_RESPONSE=25 INSTALL_RESPONSE=26 JOIN_RESPONSE=27 KEEP_ALIVE_RESPONSE=28 LEAVE_RESPONSE=29 "
            + "METADATA_RESPONSE=30 POLL_RESPONSE=31 QUERY_RESPONSE=32 RECONFIGURE_RESPONSE=33 TRANSFER_RESPONSE=34 "
            + "VOTE_RESPONSE=35 INITIALIZE_ENTRY=41 CONFIGURATION_ENTRY=42 OPEN_SESSION_ENTRY=43 KEEP_ALIVE_ENTRY=44 "
            + "METADATA_ENTRY=45 CLOSE_SESSION_ENTRY=46 COMMAND_ENTRY=47 QUERY_ENTRY=48 MEMBER_ID=61 RAFT_MEMBER=62 "
            + "SESSION_METADATA=63 RAFT_ERROR=64 PRIMITIVE_OPERATION=65 DEFAULT_OPERATION_ID=66 PRIMITIVE_EVENT=67 "
            + "DEFAULT_EVENT_TYPE=68";

    private static final List<String> CATALOG_PACKAGES = List.of("request", "response", "log", "value");

    @Test
    void shouldKeepThePinnedIds() {
        Map<String, Integer> actual = new LinkedHashMap<>();
        for (MessageType type : MessageType.values()) {
            actual.put(type.name(), type.id());
        }
        Map<String, Integer> pinned = new LinkedHashMap<>();
        for (String entry : PINNED_IDS.split(" ")) {
            String[] parts = entry.split("=");
            pinned.put(parts[0], Integer.valueOf(parts[1]));
        }
        assertEquals(pinned, actual);
    }

    @Test
    void shouldUseUniqueIdsInTheReservedRangeOutsideTheEngineBlock() {
        Set<Integer> ids = new HashSet<>();
        for (MessageType type : MessageType.values()) {
            assertTrue(ids.add(type.id()), "duplicate id " + type.id());
            assertTrue(type.id() >= 1 && type.id() <= MessageType.MAX_RESERVED_ID, type + " in 1..1023");
            assertFalse(type.id() >= 100 && type.id() <= 399, type + " must not use the Raft-engine block 100..399");
        }
        assertEquals(MessageType.MAX_RESERVED_ID + 1, MessageType.FIRST_USER_ID);
        assertEquals(32767, MessageType.MAX_USER_ID);
    }

    @Test
    void shouldGroupIdsByKind() {
        for (MessageType type : MessageType.values()) {
            Class<?> c = type.javaType();
            int id = type.id();
            assertEquals(id >= 1 && id <= 17, RaftRequest.class.isAssignableFrom(c), type + " request ids 1..17");
            assertEquals(id >= 21 && id <= 35, RaftResponse.class.isAssignableFrom(c), type + " response ids 21..35");
            assertEquals(id >= 41 && id <= 48, RaftLogEntry.class.isAssignableFrom(c), type + " entry ids 41..48");
        }
    }

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldRoundTripThroughIdAndClass(MessageType type) {
        assertSame(type, MessageType.ofId(type.id()));
        assertEquals(Optional.of(type), MessageType.of(type.javaType()));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 18, 100, 1023, 1024, 65535, Integer.MIN_VALUE, Integer.MAX_VALUE})
    void shouldRejectAnUnknownIdNamingItAndTheValidIds(int id) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MessageType.ofId(id));
        assertTrue(e.getMessage().startsWith("message type id = " + id + " (expected: one of ["), e.getMessage());
        for (MessageType type : MessageType.values()) {
            assertTrue(e.getMessage().contains(" " + type.id() + ",") || e.getMessage().contains(type.id() + "]")
                    || e.getMessage().contains("[" + type.id() + ","), type + " listed in " + e.getMessage());
        }
    }

    @Test
    void shouldNotMatchAbstractTypesInterfacesOrForeignClasses() {
        assertEquals(Optional.empty(), MessageType.of(RaftLogEntry.class));
        assertEquals(Optional.empty(), MessageType.of(RaftMessage.class));
        assertEquals(Optional.empty(), MessageType.of(String.class));
    }

    @Test
    void shouldListEveryConcreteCatalogClassExactlyOnce() throws Exception {
        Set<Class<?>> listed =
                Arrays.stream(MessageType.values()).map(MessageType::javaType).collect(Collectors.toSet());
        assertEquals(MessageType.values().length, listed.size(), "a class is listed twice");
        List<Class<?>> concrete = new ArrayList<>();
        for (String pkg : CATALOG_PACKAGES) {
            for (Class<?> c : classesIn("io.raftwire.message." + pkg)) {
                int m = c.getModifiers();
                if (Modifier.isPublic(m) && !Modifier.isAbstract(m) && !c.isInterface() && !c.isEnum()) {
                    concrete.add(c);
                }
            }
        }
        assertEquals(listed, new HashSet<>(concrete));
        assertEquals(48, concrete.size(), "17 requests, 15 responses, 8 entries, 8 value types");
    }

    /** Every top-level class of {@code pkg} in the main classes (test sources may add classes to the package). */
    private static List<Class<?>> classesIn(String pkg) throws IOException, URISyntaxException {
        Path dir = Path.of(MessageType.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve(pkg.replace('.', '/'));
        try (Stream<Path> files = Files.list(dir)) {
            List<Class<?>> classes = new ArrayList<>();
            for (Path file : files.collect(Collectors.toList())) {
                String name = file.getFileName().toString();
                if (name.endsWith(".class") && !name.contains("$") && !name.equals("package-info.class")) {
                    classes.add(load(pkg + "." + name.substring(0, name.length() - ".class".length())));
                }
            }
            assertFalse(classes.isEmpty(), "no classes found in " + pkg);
            return classes;
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }
}
