package io.raftwire.node;

import io.microraft.persistence.RestoredRaftState;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelRules;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.store.FileRaftStore;
import io.raftwire.node.store.LevelFile;
import io.raftwire.node.store.StoreListener;
import io.raftwire.node.store.StoreOptions;
import io.raftwire.node.store.SharedLog;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.SerializerConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's data directory opened: the store and what it restored.
 *
 * <p>A new directory is written with {@code raftwire.serializer}; an existing one is always read and written with the
 * serializer recorded in its files, whatever the node sends with, so that moving a cluster's wire to another
 * serializer node by node keeps every node's log. A directory of another member is refused.
 *
 * <p>Before the store opens (and repairs anything), the group's feature levels are read from {@link LevelFile
 * level.state}; a build that {@link LevelRules#startRefusal} refuses (a downgrade below the recorded level, or types
 * that cannot read its schema) is refused with the directory left exactly as it was. Once the store restored its
 * state, the same check runs on the level its snapshot and log records hold beyond {@code level.state} (the member
 * would apply them next); a build refused then may find a torn tail of its log cut.
 *
 * @param store     the open store
 * @param restored  the state it held, or {@code null} for a new directory
 * @param levels    the feature levels {@code level.state} held ({@link FeatureLevels#NONE} if none)
 * @param levelFile where the group keeps its feature levels
 */
record DurableState(FileRaftStore store, RestoredRaftState restored, FeatureLevels levels, LevelFile levelFile) {

    private static final Logger LOG = LoggerFactory.getLogger(DurableState.class);

    /**
     * Opens {@code dir}, creating it if absent.
     *
     * @throws UncheckedIOException     naming the directory, if it cannot be opened, is damaged (the cause is a
     *                                  {@code StoreCorruptedException} naming file and offset) or is locked
     * @throws IllegalArgumentException if the directory belongs to another member, or records a feature level this
     *                                  build may not run at (nothing in the directory is changed then)
     */
    static DurableState open(Path dir, RaftwireConfig config, TypeRegistry registry, StoreListener listener) {
        return open(dir, config.get(ConfigKeys.CLUSTER_ID), config, registry, listener, null, 0);
    }

    /**
     * Opens {@code dir} for group {@code groupId}, creating it if absent; with {@code shared} (not {@code null}) its log
     * entries are in that member's shared log, as group {@code index}.
     */
    static DurableState open(Path dir, String groupId, RaftwireConfig config, TypeRegistry registry,
            StoreListener listener, SharedLog shared, int index) {
        String self = config.get(ConfigKeys.NODE_ID);
        FileRaftStore store = null;
        try {
            Files.createDirectories(dir);
            String name = FileRaftStore.serializerOf(dir).orElse(config.get(ConfigKeys.SERIALIZER));
            Serializer serializer = Serializers.create(name, registry, SerializerConfig.options(config));
            LevelFile levelFile = new LevelFile(dir, serializer, groupId, StoreOptions.defaults().syncer());
            FeatureLevels levels = startLevels(dir, levelFile, registry, config);
            StoreOptions options = StoreOptions.defaults().withLevels(levels); // other registries' files, at a level
            store = shared == null ? FileRaftStore.open(dir, serializer, groupId, options, listener)
                    : FileRaftStore.open(dir, serializer, groupId, options, listener, shared, index);
            RestoredRaftState restored = store.takeRestoredState().orElse(null);
            if (restored != null) {
                NodeEndpoint owner = (NodeEndpoint) restored.getLocalEndpointPersistentState().getLocalEndpoint();
                if (!owner.id().equals(self)) {
                    throw new IllegalArgumentException("data directory " + dir + " belongs to member " + owner.id()
                            + " (expected: " + self + ", raftwire.node.id)");
                }
                LOG.info("restored {} from {} (serializer {}): term {}, {} log entries, snapshot at {}", self, dir,
                        name, restored.getTermPersistentState().getTerm(), restored.getLogEntries().size(),
                        restored.getSnapshotEntry() == null ? "none" : restored.getSnapshotEntry().getIndex());
                checkRestored(dir, levels, restored, registry, config);
            }
            return new DurableState(store, restored, levels, levelFile);
        } catch (IOException e) {
            closeQuietly(store);
            throw new UncheckedIOException("cannot open the data directory " + dir + " (raftwire.node.data-dir): "
                    + reason(e), e);
        } catch (RuntimeException e) {
            closeQuietly(store);
            throw e;
        }
    }

    /**
     * Checks {@code level.state} of group {@code groupId}'s directory {@code dir} without changing anything, if the
     * directory exists: what {@link #open} checks first, for a member that must check every group before it opens
     * its shared log (which may cut a torn tail).
     *
     * @return the levels it records ({@link FeatureLevels#NONE} if the directory or the file does not exist)
     * @throws IllegalArgumentException     as {@link #open}, for a feature level this build may not run at
     * @throws UncheckedIOException         naming the directory, if {@code level.state} is damaged
     */
    static FeatureLevels checkStart(Path dir, String groupId, RaftwireConfig config, TypeRegistry registry) {
        if (!Files.isDirectory(dir)) {
            return FeatureLevels.NONE;
        }
        try {
            String name = FileRaftStore.serializerOf(dir).orElse(config.get(ConfigKeys.SERIALIZER));
            Serializer serializer = Serializers.create(name, registry, SerializerConfig.options(config));
            return startLevels(dir, new LevelFile(dir, serializer, groupId, StoreOptions.defaults().syncer()),
                    registry, config);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the data directory " + dir + " (raftwire.node.data-dir): "
                    + reason(e), e);
        }
    }

    /** The levels {@code level.state} records, if this build may start at them. */
    private static FeatureLevels startLevels(Path dir, LevelFile levelFile, TypeRegistry registry,
            RaftwireConfig config) throws IOException {
        FeatureLevels levels = levelFile.read();
        String refusal = LevelRules.startRefusal(registry.schema(), levels);
        if (refusal == null) {
            refusal = codecRefusal(levels, registry, config);
        }
        if (refusal != null) {
            throw new IllegalArgumentException("data directory " + dir + " (" + ConfigKeys.NODE_DATA_DIR.name()
                    + ") records " + levels + " in " + LevelFile.NAME + ", and " + refusal + "; nothing in it was"
                    + " changed");
        }
        return levels;
    }

    /**
     * Why the serializer application values are nested with ({@code raftwire.serializer}) cannot read or write this
     * build's types at the current level, or {@code null}: {@link LevelRules#startRefusal} compares schemas only,
     * and a provider may refuse a change the comparison allows (a removed component it cannot write the default of);
     * such a member would start, then fail every write, or read no operation of the level that its peers apply.
     */
    private static String codecRefusal(FeatureLevels levels, TypeRegistry registry, RaftwireConfig config) {
        if (levels.current().isEmpty() || levels.current().get().digest() == registry.schema().digest()) {
            return null;
        }
        FeatureLevel current = levels.current().get();
        Serializer nested = Serializers.create(config.get(ConfigKeys.SERIALIZER), registry,
                SerializerConfig.options(config));
        try {
            nested.decoderFor(current.schema());
            nested.encoderFor(current.schema());
            return null;
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            return "this build's types cannot be read or written by " + nested.name() + " in the schema of feature"
                    + " level " + current.level() + " (schema " + Long.toHexString(current.digest()) + "): "
                    + e.getMessage() + " (expected: types " + nested.name() + " reads and writes in that schema,"
                    + " " + ConfigKeys.SERIALIZER.name() + ")";
        }
    }

    /**
     * Refuses a build below the level the member reaches when it applies its restored snapshot and log, where that is
     * beyond what {@code level.state} kept (the store is open then, and may have cut a torn tail).
     */
    private static void checkRestored(Path dir, FeatureLevels kept, RestoredRaftState restored,
            TypeRegistry registry, RaftwireConfig config) {
        RestoredLevels found = RestoredLevels.of(kept, restored);
        if (found.where() == null) {
            return;
        }
        String refusal = LevelRules.startRefusal(registry.schema(), found.levels());
        if (refusal == null) {
            refusal = codecRefusal(found.levels(), registry, config);
        }
        if (refusal != null) {
            throw new IllegalArgumentException("data directory " + dir + " (" + ConfigKeys.NODE_DATA_DIR.name()
                    + ") holds " + found.levels() + " in " + found.where() + ", beyond " + kept + " in "
                    + LevelFile.NAME + ", and " + refusal);
        }
    }

    /**
     * Why opening failed, in words: the JDK's file-system exceptions carry only the path as their message (the data
     * directory being a file printed just its own name), the store's own exceptions say what they found.
     */
    private static String reason(IOException e) {
        if (e instanceof FileAlreadyExistsException || e instanceof NotDirectoryException) {
            return ((FileSystemException) e).getFile() + " is not a directory (expected: a directory, or a path where"
                    + " one can be created)";
        } else if (e instanceof AccessDeniedException a) {
            return "permission denied on " + a.getFile() + " (expected: a directory this process can write)";
        } else if (e instanceof NoSuchFileException n) {
            return "no such file or directory: " + n.getFile() + " (expected: a path whose parent exists or can be"
                    + " created)";
        } else if (e instanceof FileSystemException f) {
            return (f.getReason() == null ? e.getClass().getSimpleName() : f.getReason()) + ": " + f.getFile();
        }
        return e.getMessage();
    }

    private static void closeQuietly(FileRaftStore store) {
        if (store != null) {
            try {
                store.close();
            } catch (IOException ignored) {
                // already failing; the first problem is the one reported
            }
        }
    }
}
