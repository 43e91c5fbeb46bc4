package io.raftwire.serializer.kryo;

import io.raftwire.serializer.contract.OrdinaryTypesContract;

/** The ordinary-types contract on the kryo provider, both codec paths. */
class KryoOrdinaryTypesTest extends OrdinaryTypesContract {

    @Override
    protected String providerName() {
        return "kryo";
    }
}
