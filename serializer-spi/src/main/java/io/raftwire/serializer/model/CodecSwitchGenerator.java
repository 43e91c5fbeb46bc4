package io.raftwire.serializer.model;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Generates a {@link CodecSwitch} with ASM: a hidden class in raftwire's own package whose {@code encode} is a
 * {@code lookupswitch} on the id, each branch an {@code invokeExact} of a method handle bound to the type's generated
 * codec, loaded as a constant ({@code ldc} of a dynamic constant from the class data). A constant method handle bound
 * to a constant receiver is a call the JIT can resolve and inline like a static call. The constructor loads every
 * constant once: JDK 17's JIT does not compile a method holding a dynamic constant that was never resolved, and most
 * branches are not taken before the switch gets hot. Stateless.
 */
final class CodecSwitchGenerator {

    private static final String SWITCH = Type.getInternalName(CodecSwitch.class);
    private static final String MH = Type.getInternalName(MethodHandle.class);
    private static final String MH_DESC = Type.getDescriptor(MethodHandle.class);
    private static final String WRITER = Type.getDescriptor(ComponentWriter.class);
    private static final String OBJECT = "Ljava/lang/Object;";
    private static final Handle CLASS_DATA_AT = new Handle(Opcodes.H_INVOKESTATIC, "java/lang/invoke/MethodHandles",
            "classDataAt", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;I)"
            + "Ljava/lang/Object;", false);

    private CodecSwitchGenerator() {
    }

    /** Defines the switch over {@code models}: each has a generated codec; sorted by id, at least one. */
    static CodecSwitch define(List<TypeModel> models) {
        List<MethodHandle> handles = new ArrayList<>(models.size());
        int[] ids = new int[models.size()];
        for (int k = 0; k < ids.length; k++) {
            ids[k] = models.get(k).id();
            handles.add(encodeOf(models.get(k).generated()));
        }
        byte[] bytes = classBytes(ids);
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClassWithClassData(bytes,
                    List.copyOf(handles), false);
            return (CodecSwitch) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class))
                    .invoke();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("the codec switch of " + ids.length + " types could not be defined", e);
        }
    }

    /** The encode of one type's generated codec, as a method handle bound to it. */
    private static MethodHandle encodeOf(GeneratedCodec codec) {
        try {
            return MethodHandles.lookup().findVirtual(GeneratedCodec.class, "encode", MethodType.methodType(void.class,
                    Object.class, ComponentWriter.class, Object.class, Object.class)).bindTo(codec);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("GeneratedCodec's own methods are not accessible to raftwire", e);
        }
    }

    /** The class file of the switch over {@code ids} (sorted, distinct); package-private for the size test. */
    static byte[] classBytes(int[] ids) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        MethodVisitor init = CodecGenerator.beginClass(cw, SWITCH + "$$Generated", SWITCH);
        for (int slot = 0; slot < ids.length; slot++) {
            init.visitLdcInsn(handle(slot));
            init.visitInsn(Opcodes.POP);
        }
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        encode(cw, ids);
        cw.visitEnd();
        return cw.toByteArray();
    }

    /**
     * {@code encode(id, value, writer, a, b)}: {@code lookupswitch} on the id; branch k loads handle k, pushes the
     * four other arguments, calls it and returns; the default throws {@link CodecSwitch#notInSwitch}'s exception.
     */
    private static void encode(ClassWriter cw, int[] ids) {
        String arguments = OBJECT + WRITER + OBJECT + OBJECT;
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "encode", "(I" + arguments + ")V", null,
                new String[] {"java/io/IOException"});
        mv.visitCode();
        Label unknown = new Label();
        Label[] labels = new Label[ids.length];
        for (int k = 0; k < ids.length; k++) {
            labels[k] = new Label();
        }
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitLookupSwitchInsn(unknown, ids, labels);
        for (int k = 0; k < ids.length; k++) {
            mv.visitLabel(labels[k]);
            mv.visitLdcInsn(handle(k));
            for (int local = 2; local <= 5; local++) {
                mv.visitVarInsn(Opcodes.ALOAD, local);
            }
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, MH, "invokeExact", "(" + arguments + ")V", false);
            mv.visitInsn(Opcodes.RETURN);
        }
        mv.visitLabel(unknown);
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, SWITCH, "notInSwitch", "(I)Ljava/lang/IllegalStateException;",
                false);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private static ConstantDynamic handle(int slot) {
        return new ConstantDynamic("_", MH_DESC, CLASS_DATA_AT, slot);
    }
}
