package io.raftwire.serializer.model;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.Value;

/**
 * Decides at registration, from its bytecode, whether a constructor stores each argument unchanged into the field of
 * the same name, so that decoding through it cannot change a value. Sound rather than complete: anything it cannot
 * follow counts as a change.
 *
 * <p>A constructor passes when, on every path: each field that is a component is written only on {@code this} and
 * only with its own parameter, either as loaded or after an operation that returns an equal value ({@code
 * Objects.requireNonNull}, {@code List/Set/Map.copyOf}, {@code Collections.unmodifiable*}, an array's {@code clone},
 * a cast); no parameter is written with anything else before it is stored; {@code this} is not passed anywhere but to
 * the {@code Object} or {@code Record} constructor; no other object's field, no static field and no array it did not
 * create is written; and every call is to a method known not to change its arguments (methods of {@code String},
 * boxes, {@code Objects}, {@code Math}, the read-only methods of collections and iterators, immutable value types,
 * string concatenation, and the constructors of {@code StringBuilder} and of JDK exceptions). Checks that throw are
 * allowed anywhere. Fields that are not components (transient ones) may be written with anything these calls
 * produce.
 */
final class ConstructorCheck {

    private static final Set<String> IMMUTABLE_OWNERS = Set.of("java/lang/String", "java/lang/Integer",
            "java/lang/Long", "java/lang/Short", "java/lang/Byte", "java/lang/Character", "java/lang/Boolean",
            "java/lang/Float", "java/lang/Double", "java/lang/Number", "java/lang/Math", "java/lang/StrictMath",
            "java/util/Objects", "java/math/BigInteger", "java/math/BigDecimal", "java/util/UUID",
            "java/util/Optional", "java/lang/Enum", "java/lang/Class", "java/lang/CharSequence");
    private static final Set<String> COLLECTIONS = Set.of("java/util/Collection", "java/util/List", "java/util/Set",
            "java/util/Map", "java/util/SortedSet", "java/util/NavigableSet", "java/util/SortedMap",
            "java/util/NavigableMap", "java/util/Iterator", "java/util/Map$Entry", "java/util/ArrayList",
            "java/util/LinkedList", "java/util/HashSet", "java/util/LinkedHashSet", "java/util/TreeSet",
            "java/util/HashMap", "java/util/LinkedHashMap", "java/util/TreeMap");
    private static final Set<String> READ_ONLY = Set.of("size", "isEmpty", "contains", "containsAll", "containsKey",
            "containsValue", "get", "getOrDefault", "indexOf", "lastIndexOf", "first", "last", "firstKey", "lastKey",
            "iterator", "hasNext", "next", "entrySet", "keySet", "values", "getKey", "getValue", "equals", "hashCode");
    private static final Set<String> OBJECT_METHODS = Set.of("equals", "hashCode", "toString", "getClass");

    private ConstructorCheck() {
    }

    /**
     * @param ctor       the constructor decoding would call
     * @param parameters for each parameter, in order, the field it is meant to be stored in
     * @return {@code null} if the constructor stores each argument unchanged, else why it may not
     */
    static String whyNotIdentity(Constructor<?> ctor, List<Field> parameters) {
        Class<?> type = ctor.getDeclaringClass();
        for (Field f : parameters) {
            if (f.getDeclaringClass() != type) {
                return "it stores '" + f.getName() + "', a field of superclass "
                        + f.getDeclaringClass().getSimpleName() + ", through code this check does not follow";
            }
        }
        MethodNode method;
        try {
            method = method(ctor);
        } catch (IOException | RuntimeException e) {
            return "its class file could not be read (" + e.getMessage() + ")";
        }
        if (method == null) {
            return "its bytecode was not found";
        }
        Origins origins = new Origins(Type.getInternalName(type), type.getSuperclass(), parameters);
        try {
            new Analyzer<>(origins).analyze(Type.getInternalName(type), method);
        } catch (AnalyzerException e) {
            origins.problems.add("its bytecode could not be followed (" + e.getMessage() + ")");
        }
        return origins.problems.isEmpty() ? null : String.join("; ", origins.problems);
    }

    private static MethodNode method(Constructor<?> ctor) throws IOException {
        Class<?> type = ctor.getDeclaringClass();
        String resource = type.getName().replace('.', '/') + ".class";
        ClassLoader loader = type.getClassLoader();
        try (InputStream in = loader != null ? loader.getResourceAsStream(resource)
                : ClassLoader.getSystemResourceAsStream(resource)) {
            if (in == null) {
                return null;
            }
            ClassNode node = new ClassNode();
            new ClassReader(in).accept(node, 0);
            String desc = Type.getConstructorDescriptor(ctor);
            for (MethodNode m : node.methods) {
                if (m.name.equals("<init>") && m.desc.equals(desc)) {
                    return m;
                }
            }
            return null;
        }
    }

    /** Where a value came from. */
    private static final class Origin implements Value {
        static final int OTHER = -1;
        static final int THIS = -2;
        static final int FRESH = -3;

        final int size;
        /** A parameter index (a value equal to that argument), or one of the constants above. */
        final int from;
        /** For {@link #FRESH}: the class created by {@code new}, if any. */
        final String created;

        Origin(int size, int from, String created) {
            this.size = size;
            this.from = from;
            this.created = created;
        }

        @Override
        public int getSize() {
            return size;
        }

        boolean isParameter() {
            return from >= 0;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Origin v && v.size == size && v.from == from && Objects.equals(v.created, created);
        }

        @Override
        public int hashCode() {
            return Objects.hash(size, from, created);
        }
    }

    /** Follows values through the constructor; collects every way it may change an argument. */
    private static final class Origins extends Interpreter<Origin> {
        private final BasicInterpreter basic = new BasicInterpreter();
        private final String owner;
        private final String superclass;
        /** Field name to the index of the parameter meant for it. */
        private final Map<String, Integer> fields = new java.util.HashMap<>();
        private final Set<String> problems = new TreeSet<>();
        private int[] slotToParameter;

        Origins(String owner, Class<?> superclass, List<Field> parameters) {
            super(Opcodes.ASM9);
            this.owner = owner;
            this.superclass = superclass == null ? null : Type.getInternalName(superclass);
            int slot = 1;
            int[] map = new int[1 + 2 * parameters.size()];
            java.util.Arrays.fill(map, -1);
            for (int i = 0; i < parameters.size(); i++) {
                fields.put(parameters.get(i).getName(), i);
                map[slot] = i;
                slot += Type.getType(parameters.get(i).getType()).getSize();
            }
            this.slotToParameter = map;
        }

        private static Origin other(BasicValue v) {
            return v == null ? null : new Origin(v.getSize(), Origin.OTHER, null);
        }

        private static BasicValue basicOf(Origin v) {
            return v == null ? null : v.size == 2 ? BasicValue.LONG_VALUE : BasicValue.REFERENCE_VALUE;
        }

        @Override
        public Origin newValue(Type type) {
            return other(basic.newValue(type));
        }

        @Override
        public Origin newParameterValue(boolean isInstanceMethod, int local, Type type) {
            if (local == 0) {
                return new Origin(1, Origin.THIS, null);
            }
            int parameter = local < slotToParameter.length ? slotToParameter[local] : -1;
            return new Origin(type.getSize(), parameter >= 0 ? parameter : Origin.OTHER, null);
        }

        @Override
        public Origin newOperation(AbstractInsnNode insn) throws AnalyzerException {
            if (insn.getOpcode() == Opcodes.NEW) {
                return new Origin(1, Origin.FRESH, ((TypeInsnNode) insn).desc);
            }
            return other(basic.newOperation(insn));
        }

        @Override
        public Origin copyOperation(AbstractInsnNode insn, Origin value) {
            return value;
        }

        @Override
        public Origin unaryOperation(AbstractInsnNode insn, Origin value) throws AnalyzerException {
            switch (insn.getOpcode()) {
                case Opcodes.CHECKCAST:
                    return value;
                case Opcodes.NEWARRAY:
                case Opcodes.ANEWARRAY:
                    return new Origin(1, Origin.FRESH, null);
                case Opcodes.PUTSTATIC:
                    problems.add("it writes static field " + ((FieldInsnNode) insn).name);
                    return null;
                default:
                    return other(basic.unaryOperation(insn, basicOf(value)));
            }
        }

        @Override
        public Origin binaryOperation(AbstractInsnNode insn, Origin target, Origin value) throws AnalyzerException {
            if (insn.getOpcode() == Opcodes.PUTFIELD) {
                FieldInsnNode f = (FieldInsnNode) insn;
                if (target.from != Origin.THIS || !f.owner.equals(owner)) {
                    problems.add("it writes field " + f.name + " of another object");
                    return null;
                }
                Integer parameter = fields.get(f.name);
                if (parameter != null && value.from != parameter) {
                    problems.add("it stores into '" + f.name + "' a value other than its argument unchanged");
                }
                return null;
            }
            return other(basic.binaryOperation(insn, basicOf(target), basicOf(value)));
        }

        @Override
        public Origin ternaryOperation(AbstractInsnNode insn, Origin array, Origin index, Origin value) {
            if (array.from != Origin.FRESH) {
                problems.add("it writes into an array it did not create");
            }
            return null;
        }

        @Override
        public Origin naryOperation(AbstractInsnNode insn, List<? extends Origin> values) throws AnalyzerException {
            if (insn instanceof InvokeDynamicInsnNode indy) {
                Handle bsm = indy.bsm;
                if (!bsm.getOwner().equals("java/lang/invoke/StringConcatFactory")) {
                    problems.add("it makes a dynamic call (" + indy.name + ", a lambda or similar)");
                }
                for (Origin v : values) {
                    if (v.from == Origin.THIS) {
                        problems.add("it passes 'this' to a string concatenation");
                    }
                }
                return other(basic.naryOperation(insn, null));
            }
            if (!(insn instanceof MethodInsnNode m)) {
                return other(basic.naryOperation(insn, null));
            }
            Origin result = other(basic.naryOperation(insn, null));
            if (m.name.equals("<init>")) {
                Origin receiver = values.get(0);
                boolean superCall = receiver.from == Origin.THIS && m.owner.equals(superclass)
                        && (m.owner.equals("java/lang/Object") || m.owner.equals("java/lang/Record"));
                boolean allowedNew = receiver.from == Origin.FRESH && m.owner.equals(receiver.created)
                        && allowedToCreate(m.owner);
                if (!superCall && !allowedNew) {
                    problems.add("it calls the constructor of " + m.owner.replace('/', '.'));
                }
                passesThis(m, values.subList(1, values.size()));
                return result;
            }
            passesThis(m, values);
            int op = m.getOpcode();
            boolean isStatic = op == Opcodes.INVOKESTATIC;
            Origin receiver = isStatic ? null : values.get(0);
            if (m.owner.startsWith("[") && m.name.equals("clone")) {
                return receiver.isParameter() ? new Origin(1, receiver.from, null) : result;
            }
            if (isStatic && preservesFirstArgument(m) && !values.isEmpty() && values.get(0).isParameter()) {
                return new Origin(1, values.get(0).from, null);
            }
            if (!allowedCall(m, receiver)) {
                problems.add("it calls " + m.owner.replace('/', '.') + "." + m.name
                        + ", which this check does not know to leave its arguments unchanged");
            }
            return result;
        }

        private void passesThis(MethodInsnNode m, List<? extends Origin> values) {
            for (Origin v : values) {
                if (v.from == Origin.THIS) {
                    problems.add("it passes 'this' to " + m.owner.replace('/', '.') + "." + m.name);
                    return;
                }
            }
        }

        private static boolean allowedToCreate(String type) {
            return type.equals("java/lang/StringBuilder") || (type.startsWith("java/")
                    && (type.endsWith("Exception") || type.endsWith("Error")));
        }

        /** Static methods that return their first argument or a value equal to it. */
        private static boolean preservesFirstArgument(MethodInsnNode m) {
            return switch (m.owner) {
                case "java/util/Objects" -> m.name.equals("requireNonNull");
                case "java/util/List", "java/util/Set", "java/util/Map" -> m.name.equals("copyOf");
                case "java/util/Collections" -> m.name.startsWith("unmodifiable");
                default -> false;
            };
        }

        private static boolean allowedCall(MethodInsnNode m, Origin receiver) {
            if (IMMUTABLE_OWNERS.contains(m.owner) || m.owner.startsWith("java/time/")) {
                return true;
            }
            if (m.owner.equals("java/lang/StringBuilder")) {
                return receiver == null || !receiver.isParameter();
            }
            if (m.owner.equals("java/lang/Object")) {
                return OBJECT_METHODS.contains(m.name);
            }
            return COLLECTIONS.contains(m.owner) && READ_ONLY.contains(m.name);
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, Origin value, Origin expected) {
        }

        @Override
        public Origin merge(Origin a, Origin b) {
            if (a.equals(b)) {
                return a;
            }
            return new Origin(Math.min(a.size, b.size), Origin.OTHER, null);
        }
    }
}
