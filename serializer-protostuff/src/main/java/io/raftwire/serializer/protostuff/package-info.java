/**
 * The protostuff serializer provider: {@link io.raftwire.serializer.protostuff.ProtostuffSerializerProvider}, found
 * through {@link java.util.ServiceLoader}. Depends on serializer-spi, protostuff-core and Netty's buffer API only;
 * nothing outside this package refers to it.
 */
package io.raftwire.serializer.protostuff;
