package io.raftwire.cli.codecs;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.message.MessageType;
import io.raftwire.serializer.Serializer;

import java.util.List;

/**
 * Payload bytes per message type of the {@link SampleMessages#MESSAGE_SET 32-message set} for each codec: the mean
 * over several sample seeds, since only varint widths vary between samples (as the reference took the mean of 200
 * fresh instances).
 */
final class SizeTable {

    private final List<Serializer> codecs;
    private final double[][] bytes;
    private final int seeds;

    private SizeTable(List<Serializer> codecs, double[][] bytes, int seeds) {
        this.codecs = codecs;
        this.bytes = bytes;
        this.seeds = seeds;
    }

    /**
     * Encodes the set for seeds {@code 0..seeds-1} with every codec.
     *
     * @param seeds at least 1
     */
    static SizeTable measure(List<Serializer> codecs, int seeds) {
        List<MessageType> types = SampleMessages.MESSAGE_SET;
        double[][] bytes = new double[codecs.size()][types.size()];
        ByteBuf buf = Unpooled.buffer(64 * 1024);
        try {
            for (int seed = 0; seed < seeds; seed++) {
                List<Object> set = new SampleMessages(seed).messageSet();
                for (int t = 0; t < set.size(); t++) {
                    for (int c = 0; c < codecs.size(); c++) {
                        buf.clear();
                        bytes[c][t] += codecs.get(c).encode(set.get(t), buf);
                    }
                }
            }
        } finally {
            buf.release();
        }
        for (double[] row : bytes) {
            for (int t = 0; t < row.length; t++) {
                row[t] /= seeds;
            }
        }
        return new SizeTable(codecs, bytes, seeds);
    }

    List<Serializer> codecs() {
        return codecs;
    }

    int seeds() {
        return seeds;
    }

    /** Mean payload bytes of codec {@code c} for {@code type}. */
    double bytes(int c, MessageType type) {
        return bytes[c][SampleMessages.MESSAGE_SET.indexOf(type)];
    }

    /** Sum of the means of codec {@code c} over the set, with or without the InstallRequest. */
    double total(int c, boolean withInstall) {
        double sum = 0;
        for (MessageType type : SampleMessages.MESSAGE_SET) {
            if (withInstall || type != MessageType.INSTALL_REQUEST) {
                sum += bytes(c, type);
            }
        }
        return sum;
    }

    /** The reference's sum over the set, with or without the InstallRequest. */
    static int referenceTotal(boolean withInstall) {
        int sum = 0;
        for (MessageType type : SampleMessages.MESSAGE_SET) {
            if (withInstall || type != MessageType.INSTALL_REQUEST) {
                sum += ReferenceSizes.KRYO_PRE_REGISTERED.get(type);
            }
        }
        return sum;
    }
}
