package io.raftwire.serializer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class FieldReaderTest {

    private static FieldReader reader(String name) throws ReflectiveOperationException {
        Field field = ReaderBase.class.getDeclaredField(name);
        return FieldReaderGenerator.of(field, MethodHandles.privateLookupIn(ReaderSub.class, MethodHandles.lookup()));
    }

    @Test
    void eachReaderReturnsItsPrivateFieldOfASubclassInstance() throws ReflectiveOperationException {
        ReaderSub owner = new ReaderSub();
        assertTrue(reader("z").getBoolean(owner));
        assertEquals(-2, reader("b").getByte(owner));
        assertEquals(-300, reader("s").getShort(owner));
        assertEquals('x', reader("c").getChar(owner));
        assertEquals(-70_000, reader("i").getInt(owner));
        assertEquals(Long.MIN_VALUE + 1, reader("j").getLong(owner));
        assertEquals(7.5f, reader("f").getFloat(owner));
        assertEquals(-8.25, reader("d").getDouble(owner));
        assertSame(ReaderBase.O, reader("o").getObject(owner));
    }

    @Test
    void theMethodOfAnotherTypeIsRefusedNamingTheTypeItDoesNotRead() throws ReflectiveOperationException {
        FieldReader longs = reader("j");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> longs.getInt(new ReaderSub()));
        assertTrue(e.getMessage().contains("does not read a field of int (expected: the method of its field's type)"),
                e.getMessage());
        assertThrows(ClassCastException.class, () -> longs.getLong("not a ReaderBase"), "the reader casts its owner");
    }

    @Test
    void aFieldHasOneReaderSharedByEveryCodecThatReadsIt() throws ReflectiveOperationException {
        assertSame(reader("j"), reader("j"), "a second codec reading the field gets the same reader");
        assertNotSame(reader("j"), reader("i"), "another field of the same class has its own");
    }

    @Test
    void theMethodNamesFollowTheFieldsType() {
        assertEquals("getLong", FieldReader.methodFor(long.class));
        assertEquals("getBoolean", FieldReader.methodFor(boolean.class));
        assertEquals("getObject", FieldReader.methodFor(String.class));
        assertEquals("getObject", FieldReader.methodFor(int[].class));
    }
}

/**
 * A base class in its own nest with a private field of every primitive type and a reference, as a superclass a
 * generated codec cannot read with {@code getfield} has.
 */
class ReaderBase {
    static final String O = "o";
    private final boolean z = true;
    private final byte b = -2;
    private final short s = -300;
    private final char c = 'x';
    private final int i = -70_000;
    private final long j = Long.MIN_VALUE + 1;
    private final float f = 7.5f;
    private final double d = -8.25;
    private final String o = O;
}

/** A subclass of {@link ReaderBase}, the type a codec is generated for. */
final class ReaderSub extends ReaderBase {
}
