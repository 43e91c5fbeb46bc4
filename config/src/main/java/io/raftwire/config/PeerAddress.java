package io.raftwire.config;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One other member of the cluster: its member id and where it listens. Immutable; valid by construction.
 *
 * <p>Text form: {@code id=host:port}, for example {@code node-2=127.0.0.1:7102}; {@link #toString()} writes the
 * same form.
 *
 * @param id      the peer's member id: lower-case letters, digits, {@code .}, {@code _} and {@code -}, starting with a
 *                letter or digit, at most 64 characters (the same rule as {@code raftwire.node.id})
 * @param address where the peer listens; the port is 1..65535 (a peer cannot be reached on "any port")
 */
public record PeerAddress(String id, HostPort address) {

    /** Rule for cluster and member ids, shared with {@link ConfigKeys#NODE_ID} and {@link ConfigKeys#CLUSTER_ID}. */
    static final String ID_REGEX = "[a-z0-9][a-z0-9._-]{0,63}";

    private static final Pattern ID = Pattern.compile(ID_REGEX);

    /** Validates the id and the port; see the record components. */
    public PeerAddress {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(address, "address");
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("id = " + id + " (expected: an id matching " + ID_REGEX + ")");
        }
        if (address.isAnyPort()) {
            throw new IllegalArgumentException("port = 0 (expected: 1..65535 for a peer)");
        }
    }

    /**
     * Parses {@code id=host:port}.
     *
     * @throws IllegalArgumentException whose message says what is wrong with the text, for example {@code no '='}
     */
    static PeerAddress parse(String text) {
        int equals = text.indexOf('=');
        if (equals < 0) {
            throw new IllegalArgumentException("no '=' between id and host:port");
        }
        String id = text.substring(0, equals).trim();
        if (!ID.matcher(id).matches()) {
            String reason = id.isEmpty() ? "id is empty" : "id " + id + " does not match " + ID_REGEX;
            throw new IllegalArgumentException(reason);
        }
        HostPort address = HostPort.parse(text.substring(equals + 1).trim());
        if (address.isAnyPort()) {
            throw new IllegalArgumentException("port is 0 (a peer needs 1..65535)");
        }
        return new PeerAddress(id, address);
    }

    /** {@code id=host:port}. */
    @Override
    public String toString() {
        return id + "=" + address;
    }
}
