package io.raftwire.node.store;

import io.raftwire.serializer.schema.Schema;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Test access to the store's package-private {@link SchemaFile} reader, for the compat fixtures: reads
 * {@code <dir>/schema/<16 hex digits>.schema} exactly as a member's writer check does. Stateless.
 */
public final class SchemaFileAccess {

    /** The directory under a data directory that holds the schema files. */
    public static final String DIRECTORY = SchemaFile.DIRECTORY;
    /** A schema file name's suffix. */
    public static final String SUFFIX = SchemaFile.SUFFIX;

    private SchemaFileAccess() {
    }

    /**
     * @return the schema the file of {@code registryFingerprint} under {@code dir} holds, or {@code null} if absent
     * @throws StoreCorruptedException as {@link SchemaFile#read}, naming the file, if it is damaged
     */
    public static Schema read(Path dir, long registryFingerprint) throws IOException {
        return SchemaFile.read(dir, registryFingerprint);
    }
}
