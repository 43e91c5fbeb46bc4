package io.raftwire.linearizability;

/** How values and versions are written in reports: quoted values, "absent" for none, "?" for unobserved. */
final class Values {

    private Values() {
    }

    static String show(String value) {
        return value == null ? "absent" : '"' + value + '"';
    }

    static String showVersion(long version) {
        return version == KvOutput.UNKNOWN_VERSION ? "?" : Long.toString(version);
    }
}
