package io.raftwire.testkit.leak;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The armed leak detector of every module's tests: a {@link ResourceLeakDetectorFactory} whose detectors count every
 * leak they find, so a test fails on a leak instead of leaving it in a log. The one leak gate of the build: it lives in
 * test-kit, which depends on Netty only, so the serializer modules below the transport use it as well as the
 * transport and everything above it.
 *
 * <p>Netty creates its buffer leak detector once, when the first buffer class initialises, so {@link #install()} must
 * run before that: {@link LeakGateSessionListener} does it when the JUnit session opens (test-kit registers it in its
 * own {@code META-INF/services}, so every module with test-kit on its test class path gets it), and
 * {@link LeakDetectionExtension} checks it before each test class.
 *
 * <p>Leaks are counted and kept, not logged: the failing test prints the access records, and a deliberate leak (the
 * self-tests') leaves no {@code ERROR} line in the build output.
 *
 * <p>Thread-safe: detectors report from whichever thread allocates a tracked buffer.
 */
public final class LeakGate {

    private static final AtomicInteger LEAKS = new AtomicInteger();
    private static final List<String> RECORDS = new ArrayList<>();
    private static volatile boolean installed;

    private LeakGate() {
    }

    /** Installs the counting factory; idempotent. */
    public static synchronized void install() {
        if (!installed) {
            ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new CountingFactory());
            installed = true;
        }
    }

    /** Whether {@link #install()} ran in this JVM. */
    public static boolean installed() {
        return installed;
    }

    /** Leaks reported so far in this JVM. */
    public static int leaks() {
        return LEAKS.get();
    }

    /** The reports so far (type and access records). */
    public static synchronized List<String> records() {
        return List.copyOf(RECORDS);
    }

    /**
     * Forces {@code rounds} garbage collections, each followed by tracked allocations that make the detector report
     * what was collected unreleased. After each collection it waits (at most a second) until a sentinel weak reference
     * cleared by that collection has been enqueued, so that the JVM's reference handler has queued the leaked
     * buffers' references too before the detectors look.
     *
     * @return {@link #leaks()} afterwards
     */
    public static int collect(int rounds) {
        for (int i = 0; i < rounds; i++) {
            ReferenceQueue<Object> queue = new ReferenceQueue<>();
            WeakReference<Object> sentinel = new WeakReference<>(new Object(), queue);
            System.gc();
            try {
                queue.remove(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Reference.reachabilityFence(sentinel);
            touchDetectors();
        }
        return leaks();
    }

    /**
     * Makes the detectors report what earlier collections (forced or the JVM's own) found unreleased, without forcing
     * one: cheap enough to run after every test.
     *
     * @return {@link #leaks()} afterwards
     */
    public static int poll() {
        touchDetectors();
        return leaks();
    }

    /**
     * Collects until at least {@code atLeast} leaks have been reported, or {@code maxRounds} collections have run.
     *
     * @return {@link #leaks()} afterwards
     */
    public static int collectUntil(int atLeast, int maxRounds) {
        for (int i = 0; i < maxRounds && leaks() < atLeast; i++) {
            collect(1);
        }
        return leaks();
    }

    private static void touchDetectors() {
        for (ByteBufAllocator a : new ByteBufAllocator[] {PooledByteBufAllocator.DEFAULT, ByteBufAllocator.DEFAULT,
                UnpooledByteBufAllocator.DEFAULT}) {
            a.directBuffer(8).release();
            a.heapBuffer(8).release();
        }
    }

    private static void report(String text) {
        LEAKS.incrementAndGet();
        synchronized (LeakGate.class) {
            RECORDS.add(text);
        }
    }

    private static final class CountingFactory extends ResourceLeakDetectorFactory {
        @Override
        public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval) {
            return new CountingDetector<>(resource, samplingInterval);
        }

        /** The factory's one abstract method, deprecated by Netty yet still the one its other overload calls. */
        @Override
        @SuppressWarnings("deprecation")
        public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval,
                long maxActive) {
            return new CountingDetector<>(resource, samplingInterval);
        }
    }

    private static final class CountingDetector<T> extends ResourceLeakDetector<T> {
        CountingDetector(Class<T> resource, int samplingInterval) {
            super(resource, samplingInterval);
        }

        @Override
        protected boolean needReport() {
            return true;
        }

        @Override
        protected void reportTracedLeak(String resourceType, String records) {
            report(resourceType + " leak:" + records);
        }

        @Override
        protected void reportUntracedLeak(String resourceType) {
            report(resourceType + " leak (untraced)");
        }
    }
}
