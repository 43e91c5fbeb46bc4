package io.raftwire.node;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.level.BelowLevelAlarm;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelRules;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.SchemaGate;
import io.raftwire.transport.Transport;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The gate a member sets on its peer transport: a peer whose application types differ connects once every group of
 * the member has recorded a level the peer can read; raftwire's own types never differ.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(30)
class MemberGateTest {

    /** A user type the later build has. */
    record Added(String name) {
    }

    static final Schema OWN = KvNodes.registry().schema();
    static final Schema LATER = KvNodes.registry(b -> b.register(1024, Added.class)).schema();
    static final FeatureLevels L1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, OWN));

    /** Level 2 is LATER's types, above this member's (OWN): each group raises the alarm when it reaches it. */
    @RegisterExtension
    final LogCapture alarms = LogCapture.of("ERROR", BelowLevelAlarm.class.getName());

    @Test
    void aPeerWithOtherApplicationTypesPassesOnceEveryGroupHasALevel() {
        AtomicReference<SchemaGate> gate = new AtomicReference<>();
        RaftwireConfig config = RaftwireConfig.of(Map.of(ConfigKeys.TLS_ENABLED.name(), "false",
                ConfigKeys.GROUPS.name(), "2"));
        try (RaftwireMember member = KvNodes.memberBuilder(config).peerTransportWrapper(t -> capturing(t, gate))
                .build()) {
            String none = "the cluster has recorded no feature level yet (expected: equal types until it has; a"
                    + " cluster records one as soon as every member runs this release with equal types)";
            assertEquals("group " + member.group(0).id() + ": " + none, gate.get().refusal(OWN, LATER));
            member.group(0).levels().advance(L1);
            assertEquals("group " + member.group(1).id() + ": " + none, gate.get().refusal(OWN, LATER),
                    "every group must accept the peer");
            member.group(1).levels().advance(L1);
            assertNull(gate.get().refusal(OWN, LATER));
            assertEquals("group " + member.group(0).id() + ": " + LevelRules.peerRefusal(LATER, OWN,
                    L1.raisedTo(new FeatureLevel(2, LATER))), refusalAtTwo(member, gate.get()));
            assertEquals(2, alarms.lines().size(), "one alarm per group at level 2: " + alarms.lines());
        }
    }

    /** With both groups at level 2, a peer with level 1's types is a downgrade. */
    private static String refusalAtTwo(RaftwireMember member, SchemaGate gate) {
        FeatureLevels two = L1.raisedTo(new FeatureLevel(2, LATER));
        member.group(0).levels().advance(two);
        member.group(1).levels().advance(two);
        return gate.refusal(LATER, OWN);
    }

    /** {@code t}, noting the gate set on it. */
    private static Transport capturing(Transport t, AtomicReference<SchemaGate> gate) {
        return (Transport) Proxy.newProxyInstance(Transport.class.getClassLoader(), new Class<?>[] {Transport.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("schemaGate")) {
                        gate.set((SchemaGate) args[0]);
                        return null;
                    }
                    try {
                        return method.invoke(t, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
