package io.raftwire.bench;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The settings every codec benchmark shares (JMH inherits these annotations): average time per operation in
 * nanoseconds, one fork with a fixed 1 GiB heap, 3 x 1 s warm-up and 5 x 1 s measurement. With these settings the
 * whole codec suite runs in about seven minutes on a 2-core machine; raise the counts on the command line
 * ({@code -f 3 -wi 5 -i 10}) before quoting absolute numbers.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class BenchmarkDefaults {
}
