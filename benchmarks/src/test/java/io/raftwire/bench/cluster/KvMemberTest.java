package io.raftwire.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A member process's command line and the JVM options it inherits from its run. */
class KvMemberTest {

    @Test
    void theConfigurationIsTheKeyValueArgumentsInOrder() {
        assertEquals(Map.of("raftwire.node.id", "node-1", "raftwire.peers", "node-2=127.0.0.1:1,node-3=127.0.0.1:2"),
                KvMember.values(List.of("raftwire.node.id=node-1",
                        "raftwire.peers=node-2=127.0.0.1:1,node-3=127.0.0.1:2")));
    }

    @Test
    void anArgumentWithoutAKeyIsRefusedNamingIt() {
        assertEquals("argument = node-1 (expected: raftwire.key=value)", assertThrows(IllegalArgumentException.class,
                () -> KvMember.values(List.of("node-1"))).getMessage());
        assertEquals("no configuration (expected: raftwire.key=value arguments)",
                assertThrows(IllegalArgumentException.class, () -> KvMember.values(List.of())).getMessage());
    }

    @Test
    void membersGetTheRunsHeapAndPropertiesButNotItsRecording() {
        assertEquals(List.of("-Xms1g", "-Xmx1g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "--sun-misc-unsafe-memory-access=allow"), KvMultiProcess.memberJvmOptions(List.of("-Xms1g", "-Xmx1g",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-XX:StartFlightRecording=filename=run.jfr",
                "--sun-misc-unsafe-memory-access=allow", "-javaagent:agent.jar")));
    }
}
