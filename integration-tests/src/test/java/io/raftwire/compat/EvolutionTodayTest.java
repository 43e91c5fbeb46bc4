package io.raftwire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What each provider does today when the writer and the reader register two versions of one class under one id
 * (issue 26 item 2, "measured today"): for every change of the evolution table and both directions (new code reading
 * old bytes, old code reading new bytes), the value read or the refusal. It asserts today's results exactly, so the
 * work that makes types evolvable sees precisely which cells it moves. The rows are in {@code evolution-today.txt}
 * beside this class (test resources); the table is printed, and summarised in {@code docs/upgrades.md}. No cluster,
 * no handshake: the bytes go straight from one serializer to the other, as they would once two members' registries
 * disagree on a type (today the handshake and the data directory's header refuse that before any payload is read).
 *
 * <p>A cell reads {@code ok <value>} when the reader got what a compatible format must give (the written values, the
 * added field at its declared default), {@code WRONG <value>} when it got something else without an error, and
 * {@code refused <message>} when decoding threw.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
class EvolutionTodayTest {

    static final int ID = 1024;

    // add a field
    record AddV1(long a, String b) { }

    record AddV2(long a, String b, String c) { }

    // remove a field
    record RemoveV1(long a, String b, String c) { }

    record RemoveV2(long a, String b) { }

    // rename a field
    record RenameV1(long a, String b) { }

    record RenameV2(long a, String name) { }

    // reorder the declarations
    record ReorderV1(long a, String b) { }

    record ReorderV2(String b, long a) { }

    // add an enum constant
    enum Color1 { RED, GREEN }

    enum Color2 { RED, GREEN, BLUE }

    record EnumV1(Color1 color) { }

    record EnumV2(Color2 color) { }

    // widen a number
    record WidenV1(int n) { }

    record WidenV2(long n) { }

    // change a field's type
    record TypeV1(String n) { }

    record TypeV2(long n) { }

    // make a field non-null
    record NonNullV1(Long n) { }

    record NonNullV2(long n) { }

    // add a type (the new registry also registers Extra under ID + 1)
    record Kept(long a) { }

    record Extra(String s) { }

    /**
     * One change: the old and new class, a value of each, and what a compatible reader of the other version gets
     * ({@code null}: only a refusal is right).
     */
    record Change(String name, Class<?> oldType, Object oldValue, Class<?> newType, Object newValue,
            Object newReadsOld, Object oldReadsNew, boolean addsType) { }

    static List<Change> changes() {
        return List.of(
                new Change("add a field", AddV1.class, new AddV1(7, "x"), AddV2.class, new AddV2(7, "x", "y"),
                        new AddV2(7, "x", null), new AddV1(7, "x"), false),
                new Change("remove a field", RemoveV1.class, new RemoveV1(7, "x", "y"), RemoveV2.class,
                        new RemoveV2(7, "x"), new RemoveV2(7, "x"), new RemoveV1(7, "x", null), false),
                new Change("rename a field", RenameV1.class, new RenameV1(7, "x"), RenameV2.class,
                        new RenameV2(7, "x"), new RenameV2(7, "x"), new RenameV1(7, "x"), false),
                new Change("reorder fields", ReorderV1.class, new ReorderV1(7, "x"), ReorderV2.class,
                        new ReorderV2("x", 7), new ReorderV2("x", 7), new ReorderV1(7, "x"), false),
                new Change("add an enum constant", EnumV1.class, new EnumV1(Color1.GREEN), EnumV2.class,
                        new EnumV2(Color2.BLUE), new EnumV2(Color2.GREEN), null, false),
                new Change("widen int to long (-1)", WidenV1.class, new WidenV1(-1), WidenV2.class, new WidenV2(-1),
                        new WidenV2(-1), new WidenV1(-1), false),
                new Change("change String to long", TypeV1.class, new TypeV1("12"), TypeV2.class, new TypeV2(12),
                        null, null, false),
                new Change("make Long non-null long", NonNullV1.class, new NonNullV1(null), NonNullV2.class,
                        new NonNullV2(5), null, new NonNullV1(5L), false),
                new Change("add a type", Kept.class, new Kept(7), Kept.class, new Extra("new"), new Kept(7), null,
                        true));
    }

    /**
     * Today's table, one row per change and direction: change | direction | one cell per provider, in
     * {@link CompatFixtures#PROVIDERS} order.
     */
    private static final String TODAY = "evolution-today.txt";

    @Test
    void todaysResultsPerProviderAndChange() {
        List<String> rows = new ArrayList<>();
        for (Change c : changes()) {
            rows.add(row(c, true));
            rows.add(row(c, false));
        }
        String table = String.join("\n", rows) + "\n";
        System.out.println("evolution today (writer and reader register two versions of one class under one id):\n"
                + table);
        assertEquals(expected(), table, "today's results moved: if on purpose, update " + TODAY
                + " and the table in docs/upgrades.md");
    }

    private static String row(Change c, boolean newReadsOld) {
        StringBuilder row = new StringBuilder(c.name()).append(newReadsOld ? " | new reads old" : " | old reads new");
        for (String provider : CompatFixtures.PROVIDERS) {
            row.append(" | ").append(provider).append(": ").append(cell(provider, c, newReadsOld));
        }
        return row.toString();
    }

    private static String cell(String provider, Change c, boolean newReadsOld) {
        Serializer older = serializer(provider, c.oldType(), null);
        Serializer newer = serializer(provider, c.newType(), c.addsType() ? Extra.class : null);
        Serializer writer = newReadsOld ? older : newer;
        Serializer reader = newReadsOld ? newer : older;
        Object written = newReadsOld ? c.oldValue() : c.newValue();
        Object intended = newReadsOld ? c.newReadsOld() : c.oldReadsNew();
        int id = written instanceof Extra ? ID + 1 : ID;
        ByteBuf buf = Unpooled.buffer();
        try {
            writer.encode(written, buf);
            Object read;
            try {
                read = reader.decode(id, buf);
            } catch (RuntimeException e) {
                return "refused " + String.valueOf(e.getMessage()).lines().findFirst().orElse("");
            }
            return (read.equals(intended) ? "ok " : "WRONG ") + read;
        } finally {
            buf.release();
        }
    }

    private static String expected() {
        try (var in = EvolutionTodayTest.class.getResourceAsStream(TODAY)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Serializer serializer(String provider, Class<?> type, Class<?> extra) {
        TypeRegistry.Builder b = TypeRegistry.builder().register(ID, type);
        if (extra != null) {
            b.register(ID + 1, extra);
        }
        return Serializers.create(provider, b.build(), SerializerOptions.defaults());
    }
}
