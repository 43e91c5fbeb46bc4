package io.raftwire.bench.cluster;

import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.RaftwireNode;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One member of a multi-process run ({@link KvMultiProcess}) in a JVM of its own: the benchmark's KV node
 * ({@link DurableKvNode}) built from the {@code raftwire.*} values on the command line, started, and kept running until
 * the parent closes this process's standard input (or dies, which closes it too), the parent stops it with a signal,
 * or {@code MAX_SECONDS} pass, whichever comes first; then the node is closed and the JVM exits. Prints
 * {@value #READY} on stdout once the node is started.
 *
 * <pre>
 * java -cp benchmarks.jar io.raftwire.bench.cluster.KvMember MAX_SECONDS raftwire.key=value ...
 * </pre>
 */
public final class KvMember {

    /** The line printed once the node has started. */
    static final String READY = "MEMBER-READY";

    private KvMember() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("error: expected MAX_SECONDS raftwire.key=value ... (got " + args.length
                    + " arguments)");
            System.exit(2);
        }
        long maxSeconds;
        Map<String, String> values;
        try {
            maxSeconds = seconds(args[0]);
            values = values(List.of(args).subList(1, args.length));
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
            return;
        }
        RaftwireNode node = DurableKvNode.node(RaftwireConfig.of(values));
        CountDownLatch stop = new CountDownLatch(1);
        Thread closer = new Thread(() -> {
            stop.countDown();
            node.close();
        }, "member-shutdown");
        Runtime.getRuntime().addShutdownHook(closer);
        node.start();
        System.out.println(READY);
        System.out.flush();
        Thread stdin = new Thread(() -> {
            drain(System.in);
            stop.countDown();
        }, "member-stdin");
        stdin.setDaemon(true);
        stdin.start();
        stop.await(maxSeconds, TimeUnit.SECONDS);
        System.exit(0); // runs the shutdown hook, which closes the node
    }

    /** Reads until end of stream: the parent closed the pipe or is gone. */
    private static void drain(InputStream in) {
        byte[] buf = new byte[256];
        try {
            while (in.read(buf) >= 0) {
                // nothing is sent; only the end matters
            }
        } catch (IOException e) {
            // the pipe broke: the parent is gone
        }
    }

    private static long seconds(String v) {
        try {
            long s = Long.parseLong(v);
            if (s > 0) {
                return s;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("MAX_SECONDS = " + v + " (expected: a positive integer)");
    }

    /** {@code key=value} arguments, in order. */
    static Map<String, String> values(List<String> args) {
        if (args.isEmpty()) {
            throw new IllegalArgumentException("no configuration (expected: raftwire.key=value arguments)");
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("argument = " + arg + " (expected: raftwire.key=value)");
            }
            values.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return values;
    }
}
