package io.raftwire.node.store;

import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelRules;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.schema.Schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The one place that decides whether a store reads a file written with another type registry than its own (issue 26,
 * step 4). A header whose registry fingerprint differs from the store's is accepted iff all hold:
 * <ol>
 * <li>{@code <dir>/schema/<that fingerprint>.schema} exists and reads ({@link SchemaFile});</li>
 * <li>raftwire's own types in it equal this build's ({@link LevelRules#ownTypeDifferences} is empty): the store's
 * records hold only raftwire's types, which this member decodes with its own serializer, while the application's
 * values in them are nested bytes tagged with their feature level;</li>
 * <li>the store was opened with feature levels other than {@link FeatureLevels#NONE}
 * ({@link StoreOptions#levels()}): before a cluster records a level, every member has equal types;</li>
 * <li>the serializer fingerprint such a file must carry can be derived (the serializer's provider is installed and
 * reproduces this store's own fingerprint), so that a change of the provider's format version is still refused.</li>
 * </ol>
 * The verdict for each fingerprint is computed once (the schema file read once) and kept. Thread-safe.
 */
final class WriterCheck {

    /** Accepts no other registry: the check of a store opened without a directory of schemas. */
    static final WriterCheck NONE = new WriterCheck(null, null, FeatureLevels.NONE);

    /** The verdict of an accepted registry; never a refusal's text, which is empty or starts with ", or". */
    private static final String ACCEPTED = "accepted";

    private final Path dir;
    private final Serializer serializer;
    private final FeatureLevels levels;
    private final Map<Long, String> verdicts = new HashMap<>();
    private final Map<Long, Long> accepted = new HashMap<>(); // registry fingerprint -> serializer fingerprint

    /**
     * @param dir        the directory whose {@code schema/} holds the writers' schemas (a store's, or a shared log's)
     * @param serializer the store's serializer: its registry is the member's own
     * @param levels     the member's recorded feature levels
     */
    WriterCheck(Path dir, Serializer serializer, FeatureLevels levels) {
        this.dir = dir;
        this.serializer = serializer;
        this.levels = levels;
    }

    /**
     * Why a file whose header names registry fingerprint {@code registryFingerprint} (not the store's own) is refused,
     * or {@code null} if it is accepted. The text continues the expectation of the refusal's message (it starts with
     * ", or"; empty for {@link #NONE}): it names the schema file, each condition that failed and what to do.
     */
    synchronized String refusal(long registryFingerprint) {
        String v = verdicts.get(registryFingerprint);
        if (v == null) {
            v = decide(registryFingerprint);
            verdicts.put(registryFingerprint, v);
        }
        return ACCEPTED.equals(v) ? null : v;
    }

    /**
     * The serializer fingerprint a file of an accepted registry must carry: the store's serializer's, with that
     * registry in place of its own.
     *
     * @throws IllegalStateException if {@link #refusal} did not accept it
     */
    synchronized long serializerFingerprint(long registryFingerprint) {
        Long s = accepted.get(registryFingerprint);
        if (s == null) {
            throw new IllegalStateException("registry " + Long.toHexString(registryFingerprint) + " was not accepted"
                    + " (expected: refusal(...) == null first)");
        }
        return s;
    }

    private String decide(long registryFingerprint) {
        if (dir == null) {
            return ""; // refused, with nothing added to the expectation
        }
        Path file = SchemaFile.path(dir, registryFingerprint);
        List<String> failed = new ArrayList<>();
        Schema written = null;
        try {
            written = SchemaFile.read(dir, registryFingerprint);
            if (written == null) {
                failed.add("no schema file " + file + " (the writer recorded no schema: a build without schema files"
                        + " such as 0.1.0 wrote the directory, or the file was removed)");
            }
        } catch (StoreCorruptedException e) {
            failed.add("the schema file is damaged: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + file, e);
        }
        if (written != null) {
            List<String> differences = LevelRules.ownTypeDifferences(serializer.registry().schema(), written);
            if (!differences.isEmpty()) {
                failed.add("raftwire's own types differ between this build (first) and the writer's schema in "
                        + file + " (second): " + String.join("; ", differences));
            }
        }
        if (levels.current().isEmpty()) {
            failed.add("the cluster has recorded no feature level (until it has, every member reads only its own"
                    + " registry's files)");
        }
        OptionalLong serializerFingerprint = derive(registryFingerprint);
        if (serializerFingerprint.isEmpty()) {
            failed.add("serializer " + StoreFormat.quote(serializer.name()) + " has no installed provider that"
                    + " reproduces its fingerprint, so the fingerprint of its files for that registry is unknown");
        }
        if (failed.isEmpty()) {
            accepted.put(registryFingerprint, serializerFingerprint.getAsLong());
            return ACCEPTED;
        }
        return ", or another registry's once the cluster has recorded a feature level, if " + file + " holds that"
                + " registry's schema and raftwire's own types in it equal this build's; here "
                + String.join("; ", failed) + ": start the member with the build and types that wrote this"
                + " directory, or move the directory away and let the member catch up from its peers";
    }

    /** {@code AbstractSerializer}'s fingerprint text with {@code registryFingerprint}, if it reproduces our own. */
    private OptionalLong derive(long registryFingerprint) {
        SerializerProvider provider;
        try {
            provider = Serializers.provider(serializer.name());
        } catch (SerializationException e) {
            return OptionalLong.empty();
        }
        if (provider.id() != serializer.id() || fingerprint(provider, serializer.registry().fingerprint())
                != serializer.fingerprint()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(fingerprint(provider, registryFingerprint));
    }

    private static long fingerprint(SerializerProvider p, long registryFingerprint) {
        return Schema.sha256Prefix((p.name() + '/' + p.id() + '/' + p.formatVersion() + '/' + registryFingerprint)
                .getBytes(StandardCharsets.UTF_8));
    }
}
