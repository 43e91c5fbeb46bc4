package io.raftwire.serializer.jdk;

import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.TypeModel;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;

/**
 * Reads one jdk payload: an {@link ObjectInputStream} whose filter is a {@link PayloadFilter}, whose
 * {@link #resolveClass} knows only the {@link StreamClasses} (nothing named by a payload is ever loaded), and whose
 * {@link #resolveObject} turns the {@link Carrier}, once it has been read with everything it holds, into the value of
 * the type the frame header declares ({@link CarrierReader}). No other code from the payload runs.
 *
 * <p>A new stream per payload: this is the baseline provider, and an {@code ObjectInputStream} carries handle tables
 * that must not outlive one payload. One instance per decode; not thread-safe.
 */
final class CarrierInputStream extends ObjectInputStream {

    private final TypeModel model;
    private final CarrierReader reader;
    private final ResolvedType resolved;
    private final PayloadFilter filter;

    /**
     * Reads the stream header and installs the filter.
     *
     * @param in     the payload
     * @param model  the type the frame header declares
     * @param reader   builds values from carriers
     * @param resolved reads the top-level record written with another schema of the type; null for today's read
     * @param filter   this payload's filter
     * @throws IOException if the payload does not start with a serialization stream header
     */
    CarrierInputStream(InputStream in, TypeModel model, CarrierReader reader, ResolvedType resolved,
            PayloadFilter filter) throws IOException {
        super(in);
        this.model = model;
        this.reader = reader;
        this.resolved = resolved;
        this.filter = filter;
        enableResolveObject(true);
        setObjectInputFilter(filter);
    }

    /**
     * Reads the one value of the payload.
     *
     * @return the value, of exactly the declared type
     * @throws IOException            for a malformed stream or a refused class, array or depth
     * @throws ClassNotFoundException never in practice: unknown class names are refused by {@link #resolveClass}
     */
    Object readValue() throws IOException, ClassNotFoundException {
        Object value = readObject();
        if (value == null || value.getClass() != model.javaType()) {
            throw new MalformedPayloadException("payload holds " + (value == null ? "null"
                    : value.getClass().getSimpleName()) + " (expected: a carrier of " + model.name() + ")");
        }
        if (!filter.consulted()) {
            throw new IllegalStateException("the stream filter was never called; a JVM-wide serial filter factory"
                    + " (jdk.serialFilterFactory) replaced it (expected: a factory that keeps or merges the stream"
                    + " filter)");
        }
        return value;
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc) {
        return StreamClasses.resolve(desc.getName());
    }

    @Override
    protected Class<?> resolveProxyClass(String[] interfaces) {
        throw new MalformedPayloadException("dynamic proxy class descriptor (expected: none in a jdk payload)");
    }

    @Override
    protected Object resolveObject(Object obj) {
        if (!(obj instanceof Carrier)) {
            return obj;
        }
        // a second carrier could only sit among the first one's references, a stream depth the filter refuses
        Object value = reader.read((Carrier) obj, model, filter.payloadBytes(), resolved);
        filter.expectReplacement(value.getClass());
        return value;
    }
}
