package io.raftwire.serializer.jdk;

import io.raftwire.serializer.model.TypeModel;

import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;

/**
 * Writes one jdk payload: an {@link ObjectOutputStream} whose {@link #replaceObject} puts the {@link Carrier} of a
 * registered value in its place ({@link CarrierWriter}), so registered types never need to be
 * {@link java.io.Serializable}. It refuses to write any other object outside {@link StreamClasses}, so our own
 * payloads pass our own allow-list.
 *
 * <p>A new stream per payload: this is the baseline provider (a stream header and fresh class descriptors every
 * time, which makes it several times slower and larger than the other providers, {@code docs/library-behaviour.md}
 * §3 J3). One instance per encode; not thread-safe.
 */
final class CarrierOutputStream extends ObjectOutputStream {

    private final CarrierWriter writer;

    /**
     * Writes the stream header.
     *
     * @param out    the destination
     * @param writer builds the carrier of a value
     * @throws IOException if the destination refuses the header
     */
    CarrierOutputStream(OutputStream out, CarrierWriter writer) throws IOException {
        super(out);
        this.writer = writer;
        enableReplaceObject(true);
    }

    @Override
    protected Object replaceObject(Object obj) throws IOException {
        if (obj instanceof String || StreamClasses.allows(obj.getClass())) {
            return obj;
        }
        TypeModel model = writer.registry().find(obj.getClass());
        if (model == null) {
            throw new NotSerializableException(obj.getClass().getName() + " is neither registered nor part of a"
                    + " carrier (expected: a registered type)");
        }
        return writer.write(model, obj);
    }
}
