package io.raftwire.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** What a node that cannot open its data directory says, and what it leaves behind when it cannot start. */
@Timeout(30)
@ExtendWith(LeakDetectionExtension.class)
class DurableStateTest {

    @TempDir
    Path dir;

    /** The JDK's exception for a file in the way carries only the path; the refusal says what is wrong with it. */
    @Test
    void aDataDirectoryThatIsAFileIsRefusedSayingSo() throws IOException {
        Path file = Files.writeString(dir.resolve("afile"), "not a directory");
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> KvNodes.node(config(file, "false")));
        assertEquals("cannot open the data directory " + file + " (raftwire.node.data-dir): " + file + " is not a"
                + " directory (expected: a directory, or a path where one can be created)", e.getMessage());
        assertEquals("not a directory", Files.readString(file), "left as it was");
    }

    /** TLS enabled without its files is refused before the data directory is created. */
    @Test
    void aNodeRefusedForItsTransportSettingsCreatesNoDataDirectory() {
        Path data = dir.resolve("sub");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KvNodes.node(config(data, "true")));
        assertTrue(e.getMessage().contains(ConfigKeys.TLS_CERTIFICATE_FILE.name()), e.getMessage());
        assertFalse(Files.exists(data), "no directory left behind");
    }

    private static RaftwireConfig config(Path data, String tls) {
        return RaftwireConfig.of(Map.of(ConfigKeys.NODE_DATA_DIR.name(), data.toString(),
                ConfigKeys.TLS_ENABLED.name(), tls));
    }
}
