package io.raftwire.serializer.protostuff;

import io.raftwire.serializer.contract.OrdinaryTypesContract;

/** The ordinary-types contract on the protostuff provider, both codec paths. */
class ProtostuffOrdinaryTypesTest extends OrdinaryTypesContract {

    @Override
    protected String providerName() {
        return "protostuff";
    }
}
