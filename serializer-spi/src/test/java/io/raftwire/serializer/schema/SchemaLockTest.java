package io.raftwire.serializer.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.raftwire.message.MessageType;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.WireTag;
import io.raftwire.serializer.model.TypeModel;

import java.util.Collection;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class SchemaLockTest {

    static final int ID = 1024;

    enum Color1 { RED, GREEN }

    enum Color2 { RED, GREEN, BLUE }

    enum Color3 { GREEN, RED }

    static final class Holder {
        enum Color { RED, GREEN }
    }

    record V1(long a, String b, Color1 color) { }

    record Reordered(Color1 color, String b, long a) { }

    record Added(long a, String b, Color1 color, int c) { }

    record Removed(long a, Color1 color) { }

    record Renamed(long a, String name, Color1 color) { }

    record RenamedWithTag(long a, @WireTag(2) String name, Color1 color) { }

    record Widened(long a, String b, Color2 color) { }

    record EnumReordered(long a, String b, Color3 color) { }

    record TwoTags(@WireTag(1) long a, @WireTag(1) String b) { }

    record Extra(String s) { }

    private static Collection<TypeModel> models(Class<?>... types) {
        TypeRegistry.Builder b = TypeRegistry.builder();
        for (int i = 0; i < types.length; i++) {
            b.register(ID + i, types[i]);
        }
        return b.build().models();
    }

    private static SchemaLock first(Class<?>... types) {
        SchemaLock.Reconciliation r = SchemaLock.EMPTY.reconcile(models(types));
        assertEquals(List.of(), r.refusals());
        return r.lock();
    }

    @Test
    void aFirstLockGivesTagsInDeclarationOrderAndOrdinalsAsWireNumbersAndReadsBackFromItsText() {
        SchemaLock lock = first(V1.class);
        String text = """
                raftwire-schema-lock 1
                # Tags of components and wire numbers of enum constants, pinned: a tag or number is never given to
                # anything else. Written by SchemaLock.write; change it by writing it again, in a reviewed commit.
                type 1024 %1$s$V1 constructor
                  1 a native LONG
                  2 b native STRING
                  3 color native ENUM<%1$s$Color1>
                enum %1$s$Color1
                  0 RED
                  1 GREEN
                """.formatted(SchemaLockTest.class.getName());
        SchemaLock users = lock.onlyTypes(id -> id >= MessageType.FIRST_USER_ID);
        assertEquals(text, users.text());
        assertEquals(users, SchemaLock.parse(text));
        assertEquals(lock, SchemaLock.parse(SchemaLock.write(SchemaLock.EMPTY, models(V1.class))));
    }

    @Test
    void theCatalogsLegacyFingerprintComesFromItsFirstLock() {
        TypeRegistry catalog = TypeRegistry.catalog();
        SchemaLock lock = SchemaLock.parse(SchemaLock.write(SchemaLock.EMPTY, catalog.models()));
        assertEquals(catalog.fingerprint(), lock.legacyFingerprint());
        TypeRegistry users = TypeRegistry.builder().register(ID, SchemaCodecTest.Shapes.class)
                .register(ID + 1, SchemaCodecTest.Point.class).register(ID + 2, V1.class).build();
        SchemaLock userLock = SchemaLock.parse(SchemaLock.write(SchemaLock.EMPTY, users.models()));
        assertEquals(users.fingerprint(), userLock.legacyFingerprint());
        assertEquals(catalog.fingerprint(), userLock.onlyTypes(id -> id <= MessageType.MAX_RESERVED_ID)
                .legacyFingerprint());
    }

    @Test
    void aReorderOfDeclarationsChangesNothingInTheLock() {
        SchemaLock lock = first(V1.class);
        SchemaLock.Reconciliation r = lock.reconcile(models(Reordered.class));
        assertEquals(List.of("type 1024 was " + V1.class.getName() + " and is " + Reordered.class.getName()),
                r.changes());
        assertEquals(List.of(1, 2, 3), r.lock().types().get(ID).fields().stream().map(SchemaLock.LockedField::tag)
                .toList());
        assertEquals(List.of("a", "b", "color"), r.lock().types().get(ID).fields().stream()
                .map(SchemaLock.LockedField::name).toList());
        // the schema keeps the order the bytes have, each component with its locked tag
        Schema schema = Schema.of(models(Reordered.class), r.lock());
        assertEquals(List.of("color (tag 3)", "b (tag 2)", "a (tag 1)"), schema.type(ID).fields().stream()
                .map(FieldSchema::label).toList());
    }

    @Test
    void aNewComponentTakesTheNextUnusedTagAndARemovedOneRetiresItsTag() {
        SchemaLock lock = first(V1.class);
        SchemaLock.Reconciliation removed = lock.reconcile(models(Removed.class));
        assertEquals(List.of("type 1024 was " + V1.class.getName() + " and is " + Removed.class.getName(),
                "type 1024 (" + Removed.class.getName() + "): component b (tag 2) is removed: its tag is retired"),
                removed.changes());
        SchemaLock.Reconciliation added = removed.lock().reconcile(models(Added.class));
        String where = "type 1024 (" + Added.class.getName() + "): component ";
        assertEquals(List.of("type 1024 was " + Removed.class.getName() + " and is " + Added.class.getName(),
                where + "b is new (tag 4)", where + "c is new (tag 5)"), added.changes());
        assertEquals("  retired 2", added.lock().text().lines().filter(l -> l.contains("retired")).findFirst()
                .orElseThrow());
        assertEquals(List.of("4 b", "5 c"), added.lock().types().get(ID).fields().stream()
                .filter(f -> f.tag() > 3).map(f -> f.tag() + " " + f.name()).toList());
    }

    @Test
    void aRenameWithoutWireTagIsARemovalAndAnAdditionNamingBothAndTheFix() {
        SchemaLock lock = first(V1.class);
        String where = "type 1024 (" + Renamed.class.getName() + "): ";
        assertEquals(List.of("type 1024 was " + V1.class.getName() + " and is " + Renamed.class.getName(),
                where + "component name is new (tag 4)",
                where + "component b (tag 2) is removed: its tag is retired",
                where + "name is new and [b (tag 2)] removed: if name is a renamed one, annotate it @WireTag(<its"
                        + " tag>) to keep that tag, for example @WireTag(2); otherwise this is a removal and an"
                        + " addition"), lock.reconcile(models(Renamed.class)).changes());
        SchemaLock.Reconciliation kept = lock.reconcile(models(RenamedWithTag.class));
        assertEquals(List.of("type 1024 was " + V1.class.getName() + " and is " + RenamedWithTag.class.getName(),
                "type 1024 (" + RenamedWithTag.class.getName() + "): component b (tag 2) is renamed name"),
                kept.changes());
        assertEquals("name", kept.lock().types().get(ID).byTag(2).name());
    }

    @Test
    void enumConstantsAreMatchedByNameAndAReorderIsRefusedWhileProvidersWriteOrdinals() {
        SchemaLock lock = first(V1.class);
        SchemaLock.Reconciliation widened = lock.reconcile(models(Widened.class));
        assertEquals("enum " + Color2.class.getName() + " is new: [RED=0, GREEN=1, BLUE=2]",
                widened.changes().get(widened.changes().size() - 2));
        SchemaLock blue = first(Widened.class);
        SchemaLock.Reconciliation reordered = blue.reconcile(models(EnumReordered.class));
        assertEquals(List.of(), reordered.refusals());
        String color3 = Color3.class.getName();
        SchemaLock renamedLock = SchemaLock.parse(blue.text().replace(Color2.class.getName(), color3));
        SchemaLock.Reconciliation r = renamedLock.reconcile(models(EnumReordered.class));
        assertEquals(List.of("enum " + color3 + ": constant GREEN has wire number 1 in the lock but ordinal 0"
                + " (expected: equal; raftwire writes an enum constant by its ordinal until providers resolve schemas,"
                + " docs/upgrades.md §3 step 3, so keep constants in their locked order, append new ones, and keep a"
                + " removed one in place)", "enum " + color3 + ": constant RED has wire number 0 in the lock but"
                + " ordinal 1 (expected: equal; raftwire writes an enum constant by its ordinal until providers"
                + " resolve schemas, docs/upgrades.md §3 step 3, so keep constants in their locked order, append new"
                + " ones, and keep a removed one in place)"), r.refusals());
        assertSame(renamedLock, r.lock());
    }

    @Test
    void registrationAgainstALockListsEveryDifferenceAtOnce() {
        SchemaLock lock = first(V1.class);
        TypeRegistry same = TypeRegistry.builder().register(ID, V1.class).lock(lock).build();
        assertSame(lock, same.lock());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TypeRegistry.builder()
                .register(ID, Renamed.class).register(ID + 1, Extra.class).lock(lock).build());
        String r = Renamed.class.getName();
        assertEquals("""
                the registered types differ from their schema lock in 6 way(s) (expected: the types the lock records;\
                 write the lock again with SchemaLock.write and commit it after review, or undo the change):
                  type 1024 was %1$s and is %2$s
                  type 1024 (%2$s): component name is new (tag 4)
                  type 1024 (%2$s): component b (tag 2) is removed: its tag is retired
                  type 1024 (%2$s): name is new and [b (tag 2)] removed: if name is a renamed one, annotate it\
                 @WireTag(<its tag>) to keep that tag, for example @WireTag(2); otherwise this is a removal and an\
                 addition
                  type 1025 (%3$s) is new
                  type 1025 (%3$s): component s is new (tag 1)""".formatted(V1.class.getName(), r,
                Extra.class.getName()), e.getMessage());
    }

    @Test
    void withoutALockARegistryBuildsAsBeforeAndItsSchemaHasAFirstLocksTags() {
        TypeRegistry r = TypeRegistry.builder().register(ID, Reordered.class).build();
        assertNull(r.lock());
        assertEquals(List.of(1, 2, 3), r.schema().type(ID).fields().stream().map(FieldSchema::tag).toList());
        assertEquals(List.of(2, 1), TypeRegistry.builder().register(ID, RenamedWithTagFirst.class).build().schema()
                .type(ID).fields().stream().map(FieldSchema::tag).toList());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TypeRegistry.builder()
                .register(ID, TwoTags.class).build().schema());
        assertEquals("the registered types cannot be locked: 1 problem(s):\n  type 1024 (" + TwoTags.class.getName()
                + "): tag 1 is given to two components, one of them b (expected: one tag per component; check the"
                + " @WireTag annotations)", e.getMessage());
    }

    record RenamedWithTagFirst(long a, @WireTag(1) String b) { }

    @Test
    void aLockFileThatIsNotOneIsRefusedNamingTheLine() {
        String head = "raftwire-schema-lock 1\n";
        assertEquals("line 1: 'raftwire-schema-lock 2' (expected: 'raftwire-schema-lock 1')",
                assertThrows(IllegalArgumentException.class, () -> SchemaLock.parse("raftwire-schema-lock 2\n"))
                        .getMessage());
        assertEquals("line 3: shape 'LIST(LIST)<STRING' at character 18 (expected: '>')", assertThrows(
                IllegalArgumentException.class, () -> SchemaLock.parse(head + "type 1024 a.B constructor\n"
                        + "  1 x native LIST(LIST)<STRING\n")).getMessage());
        assertEquals("line 3: type id '01024' (expected: a decimal number without sign or leading zero)",
                assertThrows(IllegalArgumentException.class, () -> SchemaLock.parse(head + "# c\ntype 01024 a.B"
                        + " constructor\n")).getMessage());
        assertEquals("line 2: type 1024: tag 1 after tag 2 (expected: components in increasing tag)",
                assertThrows(IllegalArgumentException.class, () -> SchemaLock.parse(head + "type 1024 a.B fields\n"
                        + "  2 x native LONG\n  1 y native LONG\n")).getMessage());
        assertEquals("line 3: shape 'STRING?' at character 7 (expected: no '?' after STRING, which is always"
                + " nullable)", assertThrows(IllegalArgumentException.class,
                () -> SchemaLock.parse(head + "type 1024 a.B fields\n  1 x native STRING?\n")).getMessage());
        assertEquals("line 2: type 1024 gives retired tag 1 to x (expected: a retired tag is never given again)",
                assertThrows(IllegalArgumentException.class, () -> SchemaLock.parse(head + "type 1024 a.B fields\n"
                        + "  1 x native LONG\n  retired 1\n")).getMessage());
    }
}
