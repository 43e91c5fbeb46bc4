/**
 * The jdk serializer provider: JDK serialization as the raftwire baseline, hardened with an
 * {@link java.io.ObjectInputFilter} allow-list built from the registry. Start at
 * {@link io.raftwire.serializer.jdk.JdkSerializerProvider}; everything else is package-private.
 *
 * <p>Depends on {@code io.raftwire.serializer} (SPI and type model) and Netty's buffer API only.
 */
package io.raftwire.serializer.jdk;
