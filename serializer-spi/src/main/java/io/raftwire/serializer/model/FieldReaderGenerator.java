package io.raftwire.serializer.model;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Generates the {@link FieldReader} of one field with ASM: a hidden class defined in the nest of the field's declaring
 * class ({@code NESTMATE}), so that its {@code getfield} may read a private field. One reader per field, defined on
 * first use and shared by every codec that reads the field; thread-safe.
 */
final class FieldReaderGenerator {

    private static final String READER = Type.getInternalName(FieldReader.class);
    /**
     * The readers defined so far, per declaring class and field name: a superclass field that many registered types
     * inherit (the catalog's 11 responses share {@code AbstractRaftResponse}'s two) gets one reader, not one per type
     * and registry. Held by the declaring class, so a reader lives as long as that class.
     */
    private static final ClassValue<Map<String, FieldReader>> READERS = new ClassValue<>() {
        @Override
        protected Map<String, FieldReader> computeValue(Class<?> owner) {
            return new ConcurrentHashMap<>();
        }
    };

    private FieldReaderGenerator() {
    }

    /**
     * The reader of {@code field}.
     *
     * @param lookup a lookup with private access to the registered type, from which the declaring class's is taken
     * @throws ReflectiveOperationException if the declaring class's package is not open to raftwire
     */
    static FieldReader of(Field field, MethodHandles.Lookup lookup) throws ReflectiveOperationException {
        Class<?> owner = field.getDeclaringClass();
        MethodHandles.Lookup ownerLookup = MethodHandles.privateLookupIn(owner, lookup); // the access check, every call
        Map<String, FieldReader> readers = READERS.get(owner);
        FieldReader reader = readers.get(field.getName());
        if (reader != null) {
            return reader;
        }
        MethodHandles.Lookup hidden = ownerLookup.defineHiddenClass(classBytes(field), true,
                MethodHandles.Lookup.ClassOption.NESTMATE);
        reader = (FieldReader) CodecGenerator.newInstance(hidden, "the reader of " + owner.getName() + "."
                + field.getName());
        FieldReader first = readers.putIfAbsent(field.getName(), reader);
        return first != null ? first : reader;
    }

    /** {@code <type> get<Type>(Object owner)}: cast, {@code getfield}, return. */
    private static byte[] classBytes(Field field) {
        String owner = Type.getInternalName(field.getDeclaringClass());
        Type value = Type.getType(field.getType());
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        MethodVisitor init = CodecGenerator.beginClass(cw, owner + "$$RaftwireFieldReader", READER);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, FieldReader.methodFor(field.getType()),
                FieldReader.descriptorFor(field.getType()), null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitTypeInsn(Opcodes.CHECKCAST, owner);
        mv.visitFieldInsn(Opcodes.GETFIELD, owner, field.getName(), value.getDescriptor());
        mv.visitInsn(value.getOpcode(Opcodes.IRETURN));
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
