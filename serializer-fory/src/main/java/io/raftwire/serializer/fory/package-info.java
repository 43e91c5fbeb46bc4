/**
 * The Apache Fory serializer provider ({@code fory}, id 4). The entry point is
 * {@link io.raftwire.serializer.fory.ForySerializerProvider}, found through {@link java.util.ServiceLoader}; every
 * other type here is an implementation detail. The payload layout, and what this provider takes from Fory and what
 * it does not, are described on the provider class.
 *
 * <p>Depends on {@code serializer-spi}, {@code fory-core} and Netty's buffer and common modules only.
 */
package io.raftwire.serializer.fory;
