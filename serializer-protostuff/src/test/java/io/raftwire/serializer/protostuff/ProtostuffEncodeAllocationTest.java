package io.raftwire.serializer.protostuff;

import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.EncodeAllocation;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.contract.SerializerContract;

import java.util.Locale;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The protostuff provider's promise of no garbage per encode, per type and on both codec paths: every catalog type's
 * fixture, every edge case and the user types encode into a reused buffer allocating exactly 0 bytes after warm-up
 * ({@link EncodeAllocation} says how that is measured and why exactly 0).
 */
@Tag(EncodeAllocation.NEEDS_C2)
class ProtostuffEncodeAllocationTest {

    @Tag(SerializerContract.BOTH_PATHS)
    @ParameterizedTest(name = "{0}")
    @EnumSource(CodecPath.class)
    void everyTypeEncodesWithoutAllocating(CodecPath path) {
        TypeRegistry registry = Fixtures.registry();
        EncodeAllocation.assertNoGarbage("protostuff", path.name().toLowerCase(Locale.ROOT),
                new ProtostuffSerializerProvider().create(registry, SerializerOptions.defaults().withCodecPath(path)),
                EncodeAllocation.promisedFree(registry));
    }
}
