package io.raftwire.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.message.MessageType;
import io.raftwire.message.fixtures.CatalogFixtures;
import io.raftwire.serializer.Serializer;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Bytes per message type for every codec, as a Markdown table next to the reference's pre-registered Kryo figures.
 * Sizes are means over {@value #SEEDS} fixture seeds (varint widths and nothing else vary), like the reference's mean
 * of 200 fresh instances.
 */
final class SizeReport {

    static final int SEEDS = 200;

    private final List<Serializer> codecs;
    private final double[][] bytes;

    private SizeReport(List<Serializer> codecs, double[][] bytes) {
        this.codecs = codecs;
        this.bytes = bytes;
    }

    /** Encodes the 32-message set for {@value #SEEDS} seeds with every codec. */
    static SizeReport measure(List<Serializer> codecs) {
        List<MessageType> types = CatalogFixtures.MESSAGE_SET;
        double[][] bytes = new double[codecs.size()][types.size()];
        ByteBuf buf = Unpooled.buffer(64 * 1024);
        try {
            for (int seed = 0; seed < SEEDS; seed++) {
                CatalogFixtures fixtures = new CatalogFixtures(seed);
                for (int t = 0; t < types.size(); t++) {
                    Object message = fixtures.realistic(types.get(t));
                    for (int c = 0; c < codecs.size(); c++) {
                        buf.clear();
                        bytes[c][t] += codecs.get(c).encode(message, buf);
                    }
                }
            }
        } finally {
            buf.release();
        }
        for (double[] row : bytes) {
            for (int t = 0; t < row.length; t++) {
                row[t] /= SEEDS;
            }
        }
        return new SizeReport(codecs, bytes);
    }

    void print(PrintStream out) {
        List<MessageType> types = CatalogFixtures.MESSAGE_SET;
        StringBuilder header = new StringBuilder("| message |");
        StringBuilder rule = new StringBuilder("|---|");
        for (Serializer codec : codecs) {
            header.append(' ').append(codec.name()).append(" |");
            rule.append("---:|");
        }
        out.println(header.append(" reference Kryo pre-reg |"));
        out.println(rule.append("---:|"));
        for (int t = 0; t < types.size(); t++) {
            MessageType type = types.get(t);
            StringBuilder row = new StringBuilder("| ").append(type.javaType().getSimpleName()).append(" |");
            for (int c = 0; c < codecs.size(); c++) {
                row.append(' ').append(format(bytes[c][t])).append(" |");
            }
            out.println(row.append(' ').append(ReferenceFigures.KRYO_PRE_REGISTERED_BYTES.get(type)).append(" |"));
        }
        total(out, "**per 32-message set**", type -> true, ReferenceFigures.KRYO_PRE_REGISTERED_SET_BYTES);
        total(out, "per set without InstallRequest", type -> type != MessageType.INSTALL_REQUEST,
                referenceTotal(type -> type != MessageType.INSTALL_REQUEST));
        total(out, "small set (20 messages)", MessageSet.SMALL.types()::contains,
                referenceTotal(MessageSet.SMALL.types()::contains));
    }

    /** The mean payload bytes of one codec for one type of the 32-message set. */
    double bytes(int codec, MessageType type) {
        return bytes[codec][CatalogFixtures.MESSAGE_SET.indexOf(type)];
    }

    private void total(PrintStream out, String label, Predicate<MessageType> include,
            int reference) {
        List<MessageType> types = CatalogFixtures.MESSAGE_SET;
        StringBuilder row = new StringBuilder("| ").append(label).append(" |");
        for (int c = 0; c < codecs.size(); c++) {
            double sum = 0;
            for (int t = 0; t < types.size(); t++) {
                if (include.test(types.get(t))) {
                    sum += bytes[c][t];
                }
            }
            row.append(' ').append(format(sum)).append(" |");
        }
        out.println(row.append(' ').append(reference).append(" |"));
    }

    private static int referenceTotal(Predicate<MessageType> include) {
        int sum = 0;
        for (MessageType type : CatalogFixtures.MESSAGE_SET) {
            if (include.test(type)) {
                sum += ReferenceFigures.KRYO_PRE_REGISTERED_BYTES.get(type);
            }
        }
        return sum;
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%,.1f", value);
    }
}
