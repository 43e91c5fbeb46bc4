package io.raftwire.crossprovider;

import io.raftwire.node.model.EngineFixtures;
import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.EncodeAllocation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The records members actually exchange (the engine model, ids 100..119: appends and heartbeats, their answers,
 * votes and pre-votes, snapshot transfers, persisted term and endpoint state) encode without garbage: exactly 0 bytes
 * allocated per type after warm-up, for every provider that promises it, on both codec paths ({@link EncodeAllocation}
 * says how that is measured and why exactly 0).
 *
 * <p>Here rather than in {@code raft-node}, whose tests run with three providers installed: this module has all four.
 *
 * <p>{@code jdk} is not here: it is the baseline built on {@code ObjectOutputStream}, which allocates its stream,
 * handle table and block buffer on every encode by design.
 */
@Tag(EncodeAllocation.NEEDS_C2)
class EngineModelAllocationTest {

    /** The providers that promise no garbage per encode; {@code jdk} allocates by design (see the class comment). */
    private static final List<String> GARBAGE_FREE = List.of("kryo", "protostuff", "fory");

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (String provider : GARBAGE_FREE) {
            for (CodecPath path : CodecPath.values()) {
                cases.add(Arguments.of(provider, path));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void everyEngineTypeEncodesWithoutAllocating(String provider, CodecPath path) {
        TypeRegistry registry = EngineFixtures.registry();
        EncodeAllocation.assertNoGarbage(provider, path.name().toLowerCase(Locale.ROOT),
                Serializers.create(provider, registry, SerializerOptions.defaults().withCodecPath(path)),
                EngineFixtures.named());
    }
}
