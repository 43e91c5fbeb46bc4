/**
 * Typed raftwire configuration: every setting is one {@link io.raftwire.config.ConfigKey} in
 * {@link io.raftwire.config.ConfigKeys} with its type, default, constraint and a one-line description.
 *
 * <p>{@link io.raftwire.config.RaftwireConfig#fromFile(java.nio.file.Path)} reads a properties file, overridden by
 * system properties, overridden by environment variables, and either returns an immutable, fully validated
 * configuration or throws one {@link io.raftwire.config.ConfigException} listing every problem, one per line, as
 * {@code key = value (expected: ...)}. Only {@link io.raftwire.config.ConfigSource#systemProperties()} and
 * {@link io.raftwire.config.ConfigSource#environment()} read the process state, and only when called.
 *
 * <p>Dependencies: the JDK and slf4j-api only; nothing else in raftwire.
 */
package io.raftwire.config;
