package io.raftwire.config;

import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A network address as written in configuration: a host name, an IPv4 address or an IPv6 address, and a TCP port.
 * Nothing is resolved here (no DNS lookups); the transport resolves the host when it binds or connects.
 * Immutable; valid by construction.
 *
 * <p>Text form: {@code host:port}, with IPv6 addresses in brackets ({@code [::1]:7101}); {@link #toString()}
 * writes the same form, so it parses back to an equal value.
 *
 * @param host a host name (letters, digits and hyphens in dot-separated labels, at most 253 characters), a dotted
 *             IPv4 address, or an IPv6 address without brackets
 * @param port the TCP port, 0..65535; 0 means "any free port" and only makes sense for a listen address
 */
public record HostPort(String host, int port) {

    private static final Pattern HOST_NAME = Pattern.compile(
            "[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*");
    private static final Pattern NUMERIC_LABELS = Pattern.compile("[0-9.]+");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");
    private static final Pattern PORT = Pattern.compile("[0-9]{1,5}");
    private static final Pattern HEX_GROUP = Pattern.compile("[0-9A-Fa-f]{1,4}");
    /** Names of the loopback interface, as written, lower case. */
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "::1", "0:0:0:0:0:0:0:1");
    /** Hosts that listen on every interface, as written. */
    private static final Set<String> WILDCARD = Set.of("0.0.0.0", "::", "0:0:0:0:0:0:0:0");

    /** Validates the host and the port; see the record components. */
    public HostPort {
        Objects.requireNonNull(host, "host");
        String problem = hostProblem(host);
        if (problem != null) {
            throw new IllegalArgumentException("host = " + host + " (expected: " + problem + ")");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port = " + port + " (expected: 0..65535)");
        }
    }

    /**
     * Parses {@code host:port} or {@code [ipv6]:port}.
     *
     * @throws IllegalArgumentException whose message says what is wrong with the text, for example {@code no port}
     */
    static HostPort parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon < 0) {
            throw expected("no port");
        }
        String host = text.substring(0, colon);
        String port = text.substring(colon + 1);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
            if (!isIpv6(host)) {
                throw expected("[" + host + "] is not an IPv6 address");
            }
        } else if (host.indexOf(':') >= 0) {
            throw expected("IPv6 addresses go in brackets, as [::1]:7101");
        }
        String problem = hostProblem(host);
        if (problem != null) {
            throw expected("host " + (host.isEmpty() ? "is empty" : host + " is not " + problem));
        }
        if (!PORT.matcher(port).matches() || Integer.parseInt(port) > 65535) {
            throw expected("port " + (port.isEmpty() ? "is empty" : port + " is not 0..65535"));
        }
        return new HostPort(host, Integer.parseInt(port));
    }

    /** Whether {@link #port()} is 0, which asks the operating system for any free port when binding. */
    public boolean isAnyPort() {
        return port == 0;
    }

    /**
     * Whether a connection to {@code other} would reach a socket listening on this address, judged from the text
     * alone (nothing is resolved): the same port, not 0, and the same host ignoring case, or both hosts names of this
     * machine's loopback interface ({@code localhost}, {@code 127.0.0.1}, {@code ::1}), or this host a wildcard
     * ({@code 0.0.0.0}, {@code ::}) and {@code other}'s a loopback name. A host name that resolves to this machine in
     * some other way is not seen.
     */
    public boolean reachedBy(HostPort other) {
        if (port == 0 || port != other.port) {
            return false;
        }
        String a = host.toLowerCase(Locale.ROOT);
        String b = other.host.toLowerCase(Locale.ROOT);
        return a.equals(b) || LOOPBACK.contains(b) && (LOOPBACK.contains(a) || WILDCARD.contains(a));
    }

    /** {@code host:port}, or {@code [host]:port} for an IPv6 host. */
    @Override
    public String toString() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    private static IllegalArgumentException expected(String reason) {
        return new IllegalArgumentException(reason);
    }

    /** Returns {@code null} for a valid host, otherwise what a host must be. */
    private static String hostProblem(String host) {
        boolean valid;
        if (host.indexOf(':') >= 0) {
            valid = isIpv6(host);
        } else if (NUMERIC_LABELS.matcher(host).matches()) {
            valid = isIpv4(host);
        } else {
            valid = host.length() <= 253 && HOST_NAME.matcher(host).matches();
        }
        return valid ? null : "a host name, an IPv4 address or an IPv6 address";
    }

    /**
     * Whether {@code host} is an IPv6 address in text: eight groups of one to four hex digits separated by colons, or
     * fewer with one {@code ::} standing for the rest, the last two groups possibly written as an IPv4 address
     * ({@code ::ffff:10.0.0.1}). {@code :::::} and {@code 1::2::3} are not.
     */
    private static boolean isIpv6(String host) {
        if (!IPV6.matcher(host).matches()) {
            return false;
        }
        int gap = host.indexOf("::");
        if (gap >= 0 && host.indexOf("::", gap + 1) >= 0) {
            return false;
        }
        String[] sides = gap >= 0 ? new String[] {host.substring(0, gap), host.substring(gap + 2)}
                : new String[] {host};
        int groups = 0;
        for (int s = 0; s < sides.length; s++) {
            if (sides[s].isEmpty()) {
                continue;
            }
            String[] parts = sides[s].split(":", -1);
            for (int i = 0; i < parts.length; i++) {
                String part = parts[i];
                if (s == sides.length - 1 && i == parts.length - 1 && part.indexOf('.') >= 0) {
                    if (!NUMERIC_LABELS.matcher(part).matches() || !isIpv4(part)) {
                        return false;
                    }
                    groups += 2;
                } else if (part.isEmpty() || part.length() > 4 || !HEX_GROUP.matcher(part).matches()) {
                    return false;
                } else {
                    groups++;
                }
            }
        }
        return gap >= 0 ? groups < 8 : groups == 8;
    }

    private static boolean isIpv4(String host) {
        String[] parts = host.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }
}
