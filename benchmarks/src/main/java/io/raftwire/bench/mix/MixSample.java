package io.raftwire.bench.mix;

import io.raftwire.transport.netty.codec.FrameDescriptor;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sample of captured frames in the proportions of the whole capture, stored as raw frames (each with its 4-byte
 * length, as on the wire): the format {@code raftwire inspect} reads.
 */
final class MixSample {

    private MixSample() {
    }

    /**
     * About {@code size} frames, each type's share as in {@code mix} (at least one frame of every type that occurs),
     * taken evenly spaced among that type's frames, in capture order.
     */
    static List<CapturedFrame> proportional(List<CapturedFrame> frames, MixTable mix, int size) {
        Map<Integer, List<CapturedFrame>> byType = new LinkedHashMap<>();
        for (CapturedFrame f : frames) {
            byType.computeIfAbsent(f.typeId(), id -> new ArrayList<>()).add(f);
        }
        List<CapturedFrame> sample = new ArrayList<>();
        byType.forEach((id, ofType) -> {
            int take = (int) Math.max(1, Math.round((double) size * ofType.size() / mix.frames()));
            for (int i = 0; i < take; i++) {
                sample.add(ofType.get((int) ((long) i * ofType.size() / take)));
            }
        });
        sample.sort(Comparator.comparingLong(CapturedFrame::order));
        return sample;
    }

    /** Writes the frames one after the other, as raw frames. */
    static void write(List<CapturedFrame> frames, Path file) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (CapturedFrame f : frames) {
            bytes.write(f.frame());
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, bytes.toByteArray());
    }

    /**
     * Reads raw frames.
     *
     * @throws UncheckedIOException if a frame is cut short or shorter than a frame header
     */
    static List<CapturedFrame> read(InputStream in) {
        List<CapturedFrame> frames = new ArrayList<>();
        DataInputStream data = new DataInputStream(in);
        try {
            while (true) {
                int length;
                try {
                    length = data.readInt();
                } catch (EOFException end) {
                    return frames;
                }
                if (length < FrameDescriptor.HEADER_LENGTH_AFTER_LENGTH_FIELD) {
                    throw new IOException("frame " + frames.size() + ": length " + length + " (expected: at least the "
                            + FrameDescriptor.HEADER_LENGTH_AFTER_LENGTH_FIELD + "-byte header)");
                }
                byte[] frame = new byte[FrameDescriptor.LENGTH_FIELD_LENGTH + length];
                frame[0] = (byte) (length >>> 24);
                frame[1] = (byte) (length >>> 16);
                frame[2] = (byte) (length >>> 8);
                frame[3] = (byte) length;
                data.readFully(frame, FrameDescriptor.LENGTH_FIELD_LENGTH, length);
                frames.add(new CapturedFrame(frame, frames.size()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading the mix sample: " + e.getMessage(), e);
        }
    }
}
