package io.raftwire.node.kv;

import io.raftwire.node.KvNodes;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelState;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;

/**
 * Two builds of one application, as a rolling upgrade sees them: version 1 and version 2 of its types, two record
 * classes registered under one id in two registries (as {@code EvolutionTodayTest} does). Version 2 adds a field to the
 * command, the result and the state, a command type, and an enum constant. Level 1 is version 1's schema, level 2 version 2's.
 */
public final class TwoVersions {

    /** Version 1's command: sets {@code key} to {@code value}. */
    public record Put1(String key, long value) {
    }

    /** Version 1's result. */
    public record Done1(long total) {
    }

    /** Version 1's state, as its snapshot holds it. */
    public record State1(long total) {
    }

    /** Version 2's command: one more field. */
    public record Put2(String key, long value, String note) {
    }

    /** A command only version 2 has. */
    public record Reset2(String key) {
    }

    /** Version 2's result: one more field. */
    public record Done2(long total, String by) {
    }

    /** Version 2's state: one more field. */
    public record State2(long total, String last) {
    }

    /** Version 1's colours. */
    public enum Color1 { RED }

    /** Version 2's colours: one more constant. */
    public enum Color2 { RED, BLUE }

    /** Version 1's paint command. */
    public record Paint1(Color1 color) {
    }

    /** Version 2's paint command, whose colour may be one version 1 lacks. */
    public record Paint2(Color2 color) {
    }

    /** The ids: the command, version 2's new command, the result, the state, the paint command. */
    public static final int PUT = 1024;
    public static final int RESET = 1025;
    public static final int DONE = 1026;
    public static final int STATE = 1027;
    public static final int PAINT = 1028;

    /** Version 1's registry. */
    public static final TypeRegistry V1 = KvNodes.registry(b -> b.register(PUT, Put1.class)
            .register(DONE, Done1.class).register(STATE, State1.class).register(PAINT, Paint1.class));
    /** Version 2's registry. */
    public static final TypeRegistry V2 = KvNodes.registry(b -> b.register(PUT, Put2.class)
            .register(RESET, Reset2.class).register(DONE, Done2.class).register(STATE, State2.class)
            .register(PAINT, Paint2.class));

    private TwoVersions() {
    }

    /** A history with level 1 only: version 1's schema. */
    public static FeatureLevels level1() {
        return FeatureLevels.NONE.raisedTo(new FeatureLevel(1, V1.schema()));
    }

    /** A history with levels 1 and 2. */
    public static FeatureLevels level2() {
        return level1().raisedTo(new FeatureLevel(2, V2.schema()));
    }

    /** A codec of {@code provider} over {@code registry}, reading {@code levels}. */
    public static OperationCodec codec(String provider, TypeRegistry registry, FeatureLevels levels) {
        return plain(provider, registry).withLevels(new LevelState(levels));
    }

    /** A codec of {@code provider} over {@code registry} with no levels. */
    public static OperationCodec plain(String provider, TypeRegistry registry) {
        return new OperationCodec(Serializers.create(provider, registry, SerializerOptions.defaults()));
    }
}
