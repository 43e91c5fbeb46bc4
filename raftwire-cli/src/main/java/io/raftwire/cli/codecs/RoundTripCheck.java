package io.raftwire.cli.codecs;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.raftwire.message.MessageType;
import io.raftwire.serializer.Serializer;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks one codec on samples of every catalog type: each sample must decode to an equal value, the decoder must
 * consume exactly the bytes the encoder wrote, and encoding the decoded value must give the same bytes again.
 */
final class RoundTripCheck {

    /** Most problems kept per codec for the report. */
    static final int MAX_PROBLEMS = 5;

    private final String codec;
    private final int samples;
    private final int failures;
    private final List<String> problems;

    private RoundTripCheck(String codec, int samples, int failures, List<String> problems) {
        this.codec = codec;
        this.samples = samples;
        this.failures = failures;
        this.problems = problems;
    }

    /**
     * Round-trips one sample of every {@link MessageType} and the 32-message set for seeds {@code 0..seeds-1}.
     */
    static RoundTripCheck run(Serializer codec, int seeds) {
        List<Object> samples = new ArrayList<>();
        SampleMessages every = new SampleMessages(-1);
        for (MessageType type : MessageType.values()) {
            samples.add(every.sample(type));
        }
        for (int seed = 0; seed < seeds; seed++) {
            samples.addAll(new SampleMessages(seed).messageSet());
        }
        List<String> problems = new ArrayList<>();
        int failures = 0;
        ByteBuf first = Unpooled.buffer(64 * 1024);
        ByteBuf second = Unpooled.buffer(64 * 1024);
        try {
            for (Object sample : samples) {
                first.clear();
                second.clear();
                String problem = check(codec, sample, first, second);
                if (problem != null) {
                    failures++;
                    if (problems.size() < MAX_PROBLEMS) {
                        problems.add(problem);
                    }
                }
            }
        } finally {
            first.release();
            second.release();
        }
        return new RoundTripCheck(codec.name(), samples.size(), failures, List.copyOf(problems));
    }

    private static String check(Serializer codec, Object sample, ByteBuf first, ByteBuf second) {
        String name = sample.getClass().getSimpleName();
        try {
            int typeId = codec.registry().idOf(sample);
            codec.encode(sample, first);
            String bytes = ByteBufUtil.hexDump(first);
            Object decoded = codec.decode(typeId, first);
            if (first.isReadable()) {
                return name + ": " + first.readableBytes() + " bytes left after decoding (expected: none)";
            }
            if (!sample.equals(decoded)) {
                return name + ": decoded to a different value (expected: equal to the sample): sent "
                        + abbreviate(sample) + ", got " + abbreviate(decoded);
            }
            codec.encode(decoded, second);
            if (!bytes.equals(ByteBufUtil.hexDump(second))) {
                return name + ": the decoded value encodes to other bytes (expected: the same "
                        + (bytes.length() / 2) + " bytes)";
            }
            return null;
        } catch (RuntimeException e) {
            return name + ": " + e;
        }
    }

    private static String abbreviate(Object value) {
        String text = String.valueOf(value);
        return text.length() <= 160 ? text : text.substring(0, 160) + "...";
    }

    String codec() {
        return codec;
    }

    int samples() {
        return samples;
    }

    int failures() {
        return failures;
    }

    boolean ok() {
        return failures == 0;
    }

    /** The first {@value #MAX_PROBLEMS} problems, each naming the type, what happened and what was expected. */
    List<String> problems() {
        return problems;
    }
}
