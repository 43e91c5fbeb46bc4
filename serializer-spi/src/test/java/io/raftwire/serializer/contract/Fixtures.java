package io.raftwire.serializer.contract;

import io.raftwire.message.MessageType;
import io.raftwire.message.fixtures.CatalogFixtures;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.value.MemberId;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.legacy.JdkTypesModel;
import io.raftwire.serializer.contract.legacy.LegacyModel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The named values every provider is tested on: the catalog fixtures (seed 42), the user types, and the
 * {@link LegacyModel} nobody designed for raftwire.
 */
public final class Fixtures {

    /** Seed of every fixture; golden files depend on it. */
    public static final long SEED = 42;

    private Fixtures() {
    }

    /** Realistic instance of every catalog type, every edge case, and the user types, by stable name. */
    public static Map<String, Object> named() {
        CatalogFixtures catalog = new CatalogFixtures(SEED);
        Map<String, Object> named = new LinkedHashMap<>();
        for (MessageType t : MessageType.values()) {
            named.put(String.format("%03d-%s", t.id(), t.javaType().getSimpleName()), catalog.realistic(t));
        }
        List<Object> edges = catalog.edgeCases();
        for (int i = 0; i < edges.size(); i++) {
            named.put(String.format("edge-%03d-%s", i, edges.get(i).getClass().getSimpleName()), edges.get(i));
        }
        named.putAll(userValues());
        named.putAll(LegacyModel.named());
        named.putAll(JdkTypesModel.named());
        return named;
    }

    /** Instances of the {@link UserTypes}, which need {@link UserTypes#registry()}. */
    public static Map<String, Object> userValues() {
        CatalogFixtures catalog = new CatalogFixtures(SEED);
        Map<String, Object> named = new LinkedHashMap<>();
        named.put("user-KvCommand", new UserTypes.KvCommand("k\uD83D\uDD11", new byte[] {1, 2, 3}, -1,
                List.of("a", "b")));
        named.put("user-KvCommand-empty", new UserTypes.KvCommand("", null, 0, List.of()));
        named.put("user-AuditEntry", new UserTypes.AuditEntry(
                (CommandEntry) catalog.realistic(MessageType.COMMAND_ENTRY),
                Set.of(new MemberId("m1")), UserTypes.Priority.HIGH));
        named.put("user-AuditEntry-null", new UserTypes.AuditEntry(null, Set.of(), UserTypes.Priority.LOW));
        named.put("user-TreeNode", UserTypes.TreeNode.sample());
        return named;
    }

    /** The registry every contract test uses: catalog, user types, the {@link LegacyModel} and {@link JdkTypesModel}. */
    public static TypeRegistry registry() {
        return JdkTypesModel.register(LegacyModel.register(UserTypes.builder())).build();
    }

    /**
     * Whether {@code value} belongs to the {@link LegacyModel} or the {@link JdkTypesModel} (one package), whose walked
     * components (boxes, maps, time types, ...)
     * allocate on encode: the allocation-free encode promise covers the catalog and native shapes only.
     */
    public static boolean isLegacy(Object value) {
        return value.getClass().getPackageName().equals(LegacyModel.class.getPackageName());
    }

    /** All values as a list, in {@link #named()} order. */
    public static List<Object> values() {
        return new ArrayList<>(named().values());
    }
}
