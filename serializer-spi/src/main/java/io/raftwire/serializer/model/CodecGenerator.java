package io.raftwire.serializer.model;

import io.raftwire.serializer.ValidatedAfterDecode;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Generates the {@link GeneratedCodec} of a registered type with ASM, as a hidden class defined in the type's own nest
 * ({@link MethodHandles.Lookup#defineHiddenClassWithClassData} with {@code NESTMATE}): it may then read the type's
 * private fields with {@code getfield} and call its constructor with {@code new}/{@code invokespecial}, as
 * hand-written code inside the class would. A field it cannot read that way (a private field of a superclass in
 * another nest, a package-private one in another package) is read through a {@link FieldReader} generated into its
 * declaring class's nest, loaded as a constant ({@code ldc} of a dynamic constant taken from the class data) and
 * called with {@code invokevirtual}, a call the JIT binds to that reader. A final field to be set on a type built
 * field by field, or one it cannot write with {@code putfield}, is written through a method handle loaded the same way
 * (decode only). Dynamic constants appear only on paths every call runs: JDK 17's
 * JIT does not compile a method holding one that was never resolved (a decode that held one in an exception handler
 * stayed interpreted, slower than the walk).
 *
 * <p>Why a hidden class per type, not one shared walk: the walk reads each component through a method handle that is
 * not a constant at its call site and builds instances through a spread constructor handle, a large share of codec
 * time on the catalog in a profile; the generated class is one straight-line method per type. The writes and
 * reads themselves stay in the providers ({@link ComponentWriter}, {@link ComponentReader}), shared with their walk, so
 * the layout has one implementation per provider.
 *
 * <p>Generation fails, and the type is walked, when the type's class loader cannot see raftwire's classes or the
 * type's package is not open to raftwire (the reason is kept in {@link TypeModel#notGeneratedReason()}). Stateless.
 */
final class CodecGenerator {

    private static final String CODEC = Type.getInternalName(GeneratedCodec.class);
    private static final String WRITER = Type.getInternalName(ComponentWriter.class);
    private static final String READER = Type.getInternalName(ComponentReader.class);
    private static final String SUPPORT = Type.getInternalName(GeneratedSupport.class);
    private static final String MODEL_DESC = Type.getDescriptor(TypeModel.class);
    private static final String OBJECT = "java/lang/Object";
    private static final String MH = "java/lang/invoke/MethodHandle";
    private static final String FIELD_READER = Type.getInternalName(FieldReader.class);
    private static final String FIELD_READER_DESC = Type.getDescriptor(FieldReader.class);
    private static final Handle CLASS_DATA_AT = new Handle(Opcodes.H_INVOKESTATIC, "java/lang/invoke/MethodHandles",
            "classDataAt", "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;I)"
            + "Ljava/lang/Object;", false);

    /** Locals of {@code encode}: this, value, writer, a, b, then the cast value. */
    private static final int ENCODE_OWNER = 5;
    /** Locals of {@code decode}: this, reader, a, b, then the component values. */
    private static final int DECODE_FIRST = 4;
    /** Locals of {@code instantiate}: this, args, then the component values. */
    private static final int INSTANTIATE_FIRST = 2;

    private final TypeModel model;
    private final Class<?> type;
    private final String internal;
    private final Component[] components;
    /** The constant pool entries taken from the class data: index 0 the model, then field readers, method handles. */
    private final List<Object> classData = new ArrayList<>();
    private final ConstantDynamic modelConstant;
    private final ConstantDynamic[] getters;
    private final ConstantDynamic[] setters;

    private CodecGenerator(TypeModel model) {
        this.model = model;
        this.type = model.javaType();
        this.internal = Type.getInternalName(type);
        this.components = model.components().toArray(new Component[0]);
        this.getters = new ConstantDynamic[components.length];
        this.setters = new ConstantDynamic[components.length];
        this.modelConstant = constant(model, MODEL_DESC);
    }

    /**
     * Generates and defines the codec of {@code model}.
     *
     * @throws ReflectiveOperationException if the type's package or fields are not accessible to raftwire
     * @throws IllegalStateException        if the type cannot be generated on this JVM, saying why
     */
    static GeneratedCodec generate(TypeModel model) throws ReflectiveOperationException {
        return new CodecGenerator(model).define();
    }

    private GeneratedCodec define() throws ReflectiveOperationException {
        ClassLoader loader = type.getClassLoader();
        for (Class<?> needed : new Class<?>[] {GeneratedCodec.class, ValidatedAfterDecode.class}) {
            if (!visible(loader, needed)) {
                throw new IllegalStateException(type.getName() + "'s class loader does not see raftwire's "
                        + needed.getSimpleName() + " (expected: raftwire on the class path of the registered type)");
            }
        }
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
        prepareFieldAccess(lookup);
        byte[] bytes = classBytes();
        MethodHandles.Lookup hidden = lookup.defineHiddenClassWithClassData(bytes, List.copyOf(classData), true,
                MethodHandles.Lookup.ClassOption.NESTMATE);
        return (GeneratedCodec) newInstance(hidden, "generated codec of " + type.getName());
    }

    /**
     * A new instance of the hidden class of {@code hidden}, through its no-argument constructor. Runtime exceptions,
     * errors and reflective failures pass through; any other failure is wrapped, naming {@code what}.
     */
    static Object newInstance(MethodHandles.Lookup hidden, String what) throws ReflectiveOperationException {
        try {
            return hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class)).invoke();
        } catch (RuntimeException | Error | ReflectiveOperationException e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(what + " failed to start", e);
        }
    }

    private static boolean visible(ClassLoader loader, Class<?> c) {
        try {
            return loader != null && Class.forName(c.getName(), false, loader) == c;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /**
     * Decides, per component, between a direct field instruction and a constant: a {@link FieldReader} to read, a
     * method handle to write.
     */
    private void prepareFieldAccess(MethodHandles.Lookup lookup) throws ReflectiveOperationException {
        boolean fieldByField = model.reflectedConstructor() == null;
        for (Component c : components) {
            Field f = c.field();
            if (!accessible(f.getType())) {
                throw new IllegalStateException(type.getName() + "." + f.getName() + " has type "
                        + f.getType().getName() + ", which code in " + type.getPackageName() + " cannot name");
            }
            if (!direct(f)) {
                getters[c.index()] = constant(FieldReaderGenerator.of(f, lookup), FIELD_READER_DESC);
            }
            if (fieldByField && (!direct(f) || Modifier.isFinal(f.getModifiers()))) {
                Class<?> value = f.getType().isPrimitive() ? f.getType() : Object.class;
                f.setAccessible(true);
                MethodHandles.Lookup owner = MethodHandles.privateLookupIn(f.getDeclaringClass(), lookup);
                setters[c.index()] = constant(owner.unreflectSetter(f)
                        .asType(MethodType.methodType(void.class, Object.class, value)),
                        Type.getDescriptor(MethodHandle.class));
            }
        }
    }

    /** Whether the hidden class, a nestmate of the type in its package, may use {@code getfield} on {@code f}. */
    private boolean direct(Field f) {
        Class<?> d = f.getDeclaringClass();
        int mod = f.getModifiers();
        if (d.getNestHost() == type.getNestHost()) {
            return true;
        }
        if (Modifier.isPrivate(mod)) {
            return false;
        }
        boolean samePackage = d.getPackageName().equals(type.getPackageName()) && d.getClassLoader() == type
                .getClassLoader();
        return samePackage || Modifier.isPublic(mod) && publicChain(d);
    }

    /** Whether code in the type's package and nest can name {@code c} (for casts). */
    private boolean accessible(Class<?> c) {
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive() || c.getNestHost() == type.getNestHost()) {
            return true;
        }
        boolean samePackage = c.getPackageName().equals(type.getPackageName()) && c.getClassLoader() == type
                .getClassLoader();
        return samePackage ? !Modifier.isPrivate(c.getModifiers()) : publicChain(c);
    }

    private static boolean publicChain(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getDeclaringClass()) {
            if (!Modifier.isPublic(k.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    private ConstantDynamic constant(Object value, String descriptor) {
        classData.add(value);
        return new ConstantDynamic("_", descriptor, CLASS_DATA_AT, classData.size() - 1);
    }

    // ---- the class ----

    private byte[] classBytes() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String type1, String type2) {
                // Only reached where two frames meet with different reference types; every such slot is used as
                // an Object afterwards (the generated code keeps its values typed only on straight paths).
                return OBJECT;
            }
        };
        MethodVisitor init = beginClass(cw, internal + "$$RaftwireCodec", CODEC);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        encode(cw);
        decode(cw);
        instantiate(cw);
        getter(cw, "getLong", Type.LONG_TYPE);
        getter(cw, "getInt", Type.INT_TYPE);
        getter(cw, "getBoolean", Type.BOOLEAN_TYPE);
        getter(cw, "get", Type.getType(Object.class));
        cw.visitEnd();
        return cw.toByteArray();
    }

    /**
     * Visits the header of the final synthetic class {@code name} extending {@code superName} and begins its public
     * no-argument constructor with the call to the superclass's; the caller adds the rest of the constructor's code,
     * its {@code return}, {@code visitMaxs} and {@code visitEnd}. Shared with {@link CodecSwitchGenerator}.
     */
    static MethodVisitor beginClass(ClassWriter cw, String name, String superName) {
        cw.visit(Opcodes.V17, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC, name, null, superName,
                null);
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, superName, "<init>", "()V", false);
        return init;
    }

    /** {@code encode(value, writer, a, b)}: one writer call per component, the value read from its field. */
    private void encode(ClassWriter cw) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "encode", "(Ljava/lang/Object;L" + WRITER
                + ";Ljava/lang/Object;Ljava/lang/Object;)V", null, new String[] {"java/io/IOException"});
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitTypeInsn(Opcodes.CHECKCAST, internal);
        mv.visitVarInsn(Opcodes.ASTORE, ENCODE_OWNER);
        for (Component c : components) {
            Op op = Op.of(c);
            mv.visitVarInsn(Opcodes.ALOAD, 2);
            mv.visitVarInsn(Opcodes.ALOAD, 3);
            mv.visitVarInsn(Opcodes.ALOAD, 4);
            push(mv, c.index());
            loadField(mv, c, ENCODE_OWNER);
            Class<?> f = c.field().getType();
            if (op == Op.WALKED && f.isPrimitive()) {
                box(mv, f);
            } else if (!f.isPrimitive() && op.writeType != Object.class) {
                mv.visitTypeInsn(Opcodes.CHECKCAST, Type.getInternalName(op.writeType));
            }
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, WRITER, op.write, "(Ljava/lang/Object;Ljava/lang/Object;I"
                    + Type.getDescriptor(op.writeType) + ")V", true);
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** {@code decode(reader, a, b)}: one reader call per component into a local, then {@link #build}. */
    private void decode(ClassWriter cw) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "decode", "(L" + READER
                + ";Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", null, new String[] {"java/io/IOException"});
        mv.visitCode();
        int[] slots = new int[components.length];
        int next = DECODE_FIRST;
        for (Component c : components) {
            Op op = Op.of(c);
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitVarInsn(Opcodes.ALOAD, 2);
            mv.visitVarInsn(Opcodes.ALOAD, 3);
            push(mv, c.index());
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, READER, op.read, "(Ljava/lang/Object;Ljava/lang/Object;I)"
                    + Type.getDescriptor(op.readType), true);
            if (op == Op.COLLECTION) {
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "unmodifiable",
                        "(Ljava/lang/Object;)Ljava/lang/Object;", false);
            }
            if (model.mutable(c.index())) {
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "mutable", "(Ljava/lang/Object;)Ljava/lang/Object;",
                        false);
            }
            Class<?> target = c.field().getType();
            convert(mv, op.readType, target);
            slots[c.index()] = next;
            mv.visitVarInsn(Type.getType(target).getOpcode(Opcodes.ISTORE), next);
            next += Type.getType(target).getSize();
        }
        build(mv, slots, next);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** {@code instantiate(args)}: {@link TypeModel#instantiate} with the arguments unboxed into locals. */
    private void instantiate(ClassWriter cw) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "instantiate", "([Ljava/lang/Object;)Ljava/lang/Object;",
                null, null);
        mv.visitCode();
        int[] slots = new int[components.length];
        int next = INSTANTIATE_FIRST;
        for (Component c : components) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            push(mv, c.index());
            mv.visitInsn(Opcodes.AALOAD);
            if (Op.of(c) == Op.COLLECTION) {
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "unmodifiable",
                        "(Ljava/lang/Object;)Ljava/lang/Object;", false);
            }
            if (model.mutable(c.index())) {
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "mutable", "(Ljava/lang/Object;)Ljava/lang/Object;",
                        false);
            }
            Class<?> target = c.field().getType();
            convert(mv, Object.class, target);
            slots[c.index()] = next;
            mv.visitVarInsn(Type.getType(target).getOpcode(Opcodes.ISTORE), next);
            next += Type.getType(target).getSize();
        }
        build(mv, slots, next);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * Builds the instance from the component values in {@code slots} and returns it: {@code new T(...)} (a checked
     * exception of the constructor wrapped as the walk does), or Objenesis then the fields in component order; then
     * the type's {@link ValidatedAfterDecode} check.
     */
    private void build(MethodVisitor mv, int[] slots, int free) {
        Constructor<?> ctor = model.reflectedConstructor();
        if (ctor != null) {
            Label start = new Label();
            Label end = new Label();
            Label handler = new Label();
            mv.visitTypeInsn(Opcodes.NEW, internal);
            mv.visitInsn(Opcodes.DUP);
            for (Component c : components) {
                mv.visitVarInsn(Type.getType(c.field().getType()).getOpcode(Opcodes.ILOAD), slots[c.index()]);
            }
            mv.visitLabel(start);
            mv.visitMethodInsn(Opcodes.INVOKESPECIAL, internal, "<init>", Type.getConstructorDescriptor(ctor), false);
            mv.visitLabel(end);
            mv.visitVarInsn(Opcodes.ASTORE, free);
            Label done = new Label();
            mv.visitJumpInsn(Opcodes.GOTO, done);
            mv.visitLabel(handler);
            mv.visitLdcInsn(model.name());
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "constructorFailure", "(Ljava/lang/Throwable;"
                    + "Ljava/lang/String;)Ljava/lang/RuntimeException;", false);
            mv.visitInsn(Opcodes.ATHROW);
            mv.visitTryCatchBlock(start, end, handler, "java/lang/Throwable");
            mv.visitLabel(done);
            if (model.checksConstructor()) {
                requireUnchanged(mv, slots, free);
            }
        } else {
            mv.visitLdcInsn(modelConstant);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "newInstance", "(" + MODEL_DESC + ")Ljava/lang/Object;",
                    false);
            mv.visitTypeInsn(Opcodes.CHECKCAST, internal);
            mv.visitVarInsn(Opcodes.ASTORE, free);
            for (Component c : components) {
                Field f = c.field();
                Type ft = Type.getType(f.getType());
                if (setters[c.index()] != null) {
                    mv.visitLdcInsn(setters[c.index()]);
                    mv.visitVarInsn(Opcodes.ALOAD, free);
                    mv.visitVarInsn(ft.getOpcode(Opcodes.ILOAD), slots[c.index()]);
                    String value = f.getType().isPrimitive() ? ft.getDescriptor() : "Ljava/lang/Object;";
                    mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, MH, "invokeExact", "(Ljava/lang/Object;" + value + ")V",
                            false);
                } else {
                    mv.visitVarInsn(Opcodes.ALOAD, free);
                    mv.visitVarInsn(ft.getOpcode(Opcodes.ILOAD), slots[c.index()]);
                    mv.visitFieldInsn(Opcodes.PUTFIELD, Type.getInternalName(f.getDeclaringClass()), f.getName(),
                            ft.getDescriptor());
                }
            }
        }
        if (model.validated()) {
            mv.visitVarInsn(Opcodes.ALOAD, free);
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, Type.getInternalName(ValidatedAfterDecode.class),
                    "validateAfterDecode", "()V", true);
        }
        mv.visitVarInsn(Opcodes.ALOAD, free);
        mv.visitInsn(Opcodes.ARETURN);
    }

    /** {@code GeneratedSupport.requireUnchanged(model, instance, new Object[] {component values...})}. */
    private void requireUnchanged(MethodVisitor mv, int[] slots, int instance) {
        mv.visitLdcInsn(modelConstant);
        mv.visitVarInsn(Opcodes.ALOAD, instance);
        push(mv, components.length);
        mv.visitTypeInsn(Opcodes.ANEWARRAY, OBJECT);
        for (Component c : components) {
            Class<?> f = c.field().getType();
            mv.visitInsn(Opcodes.DUP);
            push(mv, c.index());
            mv.visitVarInsn(Type.getType(f).getOpcode(Opcodes.ILOAD), slots[c.index()]);
            if (f.isPrimitive()) {
                box(mv, f);
            }
            mv.visitInsn(Opcodes.AASTORE);
        }
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "requireUnchanged", "(" + MODEL_DESC
                + "Ljava/lang/Object;[Ljava/lang/Object;)V", false);
    }

    /**
     * One typed getter by component index ({@code tableswitch}); components of another type, and every index for
     * {@code get} that is a native primitive, fail as a wrong call would with {@link Component}.
     */
    private void getter(ClassWriter cw, String name, Type returned) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, name, "(Ljava/lang/Object;I)" + returned.getDescriptor(),
                null, null);
        mv.visitCode();
        Label fail = new Label();
        List<Component> served = new ArrayList<>();
        for (Component c : components) {
            Class<?> f = c.field().getType();
            boolean nativePrimitive = !c.walked() && f.isPrimitive();
            boolean serves = returned.getSort() == Type.OBJECT ? !nativePrimitive
                    : nativePrimitive && Type.getType(f).equals(returned);
            if (serves) {
                served.add(c);
            }
        }
        if (!served.isEmpty()) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitTypeInsn(Opcodes.CHECKCAST, internal);
            mv.visitVarInsn(Opcodes.ASTORE, 3);
            Label[] cases = new Label[components.length];
            for (int i = 0; i < cases.length; i++) {
                cases[i] = fail;
            }
            for (Component c : served) {
                cases[c.index()] = new Label();
            }
            mv.visitVarInsn(Opcodes.ILOAD, 2);
            mv.visitTableSwitchInsn(0, components.length - 1, fail, cases);
            for (Component c : served) {
                mv.visitLabel(cases[c.index()]);
                loadField(mv, c, 3);
                if (returned.getSort() == Type.OBJECT && c.field().getType().isPrimitive()) {
                    box(mv, c.field().getType());
                }
                mv.visitInsn(returned.getOpcode(Opcodes.IRETURN));
            }
        }
        mv.visitLabel(fail);
        mv.visitLdcInsn(model.name());
        mv.visitVarInsn(Opcodes.ILOAD, 2);
        mv.visitLdcInsn(name);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "noSuchComponent", "(Ljava/lang/String;"
                + "ILjava/lang/String;)Ljava/lang/IllegalStateException;", false);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    // ---- instructions ----

    /** Pushes the field of component {@code c} of the (cast) owner in local {@code owner}. */
    private void loadField(MethodVisitor mv, Component c, int owner) {
        Field f = c.field();
        if (getters[c.index()] != null) {
            mv.visitLdcInsn(getters[c.index()]);
            mv.visitVarInsn(Opcodes.ALOAD, owner);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, FIELD_READER, FieldReader.methodFor(f.getType()),
                    FieldReader.descriptorFor(f.getType()), false);
        } else {
            mv.visitVarInsn(Opcodes.ALOAD, owner);
            mv.visitFieldInsn(Opcodes.GETFIELD, Type.getInternalName(f.getDeclaringClass()), f.getName(),
                    Type.getDescriptor(f.getType()));
        }
    }

    /** Converts the value on the stack from {@code from} to {@code to}: a cast, or a cast and unboxing. */
    private static void convert(MethodVisitor mv, Class<?> from, Class<?> to) {
        if (from == to || to == Object.class) {
            return;
        }
        if (to.isPrimitive()) {
            Class<?> box = box(to);
            mv.visitTypeInsn(Opcodes.CHECKCAST, Type.getInternalName(box));
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, Type.getInternalName(box), to.getName() + "Value",
                    "()" + Type.getDescriptor(to), false);
        } else {
            mv.visitTypeInsn(Opcodes.CHECKCAST, Type.getInternalName(to));
        }
    }

    private static void box(MethodVisitor mv, Class<?> primitive) {
        Class<?> box = box(primitive);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, Type.getInternalName(box), "valueOf", "(" + Type.getDescriptor(
                primitive) + ")" + Type.getDescriptor(box), false);
    }

    private static Class<?> box(Class<?> primitive) {
        return MethodType.methodType(primitive).wrap().returnType();
    }

    private static void push(MethodVisitor mv, int value) {
        if (value <= 5) {
            mv.visitInsn(Opcodes.ICONST_0 + value);
        } else if (value <= Byte.MAX_VALUE) {
            mv.visitIntInsn(Opcodes.BIPUSH, value);
        } else {
            mv.visitIntInsn(Opcodes.SIPUSH, value);
        }
    }

    /** The writer and reader method of each component shape. */
    private enum Op {
        LONG("Long", long.class, long.class),
        INT("Int", int.class, int.class),
        BOOLEAN("Boolean", boolean.class, boolean.class),
        STRING("String", String.class, String.class),
        BYTES("Bytes", byte[].class, byte[].class),
        LONGS("Longs", long[].class, long[].class),
        ENUM("Enum", Object.class, Object.class),
        VALUE("Value", Object.class, Object.class),
        POLYMORPHIC("Polymorphic", Object.class, Object.class),
        COLLECTION("Collection", Collection.class, Object.class),
        WALKED("Walked", Object.class, Object.class);

        final String write;
        final String read;
        final Class<?> writeType;
        final Class<?> readType;

        Op(String name, Class<?> writeType, Class<?> readType) {
            this.write = "write" + name;
            this.read = "read" + name;
            this.writeType = writeType;
            this.readType = readType;
        }

        static Op of(Component c) {
            if (c.walked()) {
                return WALKED;
            }
            return switch (c.kind()) {
                case LONG -> LONG;
                case INT -> INT;
                case BOOLEAN -> BOOLEAN;
                case STRING -> STRING;
                case BYTES -> BYTES;
                case LONGS -> LONGS;
                case ENUM -> ENUM;
                case VALUE -> VALUE;
                case POLYMORPHIC -> POLYMORPHIC;
                case LIST, SET -> COLLECTION;
                default -> throw new IllegalStateException(c + " is native with kind " + c.kind()
                        + " (expected: a native kind)");
            };
        }
    }
}
