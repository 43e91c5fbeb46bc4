/**
 * Frame capture: a node copies every frame it sends and receives into a file that {@code raftwire inspect} turns back
 * into readable messages. {@link io.raftwire.transport.netty.capture.CaptureFormat} writes the file layout down once;
 * {@link io.raftwire.transport.netty.capture.CaptureWriter} writes it off the event loop,
 * {@link io.raftwire.transport.netty.capture.CaptureReader} reads it back, and
 * {@link io.raftwire.transport.netty.capture.FrameCaptureHandler} copies the frames of one channel to a writer.
 *
 * <p>Depends on Netty's buffer and transport modules and slf4j only; it never decodes a payload.
 */
package io.raftwire.transport.netty.capture;
