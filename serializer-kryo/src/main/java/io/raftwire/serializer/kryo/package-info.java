/**
 * The Kryo 5 serializer provider ({@code kryo}, id 1). The entry point is
 * {@link io.raftwire.serializer.kryo.KryoSerializerProvider}, found through {@link java.util.ServiceLoader}; every
 * other type here is an implementation detail. The payload layout is described on the provider class.
 *
 * <p>Depends on {@code serializer-spi}, Kryo and Netty's buffer and common modules only.
 */
package io.raftwire.serializer.kryo;
