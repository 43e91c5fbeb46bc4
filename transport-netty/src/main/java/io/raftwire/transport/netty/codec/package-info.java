/**
 * The raftwire wire format: {@link io.raftwire.transport.netty.codec.FrameDescriptor} (the frame layout, written down
 * once), the frame kinds and error codes, the hand-encoded control payloads (handshake, error), {@link
 * io.raftwire.transport.netty.codec.FrameWriter} for outbound frames and {@link
 * io.raftwire.transport.netty.codec.HeaderDecoder} for inbound ones. Public so that benchmarks and tests can run the
 * same framing with or without serialization.
 *
 * <p>Depends on the serializer SPI and Netty's buffer and codec-base modules only.
 */
package io.raftwire.transport.netty.codec;
