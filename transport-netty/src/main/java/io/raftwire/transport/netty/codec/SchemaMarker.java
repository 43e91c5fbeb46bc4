package io.raftwire.transport.netty.codec;

import io.raftwire.transport.netty.codec.Handshake.SerializerInfo;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The capability marker (docs/upgrades.md §2.3): one more "accepted serializer" entry of a {@link Handshake}, with
 * serializer id {@value #ID} (reserved for it: no provider may take it, see {@link SerializerSet}), the schema digest of
 * the sender's registry ({@code Schema.digest()}) as its fingerprint, and the feature levels the sender supports as its
 * name, {@code levels-<lowest>-<highest>}. A release before schemas (0.1.0) reads it as one more serializer it never
 * sends with and ignores it; a sender without the marker is such a release.
 *
 * <p>This build announces {@value #LEVELS}: it speaks only feature level 1 (0.1.0's formats); the cluster feature level
 * (step 6 of docs/upgrades.md) is not built. Stateless.
 */
public final class SchemaMarker {

    /** The serializer id of the marker entry, and of a {@link SchemaFrame}'s header. */
    public static final int ID = FrameDescriptor.MAX_SERIALIZER_ID;
    /** The name this build announces: the feature levels it supports. */
    public static final String LEVELS = "levels-1-1";

    private static final Pattern LEVELS_NAME = Pattern.compile("levels-(\\d{1,4})-(\\d{1,4})(?:[^0-9].*)?");

    private SchemaMarker() {
    }

    /**
     * The marker entry of this build.
     *
     * @param schemaDigest the schema digest of this node's registry
     */
    public static SerializerInfo of(long schemaDigest) {
        return new SerializerInfo(ID, LEVELS, schemaDigest);
    }

    /** The marker entry a handshake carries, or {@code null} if it has none (a release before schemas). */
    public static SerializerInfo find(Handshake handshake) {
        for (SerializerInfo info : handshake.accepted()) {
            if (info.id() == ID) {
                return info;
            }
        }
        return null;
    }

    /**
     * The feature levels a marker announces, for messages: {@code 1..1}; {@code unknown} if its name does not start
     * with {@code levels-<lowest>-<highest>} (a later release may say more after it, so a name is never refused).
     *
     * @param marker a marker entry, usually a peer's
     */
    public static String levels(SerializerInfo marker) {
        Matcher m = LEVELS_NAME.matcher(marker.name());
        return m.matches() ? Integer.parseInt(m.group(1)) + ".." + Integer.parseInt(m.group(2)) : "unknown";
    }
}
