package io.raftwire.serializer.jdk;

import io.raftwire.serializer.contract.OrdinaryTypesContract;

/** The ordinary-types contract on the jdk provider, both codec paths. */
class JdkOrdinaryTypesTest extends OrdinaryTypesContract {

    @Override
    protected String providerName() {
        return "jdk";
    }
}
