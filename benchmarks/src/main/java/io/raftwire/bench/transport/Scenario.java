package io.raftwire.bench.transport;

import java.util.List;

/**
 * One configuration of the transport benchmark, run in a JVM of its own.
 *
 * @param mode               {@code raw}: the raw Netty echo ({@link RawEchoExchange}); {@code transport}: two
 *                           transports over plaintext ({@link TransportExchange}); {@code tls}: two transports over
 *                           mutual TLS (JDK provider, certificates made at start-up)
 * @param serializer         the provider whose bytes travel: {@code kryo}, {@code protostuff} or {@code jdk}
 * @param pair               the request and its response
 * @param flushConsolidation {@code raftwire.transport.flush-consolidation}
 */
record Scenario(String mode, String serializer, MessagePair pair, boolean flushConsolidation) {

    private static final List<String> MODES = List.of("raw", "transport", "tls");

    /** Number of command-line arguments of {@link #args()}. */
    static final int ARGS = 4;

    /**
     * Parses the form written by {@link #args()}: {@code raw|transport|tls <serializer> vote|append on|off}.
     *
     * @throws IllegalArgumentException saying which argument is wrong
     */
    static Scenario parse(List<String> args) {
        if (args.size() != ARGS) {
            throw new IllegalArgumentException("scenario = " + args + " (expected: raw|transport|tls <serializer>"
                    + " vote|append on|off)");
        }
        if (!MODES.contains(args.get(0))) {
            throw new IllegalArgumentException("mode = " + args.get(0) + " (expected: one of " + MODES + ")");
        }
        return new Scenario(args.get(0), args.get(1), MessagePair.of(args.get(2)), choice(args.get(3), "off", "on"));
    }

    private static boolean choice(String value, String no, String yes) {
        if (!value.equals(no) && !value.equals(yes)) {
            throw new IllegalArgumentException("argument = " + value + " (expected: " + no + " or " + yes + ")");
        }
        return value.equals(yes);
    }

    /** The command-line form. */
    List<String> args() {
        return List.of(mode, serializer, pair.label(), flushConsolidation ? "on" : "off");
    }

    /** Whether this is the raw Netty echo. */
    boolean raw() {
        return mode.equals("raw");
    }

    /** For example {@code kryo vote flush=on}, {@code kryo+tls vote flush=on} or {@code raw(kryo) vote flush=on}. */
    String label() {
        String who = switch (mode) {
            case "raw" -> "raw(" + serializer + ")";
            case "tls" -> serializer + "+tls";
            default -> serializer;
        };
        return who + " " + pair.label() + " flush="
                + (flushConsolidation ? "on" : "off");
    }

    /** Starts the client and server of this scenario, connected and checked with one call. */
    Exchange open() throws Exception {
        return raw() ? new RawEchoExchange(serializer, pair, flushConsolidation)
                : new TransportExchange(serializer, pair, flushConsolidation, mode.equals("tls"));
    }
}
