package io.raftwire.bench.mix;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.StateCheck;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.netty.capture.CaptureReader;
import io.raftwire.transport.netty.capture.CaptureRecord;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Measures the message mix a running cluster sends, and writes the sample {@link MixBenchmark} encodes.
 *
 * <p>Runs what {@code raftwire demo} runs, without the leader kill: three durable members on loopback (data
 * directories, fsync as shipped), four client sessions with 8 operations outstanding each, 60 % puts, 25 %
 * linearizable gets, 10 % compare-and-sets (a get, then the write) and 5 % deletes over 1,000 keys with 64-byte
 * values. Every member captures its frames ({@code raftwire.transport.capture-file}). Counted once each: the frames a
 * member <em>sent</em> to another member (its peers captured the same frames as received), and both directions of
 * every client connection (clients do not capture). Control frames (handshakes, pings) are left out.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.raftwire.bench.mix.ClusterMixCapture [ops] [sample-file] [sample-frames]
 * </pre>
 *
 * Prints the mix (frames, share and mean payload bytes per type); with a sample file, also writes
 * {@code sample-frames} frames (default 1,000) chosen per type in proportion to the mix, in capture order, as raw
 * frames ({@code raftwire inspect FILE} shows them).
 */
public final class ClusterMixCapture {

    private static final int CLIENTS = 4;
    private static final int IN_FLIGHT = 8;
    private static final int KEYS = 1000;
    private static final int VALUE_BYTES = 64;

    private ClusterMixCapture() {
    }

    public static void main(String[] args) throws Exception {
        long ops = args.length > 0 ? Long.parseLong(args[0]) : 20_000;
        Path sampleFile = args.length > 1 ? Path.of(args[1]) : null;
        int sampleFrames = args.length > 2 ? Integer.parseInt(args[2]) : 1_000;
        Path dir = Files.createTempDirectory("raftwire-mix-");
        try {
            List<CapturedFrame> frames = run(dir, ops);
            TypeRegistry registry = KvNodes.registry();
            MixTable mix = new MixTable();
            frames.forEach(mix::add);
            System.out.printf("message mix of a durable 3-member kv cluster, %d operations, %d clients x %d in"
                    + " flight:%n", ops, CLIENTS, IN_FLIGHT);
            mix.print(registry, System.out);
            if (sampleFile != null) {
                List<CapturedFrame> sample = MixSample.proportional(frames, mix, sampleFrames);
                MixSample.write(sample, sampleFile);
                MixTable sampled = new MixTable();
                sample.forEach(sampled::add);
                System.out.printf("%nsample written to %s:%n", sampleFile);
                sampled.print(registry, System.out);
            }
        } finally {
            delete(dir);
        }
    }

    /** Runs the cluster and the workload, and returns every message frame, counted once. */
    static List<CapturedFrame> run(Path dir, long ops) throws Exception {
        Map<String, String> base = new LinkedHashMap<>();
        base.put("raftwire.serializer", "kryo");
        base.put("raftwire.cluster.id", "mix");
        base.put("raftwire.tls.enabled", "false");
        base.put("raftwire.raft.election-timeout-ms", "500");
        base.put("raftwire.raft.heartbeat-period-secs", "1");
        base.put("raftwire.raft.heartbeat-timeout-secs", "2");
        Path data = Files.createDirectories(dir.resolve("data"));
        try (LocalCluster cluster = LocalCluster.start(3, base, data, config -> capturing(config, dir))) {
            cluster.awaitLeader(Duration.ofSeconds(30));
            List<KvClient> clients = new ArrayList<>();
            try {
                for (int c = 0; c < CLIENTS; c++) {
                    KvClient client = KvNodes.client(RaftwireClient.builder(cluster.config(0), KvNodes.registry(),
                            cluster.clientAddresses()).clientId("mix-client-" + (c + 1)));
                    client.session().connect();
                    clients.add(client);
                }
                drive(clients, ops);
            } finally {
                for (KvClient c : clients) {
                    c.close();
                }
            }
            // every member applied the last write before the transports close and write out their captures
            StateCheck.atOneIndex(cluster.running(), Duration.ofSeconds(30));
        }
        List<CapturedFrame> frames = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".rwcap") || p.toString().endsWith(".clients"))
                    .sorted().toList()) {
                boolean clientListener = f.toString().endsWith(".clients");
                read(f, r -> {
                    if (clientListener || r.direction() == CaptureRecord.Direction.OUTBOUND) {
                        CapturedFrame frame = new CapturedFrame(r.frame(), r.timestampMicros());
                        if (frame.kind().carriesMessage()) {
                            frames.add(frame);
                        }
                    }
                });
            }
        }
        frames.sort(Comparator.comparingLong(CapturedFrame::order)); // stable: a file's own order within a microsecond
        return frames;
    }

    private static RaftwireNode capturing(RaftwireConfig config, Path dir) {
        Map<String, String> values = new LinkedHashMap<>(config.nonDefaults());
        values.put(ConfigKeys.TRANSPORT_CAPTURE_FILE.name(),
                dir.resolve(config.get(ConfigKeys.NODE_ID) + ".rwcap").toString());
        return KvNodes.node(RaftwireConfig.of(values));
    }

    private static void drive(List<KvClient> clients, long ops) throws InterruptedException {
        AtomicLong started = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        List<Thread> drivers = new ArrayList<>();
        for (int c = 0; c < clients.size(); c++) {
            KvClient client = clients.get(c);
            Random random = new Random(1 + c);
            Thread t = new Thread(() -> {
                Semaphore inFlight = new Semaphore(IN_FLIGHT);
                try {
                    while (started.getAndIncrement() < ops) {
                        inFlight.acquire();
                        one(client, random).whenComplete((r, e) -> {
                            if (e != null) {
                                failed.incrementAndGet();
                            }
                            inFlight.release();
                        });
                    }
                    inFlight.acquire(IN_FLIGHT);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "mix-client-" + (c + 1));
            t.start();
            drivers.add(t);
        }
        for (Thread t : drivers) {
            t.join(TimeUnit.MINUTES.toMillis(10));
        }
        if (failed.get() > 0) {
            System.out.println(failed.get() + " operations failed (counted in the mix as sent)");
        }
    }

    private static CompletableFuture<?> one(KvClient client, Random random) {
        String key = "key-" + random.nextInt(KEYS);
        byte[] value = new byte[VALUE_BYTES];
        random.nextBytes(value);
        int dice = random.nextInt(100);
        if (dice < 60) {
            return client.put(key, value);
        } else if (dice < 85) {
            return client.get(key);
        } else if (dice < 95) {
            return client.get(key).thenCompose(r -> client.compareAndSet(key, r.version(), value));
        }
        return client.delete(key);
    }

    private interface RecordSink {
        void accept(CaptureRecord r) throws IOException;
    }

    private static void read(Path file, RecordSink sink) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file));
                CaptureReader reader = new CaptureReader(in)) {
            for (CaptureRecord r = reader.next(); r != null; r = reader.next()) {
                sink.accept(r);
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
