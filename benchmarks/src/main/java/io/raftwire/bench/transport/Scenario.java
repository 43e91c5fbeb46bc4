package io.raftwire.bench.transport;

import java.util.List;

/**
 * One configuration of the transport benchmark, run in a JVM of its own.
 *
 * @param raw                whether the client and server are the raw Netty echo ({@link RawEchoExchange}) instead
 *                           of two transports ({@link TransportExchange})
 * @param serializer         the provider whose bytes travel: {@code kryo}, {@code protostuff} or {@code jdk}
 * @param pair               the request and its response
 * @param flushConsolidation {@code raftwire.transport.flush-consolidation}
 */
record Scenario(boolean raw, String serializer, MessagePair pair, boolean flushConsolidation) {

    /** Number of command-line arguments of {@link #args()}. */
    static final int ARGS = 4;

    /**
     * Parses the form written by {@link #args()}: {@code transport|raw <serializer> vote|append on|off}.
     *
     * @throws IllegalArgumentException saying which argument is wrong
     */
    static Scenario parse(List<String> args) {
        if (args.size() != ARGS) {
            throw new IllegalArgumentException("scenario = " + args + " (expected: transport|raw <serializer>"
                    + " vote|append on|off)");
        }
        return new Scenario(choice(args.get(0), "transport", "raw"), args.get(1), MessagePair.of(args.get(2)),
                choice(args.get(3), "off", "on"));
    }

    private static boolean choice(String value, String no, String yes) {
        if (!value.equals(no) && !value.equals(yes)) {
            throw new IllegalArgumentException("argument = " + value + " (expected: " + no + " or " + yes + ")");
        }
        return value.equals(yes);
    }

    /** The command-line form. */
    List<String> args() {
        return List.of(raw ? "raw" : "transport", serializer, pair.label(), flushConsolidation ? "on" : "off");
    }

    /** For example {@code kryo vote flush=on} or {@code raw(kryo) vote flush=on}. */
    String label() {
        return (raw ? "raw(" + serializer + ")" : serializer) + " " + pair.label() + " flush="
                + (flushConsolidation ? "on" : "off");
    }

    /** Starts the client and server of this scenario, connected and checked with one call. */
    Exchange open() throws Exception {
        return raw ? new RawEchoExchange(serializer, pair, flushConsolidation)
                : new TransportExchange(serializer, pair, flushConsolidation);
    }
}
