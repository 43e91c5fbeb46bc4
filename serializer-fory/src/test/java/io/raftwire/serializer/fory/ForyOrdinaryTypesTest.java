package io.raftwire.serializer.fory;

import io.raftwire.serializer.contract.OrdinaryTypesContract;

/** The ordinary-types contract on the fory provider, both codec paths. */
class ForyOrdinaryTypesTest extends OrdinaryTypesContract {

    @Override
    protected String providerName() {
        return "fory";
    }
}
