package io.raftwire.serializer.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.message.MessageType;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.WireTag;
import io.raftwire.serializer.model.TypeModel;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The evolution table as {@link SchemaCompatibility#compare} decides it, for every change of the integration tests'
 * {@code EvolutionTodayTest} and both directions: each cell's read plan or its problems, with no serializer involved.
 * Each version's schema comes the way an application's does: the old types get a first lock, the new types are
 * reconciled with it.
 */
@Timeout(30)
class SchemaCompatibilityTest {

    static final int ID = 1024;

    record AddV1(long a, String b) { }

    record AddV2(long a, String b, String c) { }

    record RemoveV1(long a, String b, String c) { }

    record RemoveV2(long a, String b) { }

    record RenameV1(long a, String b) { }

    record RenameV2(long a, String name) { }

    record RenameTaggedV2(long a, @WireTag(2) String name) { }

    record ReorderV1(long a, String b) { }

    record ReorderV2(String b, long a) { }

    enum Color1 { RED, GREEN }

    enum Color2 { RED, GREEN, BLUE }

    record EnumV1(Color1 color) { }

    record EnumV2(Color2 color) { }

    record WidenV1(int n) { }

    record WidenV2(long n) { }

    record FloatV1(Float n) { }

    record FloatV2(Double n) { }

    record TypeV1(String n) { }

    record TypeV2(long n) { }

    record NonNullV1(Long n) { }

    record NonNullV2(long n) { }

    record Kept(long a) { }

    record Extra(String s) { }

    record ListV1(java.util.List<Color1> colors, java.util.List<Integer> counts) { }

    record ListV2(java.util.List<Color2> colors, java.util.List<Long> counts) { }

    private static Collection<TypeModel> models(Class<?>... types) {
        TypeRegistry.Builder b = TypeRegistry.builder();
        for (int i = 0; i < types.length; i++) {
            b.register(ID + i, types[i]);
        }
        return b.build().models();
    }

    /** The old and the new schema: a first lock for the old types, the new ones reconciled with it. */
    private static Schema[] versions(Class<?>[] older, Class<?>[] newer) {
        SchemaLock first = SchemaLock.EMPTY.reconcile(models(older)).lock();
        SchemaLock.Reconciliation next = first.reconcile(models(newer));
        assertEquals(List.of(), next.refusals());
        return new Schema[] {Schema.of(models(older), first), Schema.of(models(newer), next.lock())};
    }

    /** Both cells of one change: new code reading old bytes, old code reading new bytes. */
    private static List<String> cells(Class<?> older, Class<?> newer) {
        return cells(new Class<?>[] {older}, new Class<?>[] {newer});
    }

    private static List<String> cells(Class<?>[] older, Class<?>[] newer) {
        Schema[] v = versions(older, newer);
        return List.of(render(SchemaCompatibility.compare(v[0], v[1])), render(SchemaCompatibility.compare(v[1], v[0])));
    }

    /** A result in one line: per type its steps, or every problem. */
    static String render(SchemaCompatibility.Result r) {
        if (!r.compatible()) {
            return "refused: " + String.join(" | ", r.problems());
        }
        List<String> parts = new ArrayList<>();
        r.plans().tailMap(MessageType.FIRST_USER_ID).forEach((id, plan) -> {
            List<String> steps = new ArrayList<>();
            for (ReadPlan.Read read : plan.reads()) {
                String w = read.written().name() + "(" + read.written().tag() + ")";
                if (read.skipped()) {
                    steps.add(w + " skipped");
                    continue;
                }
                String s = w + "->" + plan.reader().fields().get(read.readerIndex()).name() + "#" + read.readerIndex();
                if (read.conversion() != ReadPlan.Conversion.NONE) {
                    s += " " + read.conversion();
                }
                for (ReadPlan.EnumMapping m : read.enums()) {
                    s += " enum" + m.path() + " " + m.readerByWritten().entrySet().stream()
                            .map(e -> e.getKey() + "->" + e.getValue()).collect(Collectors.joining(","))
                            + (m.unknown().isEmpty() ? "" : " unknown " + m.unknown());
                }
                steps.add(s);
            }
            for (ReadPlan.Default d : plan.defaults()) {
                steps.add(d.field().name() + "#" + d.readerIndex() + "=" + d.value());
            }
            parts.add(id + (plan.identity() ? " identity" : "") + ": " + String.join(", ", steps));
        });
        r.unreadable().forEach((id, c) -> parts.add(id + ": not registered by the reader"));
        return String.join("; ", parts);
    }

    @Test
    void addAField() {
        assertEquals(List.of("1024: a(1)->a#0, b(2)->b#1, c#2=null", "1024: a(1)->a#0, b(2)->b#1, c(3) skipped"),
                cells(AddV1.class, AddV2.class));
    }

    @Test
    void removeAField() {
        assertEquals(List.of("1024: a(1)->a#0, b(2)->b#1, c(3) skipped", "1024: a(1)->a#0, b(2)->b#1, c#2=null"),
                cells(RemoveV1.class, RemoveV2.class));
    }

    @Test
    void renameAFieldKeepingItsTag() {
        assertEquals(List.of("1024 identity: a(1)->a#0, b(2)->name#1", "1024 identity: a(1)->a#0, name(2)->b#1"),
                cells(RenameV1.class, RenameTaggedV2.class));
    }

    @Test
    void renameAFieldWithoutWireTagIsARemovalAndAnAddition() {
        assertEquals(List.of("1024: a(1)->a#0, b(2) skipped, name#1=null", "1024: a(1)->a#0, name(3) skipped, b#1=null"),
                cells(RenameV1.class, RenameV2.class));
    }

    @Test
    void reorderFields() {
        assertEquals(List.of("1024: a(1)->a#1, b(2)->b#0", "1024: b(2)->b#1, a(1)->a#0"),
                cells(ReorderV1.class, ReorderV2.class));
    }

    @Test
    void addAnEnumConstant() {
        assertEquals(List.of("1024: color(1)->color#0 enum 0->RED=0,1->GREEN=1",
                "1024: color(1)->color#0 enum 0->RED=0,1->GREEN=1 unknown [BLUE=2]"), cells(EnumV1.class, EnumV2.class));
    }

    @Test
    void widenIntToLongSignExtendsAndNarrowingIsRefused() {
        String where = "WidenV1 (type 1024) component n (tag 1): written as LONG (non-null), read as INT (non-null): ";
        assertEquals(List.of("1024: n(1)->n#0 INT_TO_LONG", "refused: " + where + "the type changed (expected: the"
                + " same kind, or a widening of the component itself from INT to LONG or from FLOAT to DOUBLE; to"
                + " change a type, add a component under a new name and remove the old one)"),
                cells(WidenV1.class, WidenV2.class));
        assertEquals("1024: n(1)->n#0 FLOAT_TO_DOUBLE", cells(FloatV1.class, FloatV2.class).get(0));
    }

    @Test
    void changeAFieldsTypeIsRefusedBothWays() {
        String tail = "the type changed (expected: the same kind, or a widening of the component itself from INT to"
                + " LONG or from FLOAT to DOUBLE; to change a type, add a component under a new name and remove the"
                + " old one)";
        assertEquals(List.of("refused: TypeV2 (type 1024) component n (tag 1): written as STRING, read as LONG"
                + " (non-null): " + tail, "refused: TypeV1 (type 1024) component n (tag 1): written as LONG"
                + " (non-null), read as STRING: " + tail), cells(TypeV1.class, TypeV2.class));
    }

    @Test
    void makeAFieldNonNullIsRefusedAtCompareNotReadAsZero() {
        assertEquals(List.of("refused: NonNullV2 (type 1024) component n (tag 1): written as LONG? (nullable), read as"
                + " LONG (non-null): a null written has no value to read (expected: a nullable reader component,"
                + " such as the box type; a null is refused here rather than read as 0)", "1024: n(1)->n#0"),
                cells(NonNullV1.class, NonNullV2.class));
    }

    @Test
    void addAType() {
        assertEquals(List.of("1024 identity: a(1)->a#0", "1024 identity: a(1)->a#0; 1025: not registered by the reader"),
                cells(new Class<?>[] {Kept.class}, new Class<?>[] {Kept.class, Extra.class}));
    }

    @Test
    void enumsInsideCollectionsMapByNameAndElementsDoNotWiden() {
        Schema[] v = versions(new Class<?>[] {ListV1.class}, new Class<?>[] {ListV2.class});
        SchemaCompatibility.Result r = SchemaCompatibility.compare(v[0], v[1]);
        assertEquals(List.of("ListV2 (type 1024) component counts (tag 2): written as LIST(LIST)<INT?>, read as"
                + " LIST(LIST)<LONG?>: its.element changed from INT? to LONG? (expected: the same shape inside a"
                + " component; a widening applies to a component itself, not to its elements)"), r.problems());
    }

    @Test
    void everyProblemOfEveryTypeIsListedAtOnceAndAPlanIsRefusedWhileThereIsOne() {
        Schema[] v = versions(new Class<?>[] {TypeV1.class, NonNullV1.class, Kept.class},
                new Class<?>[] {TypeV2.class, NonNullV2.class, Kept.class});
        SchemaCompatibility.Result r = SchemaCompatibility.compare(v[0], v[1]);
        assertEquals(2, r.problems().size());
        assertTrue(r.problems().get(0).startsWith("TypeV2 (type 1024) component n (tag 1)"), r.problems().get(0));
        assertTrue(r.problems().get(1).startsWith("NonNullV2 (type 1025) component n (tag 1)"), r.problems().get(1));
        assertEquals(List.of(1026), List.copyOf(r.plans().tailMap(ID).keySet()));
        assertFalse(r.compatible());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.plan(1026));
        assertEquals("the reader's types cannot read the writer's: 2 problem(s):\n  " + String.join("\n  ",
                r.problems()), e.getMessage());
    }
}
