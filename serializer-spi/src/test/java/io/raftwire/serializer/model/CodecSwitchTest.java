package io.raftwire.serializer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.message.MessageType;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.Fixtures;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The registry-wide encode switch against the generated codecs it calls: for every registered type the same writer
 * calls as the type's own generated codec, the providers' context passed through, exceptions passed through unchanged,
 * and a clear refusal for an id it does not hold.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CodecSwitchTest {

    private static final Object A = new Object();
    private static final Object B = new Object();
    /** HotSpot's {@code HugeMethodLimit}: methods with more bytecode are never compiled. */
    private static final int HUGE_METHOD_BYTES = 8000;

    private final TypeRegistry registry = Fixtures.registry();

    @Test
    void encodesEveryFixtureTypeWithExactlyItsGeneratedCodecsWriterCalls() throws IOException {
        CodecSwitch codecs = registry.codecSwitch();
        assertNotNull(codecs, "the fixtures' registry has generated codecs, so it has a switch");
        for (Object value : Fixtures.values()) {
            TypeModel model = registry.find(value.getClass());
            List<String> direct = new ArrayList<>();
            List<String> switched = new ArrayList<>();
            model.generated().encode(value, recorder(direct), A, B);
            codecs.encode(model.id(), value, recorder(switched), A, B);
            assertEquals(direct, switched, model.name() + " (id " + model.id() + ")");
            assertEquals(model.size(), switched.size(), model.name() + ": one writer call per component");
        }
    }

    @Test
    void anIdWithoutAGeneratedCodecInTheSwitchIsRefusedNamingIt() throws Exception {
        List<Object> values = Fixtures.values();
        TypeModel held = registry.find(values.get(0).getClass());
        Object other = values.stream().filter(v -> registry.find(v.getClass()) != held).findFirst().orElseThrow();
        TypeModel walked = GeneratedCodecTest.walkedModel(held.id() + 1);
        CodecSwitch codecs = CodecSwitch.of(List.of(held, walked));
        for (int id : new int[] {registry.find(other.getClass()).id(), walked.id(), 0, -1, 32768,
                Integer.MAX_VALUE}) {
            assertEquals("type id " + id + " has no generated codec in this switch (expected: the id of a registered"
                    + " type whose codec was generated)", assertThrows(IllegalStateException.class,
                    () -> codecs.encode(id, other, recorder(new ArrayList<>()), A, B)).getMessage());
        }
        List<String> calls = new ArrayList<>();
        codecs.encode(held.id(), values.get(0), recorder(calls), A, B);
        assertEquals(held.size(), calls.size(), "the one type it holds is still encoded");
    }

    @Test
    void twoModelsWithOneIdAreRefusedNamingTheId() {
        TypeModel model = registry.find(Fixtures.values().get(0).getClass());
        assertEquals("type id " + model.id() + " appears twice (expected: the models of one registry, one per id)",
                assertThrows(IllegalArgumentException.class, () -> CodecSwitch.of(List.of(model, model)))
                        .getMessage());
    }

    @Test
    void whatTheCodecThrowsReachesTheCallerUnchanged() {
        CodecSwitch codecs = registry.codecSwitch();
        Object value = Fixtures.values().stream().filter(v -> registry.find(v.getClass()).size() > 0).findFirst()
                .orElseThrow();
        TypeModel model = registry.find(value.getClass());
        IOException failure = new IOException("the provider's own failure");
        ComponentWriter failing = (ComponentWriter) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ComponentWriter.class}, (proxy, method, args) -> {
                    throw failure;
                });
        assertSame(failure, assertThrows(IOException.class, () -> codecs.encode(model.id(), value, failing, A, B)));
        IllegalArgumentException refusal = new IllegalArgumentException("a writer's refusal");
        ComponentWriter refusing = (ComponentWriter) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ComponentWriter.class}, (proxy, method, args) -> {
                    throw refusal;
                });
        assertSame(refusal, assertThrows(IllegalArgumentException.class,
                () -> codecs.encode(model.id(), value, refusing, A, B)));
    }

    @Test
    void aRegistryBuildsItsSwitchOnceAndKeepsIt() {
        assertSame(registry.codecSwitch(), registry.codecSwitch());
        CodecSwitch catalog = TypeRegistry.catalog().codecSwitch();
        assertNotNull(catalog);
        assertSame(catalog, TypeRegistry.catalog().codecSwitch());
        assertNotSame(catalog, registry.codecSwitch(), "another registry, another switch");
    }

    @Test
    void noSwitchWithoutGeneratedTypesOrBeyondTheLimit() throws Exception {
        assertNull(CodecSwitch.of(List.of()));
        assertNull(CodecSwitch.of(List.of(GeneratedCodecTest.walkedModel(1024))),
                "walked types only: nothing to switch");
        TypeModel model = registry.find(Fixtures.values().get(0).getClass());
        assertNull(CodecSwitch.of(Collections.nCopies(CodecSwitch.MAX_TYPES + 1, model)), "more than "
                + CodecSwitch.MAX_TYPES + " types: no switch, so its method stays small enough to compile");
    }

    @Test
    void atTheLimitTheEncodeMethodStaysUnderTheJitsHugeMethodSize() {
        int[] ids = new int[CodecSwitch.MAX_TYPES];
        for (int k = 0; k < ids.length; k++) {
            ids[k] = MessageType.FIRST_USER_ID + 123 * k; // sparse user ids, up to 32,389
        }
        int[] codeBytes = {0};
        new ClassReader(CodecSwitchGenerator.classBytes(ids)).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return !name.equals("encode") ? null : new BytecodeSizeBound(codeBytes);
            }
        }, 0);
        assertTrue(codeBytes[0] > 20 * ids.length, "the method holds a branch per type: " + codeBytes[0] + " bytes");
        assertTrue(codeBytes[0] < HUGE_METHOD_BYTES, "encode of " + ids.length + " types takes up to " + codeBytes[0]
                + " bytes of bytecode (expected: under " + HUGE_METHOD_BYTES + ", above which the JIT does not"
                + " compile)");
    }

    /**
     * Each branch calls {@code GeneratedCodec.encode} on its codec, a constant, and nothing else is called but the
     * refusal: no method-handle invoker, whose generic checks ran on every call C2 did not inline (which made
     * full-set encodes several times slower).
     */
    @Test
    void everyBranchCallsItsCodecsEncodeOnAConstantCodec() {
        int[] ids = {1, 7, MessageType.FIRST_USER_ID};
        List<String> calls = new ArrayList<>();
        List<Object> constants = new ArrayList<>();
        new ClassReader(CodecSwitchGenerator.classBytes(ids)).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return !name.equals("encode") ? null : new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                        calls.add(opcode + " " + owner + '.' + method + desc);
                    }

                    @Override
                    public void visitLdcInsn(Object value) {
                        constants.add(value);
                    }
                };
            }
        }, 0);
        String encode = Opcodes.INVOKEVIRTUAL + " io/raftwire/serializer/model/GeneratedCodec.encode"
                + "(Ljava/lang/Object;Lio/raftwire/serializer/model/ComponentWriter;Ljava/lang/Object;"
                + "Ljava/lang/Object;)V";
        String refusal = Opcodes.INVOKESTATIC + " io/raftwire/serializer/model/CodecSwitch.notInSwitch"
                + "(I)Ljava/lang/IllegalStateException;";
        assertEquals(List.of(encode, encode, encode, refusal), calls);
        assertEquals(ids.length, constants.size());
        for (Object constant : constants) {
            assertEquals("Lio/raftwire/serializer/model/GeneratedCodec;",
                    ((ConstantDynamic) constant).getDescriptor(), "each branch's codec constant");
        }
    }

    /**
     * Adds up an upper bound of a method's bytecode length from the instructions the switch uses: {@code ldc} counted
     * as {@code ldc_w}, a {@code lookupswitch} with its widest padding.
     */
    private static final class BytecodeSizeBound extends MethodVisitor {

        private final int[] bytes;

        BytecodeSizeBound(int[] bytes) {
            super(Opcodes.ASM9);
            this.bytes = bytes;
        }

        @Override
        public void visitInsn(int opcode) {
            bytes[0] += 1;
        }

        @Override
        public void visitVarInsn(int opcode, int local) {
            bytes[0] += local <= 3 ? 1 : 2;
        }

        @Override
        public void visitLdcInsn(Object value) {
            bytes[0] += 3;
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            bytes[0] += opcode == Opcodes.INVOKEINTERFACE ? 5 : 3;
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            bytes[0] += 3;
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            bytes[0] += 1 + 3 + 8 + 8 * keys.length;
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            throw new AssertionError("the switch has no jumps; count them if it gets some");
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            throw new AssertionError("the switch uses lookupswitch; count tableswitch if it changes");
        }
    }

    /** A writer that records each call: method, whether the context is passed through, index, and the value. */
    private static ComponentWriter recorder(List<String> calls) {
        return (ComponentWriter) Proxy.newProxyInstance(CodecSwitchTest.class.getClassLoader(),
                new Class<?>[] {ComponentWriter.class}, (proxy, method, args) -> {
                    String shown = Arrays.deepToString(new Object[] {args[3]});
                    calls.add(method.getName() + "(" + (args[0] == A) + ", " + (args[1] == B) + ", " + args[2] + ", "
                            + shown + ")");
                    return null;
                });
    }
}
