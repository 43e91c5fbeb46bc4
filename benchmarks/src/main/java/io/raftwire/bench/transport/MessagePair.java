package io.raftwire.bench.transport;

import io.raftwire.bench.MessageSet;
import io.raftwire.message.MessageType;
import io.raftwire.message.fixtures.CatalogFixtures;

import java.util.Locale;

/**
 * A request and the response the benchmark server answers it with: realistic catalog instances
 * ({@link CatalogFixtures}, seed {@link MessageSet#SEED}), the same for every serializer.
 */
enum MessagePair {

    /** {@code VoteRequest} (a UUID member id, two small numbers) answered by a {@code VoteResponse}. */
    VOTE(MessageType.VOTE_REQUEST, MessageType.VOTE_RESPONSE),

    /** {@code AppendRequest} with the 15 realistic entries answered by an {@code AppendResponse}. */
    APPEND(MessageType.APPEND_REQUEST, MessageType.APPEND_RESPONSE);

    private final MessageType requestType;
    private final MessageType responseType;

    MessagePair(MessageType requestType, MessageType responseType) {
        this.requestType = requestType;
        this.responseType = responseType;
    }

    /**
     * The pair with the given label.
     *
     * @param label {@code vote} or {@code append}
     * @throws IllegalArgumentException for any other label
     */
    static MessagePair of(String label) {
        for (MessagePair pair : values()) {
            if (pair.label().equals(label)) {
                return pair;
            }
        }
        throw new IllegalArgumentException("message pair = " + label + " (expected: vote or append)");
    }

    /** {@code vote} or {@code append}. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    MessageType requestType() {
        return requestType;
    }

    MessageType responseType() {
        return responseType;
    }

    /** A new request instance; equal on every call. */
    Object request() {
        return new CatalogFixtures(MessageSet.SEED).realistic(requestType);
    }

    /** A new response instance; equal on every call. */
    Object response() {
        return new CatalogFixtures(MessageSet.SEED).realistic(responseType);
    }
}
