package io.raftwire.bench.handwritten;

import io.raftwire.message.MessageType;

/**
 * Maps a class to its {@link MessageType} through a {@link ClassValue}: after the first lookup per class this is a
 * field load on the class, cheaper than the {@code HashMap} behind {@link MessageType#of(Class)}.
 */
final class CatalogTypes {

    private static final ClassValue<MessageType> TYPES = new ClassValue<>() {
        @Override
        protected MessageType computeValue(Class<?> type) {
            return MessageType.of(type).orElse(null);
        }
    };

    private CatalogTypes() {
    }

    /** The catalog type of exactly this class, or {@code null} if it is not a catalog class. */
    static MessageType of(Class<?> type) {
        return TYPES.get(type);
    }
}
