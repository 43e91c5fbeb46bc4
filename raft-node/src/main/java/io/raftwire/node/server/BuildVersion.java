package io.raftwire.node.server;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The raftwire version raft-node was built as, from a resource the build writes. Stateless. */
public final class BuildVersion {

    private static final String VERSION = read();

    private BuildVersion() {
    }

    /** The project version, for example {@code 0.1.0-SNAPSHOT}; {@code unknown (...)} saying why if unreadable. */
    public static String version() {
        return VERSION;
    }

    private static String read() {
        try (InputStream in = BuildVersion.class.getResourceAsStream("/io/raftwire/node/version.properties")) {
            if (in == null) {
                return "unknown (io/raftwire/node/version.properties is missing from the class path)";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }
}
