package io.raftwire.serializer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.serializer.DecodeThrough;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.ConstructorTypes;

import org.junit.jupiter.api.Test;

/** Which constructors decoding goes through, and why not the others. */
class ConstructorCheckTest {

    private final TypeRegistry registry = ConstructorTypes.registry();

    private TypeModel model(Class<?> type) {
        return registry.find(type);
    }

    @Test
    void constructorsThatChangeAnArgumentAreNotUsedAndTheNoteSaysWhy() {
        for (Class<?> type : new Class<?>[] {ConstructorTypes.NamespacedKey.class, ConstructorTypes.SortedTags.class,
                ConstructorTypes.TrimmedName.class, ConstructorTypes.CopiedItems.class}) {
            TypeModel m = model(type);
            assertFalse(m.throughConstructor(), type.getSimpleName());
            assertTrue(m.decodingNote().startsWith("decoded field by field, not through its constructor: "),
                    m.decodingNote());
        }
        assertTrue(model(ConstructorTypes.NamespacedKey.class).decodingNote().contains("it stores into 'key' a value"
                + " other than its argument unchanged"), model(ConstructorTypes.NamespacedKey.class).decodingNote());
        assertTrue(model(ConstructorTypes.TrimmedName.class).decodingNote().contains("'name'"));
        assertTrue(model(ConstructorTypes.CopiedItems.class).decodingNote().contains("java.util.ArrayList"),
                model(ConstructorTypes.CopiedItems.class).decodingNote());
        assertTrue(model(ConstructorTypes.NotFinalFields.class).decodingNote().contains("field 'name' is not final"),
                model(ConstructorTypes.NotFinalFields.class).decodingNote());
    }

    @Test
    void constructorsThatStoreTheirArgumentsUnchangedAreUsedWithoutAnyCheck() {
        for (Class<?> type : new Class<?>[] {ConstructorTypes.CheckedEndpoint.class,
                ConstructorTypes.CheckedRecord.class, ConstructorTypes.MarkedRange.class}) {
            TypeModel m = model(type);
            assertTrue(m.throughConstructor(), type.getSimpleName());
            assertNull(m.decodingNote(), type.getSimpleName());
        }
    }

    @Test
    void recordsWhoseConstructorIsNotShownUnchangedAreCheckedOnEveryDecode() {
        for (Class<?> type : new Class<?>[] {ConstructorTypes.LowerCaseRecord.class,
                ConstructorTypes.SortedRecord.class, ConstructorTypes.TrimmedRecord.class,
                ConstructorTypes.PrefixedRecord.class}) {
            TypeModel m = model(type);
            assertTrue(m.throughConstructor(), type.getSimpleName());
            assertTrue(m.decodingNote().startsWith("its canonical constructor is not shown to store its arguments"
                    + " unchanged"), m.decodingNote());
        }
        // List.copyOf and an array's clone keep an equal value: no check needed
        assertNull(model(ConstructorTypes.CopiedRecord.class).decodingNote());
    }

    @Test
    void theCheckRefusesAChangedComponentAndPassesAnUnchangedOne() {
        TypeModel m = model(ConstructorTypes.PrefixedRecord.class);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> m.instantiate(new Object[] {"ns/user/42"}));
        assertEquals("PrefixedRecord's canonical constructor changed component 'key' (expected: a record constructor"
                + " that keeps the values it produced, since a record is decoded through it; make the change"
                + " idempotent, or use a class, which is decoded field by field)", e.getMessage());
        assertEquals(new ConstructorTypes.LowerCaseRecord("abc"),
                model(ConstructorTypes.LowerCaseRecord.class).instantiate(new Object[] {"abc"}));
    }

    /** Two marks. */
    static final class TwoMarks {
        private final int a;

        @DecodeThrough
        TwoMarks(int a) {
            this.a = a;
        }

        @DecodeThrough
        TwoMarks(long a) {
            this.a = (int) a;
        }
    }

    /** A mark on a constructor that does not take the fields. */
    static final class WrongMark {
        private final int a;
        private final int b;

        @DecodeThrough
        WrongMark(int a) {
            this.a = a;
            this.b = 0;
        }
    }

    @Test
    void misplacedMarksAreRefusedAtRegistration() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TypeRegistry.builder()
                .register(1024, TwoMarks.class).register(1025, WrongMark.class).build());
        assertTrue(e.getMessage().contains("TwoMarks marks 2 constructors @DecodeThrough (expected: at most one;"
                + " remove the mark from all but one)"), e.getMessage());
        assertTrue(e.getMessage().contains("WrongMark marks a @DecodeThrough constructor with parameters [int a],"
                + " which are not exactly its fields [int a, int b] (expected: one parameter per non-transient"
                + " instance field, same name and type; compile with -parameters)"), e.getMessage());
    }
}
