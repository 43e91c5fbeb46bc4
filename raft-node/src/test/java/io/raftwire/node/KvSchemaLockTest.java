package io.raftwire.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.schema.SchemaLock;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * raftwire's own schema lock (the catalog, the engine's model, the KV and the status/admin types of
 * {@link KvNodes#registry()}), shipped in raft-node's resources: it must be exactly what the registered types give, and
 * it must identify a 0.1.0 registry, whose fingerprint a 0.1.0 peer's handshake and data directory carry.
 *
 * <p>To write it again after a deliberate change: {@code mvn -pl raft-node -am test -Dtest=KvSchemaLockTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Draftwire.schema.lock.write=true}, then review the diff.
 */
@Timeout(60)
class KvSchemaLockTest {

    static final String RESOURCE = "META-INF/raftwire/kv-node.schema.lock";
    private static final Path SOURCE = Path.of("src/main/resources").resolve(RESOURCE);

    @Test
    void theShippedLockIsWhatTheRegisteredTypesGiveAndIdentifiesTheirFingerprint() throws IOException {
        SchemaLock committed = SchemaLock.load(getClass().getClassLoader(), RESOURCE);
        TypeRegistry registry = KvNodes.registry();
        if (Boolean.getBoolean("raftwire.schema.lock.write")) {
            Files.createDirectories(SOURCE.getParent());
            Files.writeString(SOURCE, SchemaLock.write(committed == null ? SchemaLock.EMPTY : committed,
                    registry.models()), StandardCharsets.UTF_8);
            committed = SchemaLock.parse(Files.readString(SOURCE, StandardCharsets.UTF_8));
        }
        assertNotNull(committed, RESOURCE + " is missing from raft-node's resources; write it (class comment)");
        assertEquals(committed.text(), SchemaLock.write(committed, registry.models()), RESOURCE + " differs from the"
                + " registered types; if the change is deliberate, write it again (class comment) and review the diff");
        SchemaLock lock = committed;
        assertEquals(lock, KvNodes.registry(b -> b.lock(lock)).lock());
        assertEquals(registry.fingerprint(), lock.legacyFingerprint());
        assertEquals(TypeRegistry.catalog().fingerprint(),
                lock.onlyTypes(id -> TypeRegistry.catalog().find(id) != null).legacyFingerprint());
    }
}
