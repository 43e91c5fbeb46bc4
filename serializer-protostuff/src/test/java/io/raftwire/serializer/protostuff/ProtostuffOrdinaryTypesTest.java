package io.raftwire.serializer.protostuff;

import io.raftwire.serializer.contract.OrdinaryTypesContract;

/** The ordinary-types contract on the protostuff provider, both codec paths. */
class ProtostuffOrdinaryTypesTest extends OrdinaryTypesContract {

    @Override
    protected String providerName() {
        return "protostuff";
    }

    /** Null components are left out of a protostuff payload, so a prefix ending at a field boundary can decode. */
    @Override
    protected boolean fieldsMayBeAbsent() {
        return true;
    }
}
