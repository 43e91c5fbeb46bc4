/**
 * The protostuff serializer provider: {@link io.raftwire.serializer.protostuff.ProtostuffSerializerProvider}, found
 * through {@link java.util.ServiceLoader}; {@link io.raftwire.serializer.protostuff.ProtostuffResolvingDecoder},
 * which reads payloads written with another schema; and
 * {@link io.raftwire.serializer.protostuff.ProtostuffDownLevelEncoder}, which writes payloads in an older schema
 * (docs/upgrades.md §2.5). Depends on serializer-spi, protostuff-core and Netty's buffer API only; nothing outside
 * this package refers to them.
 */
package io.raftwire.serializer.protostuff;
