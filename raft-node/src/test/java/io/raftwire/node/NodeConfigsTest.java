package io.raftwire.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.client.RaftwireClient;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture file ({@code raftwire.transport.capture-file}) belongs to one transport: a node's client listener writes
 * its own beside the member transport's, and a client built from a member's configuration writes none (two writers on
 * one file would overwrite each other's frames, and the second one is refused).
 */
class NodeConfigsTest {

    @TempDir
    Path dir;

    @Test
    void theClientListenerCapturesToItsOwnFileBesideTheMembers() {
        RaftwireConfig member = RaftwireConfig.of(Map.of(ConfigKeys.TRANSPORT_CAPTURE_FILE.name(), "/tmp/node-1.rwcap"));
        assertEquals("/tmp/node-1.rwcap.clients",
                NodeConfigs.clientListener(member).get(ConfigKeys.TRANSPORT_CAPTURE_FILE));
        assertEquals("", NodeConfigs.clientListener(RaftwireConfig.defaults()).get(ConfigKeys.TRANSPORT_CAPTURE_FILE),
                "capture stays off when the member does not capture");
    }

    @Test
    @Timeout(30)
    void aClientBuiltFromAMembersConfigurationDoesNotCapture() {
        Path memberFile = dir.resolve("node-1.rwcap");
        RaftwireConfig member = RaftwireConfig.of(Map.of(ConfigKeys.TRANSPORT_CAPTURE_FILE.name(),
                memberFile.toString(), ConfigKeys.TLS_ENABLED.name(), "false"));
        try (RaftwireClient client = RaftwireClient.builder(member, KvNodes.registry(),
                List.of(new PeerAddress("node-1", new HostPort("127.0.0.1", 9)))).build()) {
            assertFalse(client.clientId().isEmpty());
            assertFalse(Files.exists(memberFile), "the client opened the member's capture file");
            assertFalse(Files.exists(Path.of(memberFile + ".clients")));
        }
    }
}
