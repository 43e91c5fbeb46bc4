package io.raftwire.serializer.model;

import java.lang.invoke.MethodHandles;
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
 * {@code lookupswitch} on the id, each branch an {@code invokevirtual} of {@link GeneratedCodec#encode} on that type's
 * codec loaded as a constant ({@code ldc} of a dynamic constant from the class data). The JIT knows a constant's exact
 * class, so it binds each branch's call to that codec's own {@code encode} at compile time: inlined where the branch is
 * hot and the inlining budget allows, otherwise a direct call. The constructor loads every constant once: JDK 17's JIT
 * does not compile a method holding a dynamic constant that was never resolved, and most branches are not taken before
 * the switch gets hot. Stateless.
 *
 * <p>Not a constant {@code MethodHandle} per branch, as the first version had: in most JVMs running only kryo
 * (JDK 17), the catalog's full-set encode was then several times slower, and a profile of one such JVM had the calls
 * from the switch going through the generic {@code invokeExact} invoker, with its type check, cast and null check,
 * instead of being bound.
 */
final class CodecSwitchGenerator {

    private static final String SWITCH = Type.getInternalName(CodecSwitch.class);
    private static final String CODEC = Type.getInternalName(GeneratedCodec.class);
    private static final String CODEC_DESC = Type.getDescriptor(GeneratedCodec.class);
    private static final String WRITER = Type.getDescriptor(ComponentWriter.class);
    private static final String OBJECT = "Ljava/lang/Object;";
    private static final Handle CLASS_DATA_AT = new Handle(Opcodes.H_INVOKESTATIC, "java/lang/invoke/MethodHandles",
            "classDataAt", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;I)"
            + "Ljava/lang/Object;", false);

    private CodecSwitchGenerator() {
    }

    /** Defines the switch over {@code models}: each has a generated codec; sorted by id, at least one. */
    static CodecSwitch define(List<TypeModel> models) {
        List<GeneratedCodec> codecs = new ArrayList<>(models.size());
        int[] ids = new int[models.size()];
        for (int k = 0; k < ids.length; k++) {
            ids[k] = models.get(k).id();
            codecs.add(models.get(k).generated());
        }
        byte[] bytes = classBytes(ids);
        String what = "the codec switch of " + ids.length + " types";
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClassWithClassData(bytes,
                    List.copyOf(codecs), false);
            return (CodecSwitch) CodecGenerator.newInstance(hidden, what);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(what + " could not be defined", e);
        }
    }

    /** The class file of the switch over {@code ids} (sorted, distinct); package-private for the size test. */
    static byte[] classBytes(int[] ids) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        MethodVisitor init = CodecGenerator.beginClass(cw, SWITCH + "$$Generated", SWITCH);
        for (int slot = 0; slot < ids.length; slot++) {
            init.visitLdcInsn(codec(slot));
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
     * {@code encode(id, value, writer, a, b)}: {@code lookupswitch} on the id; branch k loads codec k, pushes the
     * four other arguments, calls its {@code encode} and returns; the default throws {@link CodecSwitch#notInSwitch}'s
     * exception.
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
            mv.visitLdcInsn(codec(k));
            for (int local = 2; local <= 5; local++) {
                mv.visitVarInsn(Opcodes.ALOAD, local);
            }
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, CODEC, "encode", "(" + arguments + ")V", false);
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

    private static ConstantDynamic codec(int slot) {
        return new ConstantDynamic("_", CODEC_DESC, CLASS_DATA_AT, slot);
    }
}
