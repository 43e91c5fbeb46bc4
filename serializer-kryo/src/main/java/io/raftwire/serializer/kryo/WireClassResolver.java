package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultClassResolver;

/**
 * Kryo's default class resolver (registrations by class and id) with the wire half removed: a raftwire payload never
 * contains a Kryo class id or class name, so reading or writing one is refused outright. Kryo 5.6.2 parses the
 * by-name marker and loads the named class before it checks registration, and fuzzing found 13- and 24-byte inputs
 * starting with that marker that end in a {@link StringIndexOutOfBoundsException} or an {@link OutOfMemoryError}
 * ({@code docs/library-behaviour.md} §1 K2b, K2c); with this resolver no Kryo code path, present or added later, can
 * get that far.
 */
final class WireClassResolver extends DefaultClassResolver {

    @Override
    @SuppressWarnings("rawtypes") // Kryo's signature
    public Registration writeClass(Output output, Class type) {
        throw new KryoException("kryo class ids are never written to a raftwire payload (expected: a registry type id"
                + " written by the model serializer), class " + (type == null ? "null" : type.getName()));
    }

    @Override
    public Registration readClass(Input input) {
        throw new KryoException("kryo class ids and names are never read from a raftwire payload (expected: a"
                + " registry type id read by the model serializer)");
    }
}
