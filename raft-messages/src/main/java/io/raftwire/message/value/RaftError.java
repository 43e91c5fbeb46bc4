package io.raftwire.message.value;

import io.raftwire.message.Checks;
import io.raftwire.message.Nullable;

/**
 * A logical failure reported by a Raft member inside a response: its kind and an optional human-readable message.
 * Immutable and thread-safe.
 *
 * @param type the kind of failure
 * @param message a human-readable explanation; may be {@code null} or empty when there is none
 */
public record RaftError(Type type, @Nullable String message) {

    /**
     * Checks the invariants as documented on the components.
     *
     * @throws NullPointerException if {@code type} is null
     */
    public RaftError {
        type = Checks.notNull(type, "type");
    }

    /**
     * The kind of failure.
     *
     * <p>Travels by ordinal inside its owner: the constant order is part of the wire format. Append new constants at
     * the end; never reorder or remove one. Every constant has a body, so {@code getClass()} of a constant is an
     * anonymous subclass: serializers must use {@link Enum#getDeclaringClass()} (or the declared type), never
     * {@code getClass()}.
     */
    public enum Type {
        /** The member does not know a leader. */
        NO_LEADER {
            @Override
            public boolean retriable() {
                return true;
            }
        },
        /** A query could not be applied. */
        QUERY_FAILURE {
            @Override
            public boolean retriable() {
                return false;
            }
        },
        /** A command could not be applied. */
        COMMAND_FAILURE {
            @Override
            public boolean retriable() {
                return false;
            }
        },
        /** The state machine threw while applying an operation. */
        APPLICATION_ERROR {
            @Override
            public boolean retriable() {
                return false;
            }
        },
        /** The member's current role cannot serve the request (for example a follower asked to append). */
        ILLEGAL_MEMBER_STATE {
            @Override
            public boolean retriable() {
                return true;
            }
        },
        /** The client is not known to the cluster. */
        UNKNOWN_CLIENT {
            @Override
            public boolean retriable() {
                return false;
            }
        },
        /** The session is not known to the cluster. */
        UNKNOWN_SESSION {
            @Override
            public boolean retriable() {
                return false;
            }
        },
        /** The service named by the request does not exist. */
        UNKNOWN_SERVICE {
            @Override
            public boolean retriable() {
                return false;
            }
        },
        /** The session was closed or expired. */
        CLOSED_SESSION {
            @Override
            public boolean retriable() {
                return false;
            }
        },
        /** The request broke the protocol. */
        PROTOCOL_ERROR {
            @Override
            public boolean retriable() {
                return false;
            }
        },
        /** A configuration change is already in progress or was refused. */
        CONFIGURATION_ERROR {
            @Override
            public boolean retriable() {
                return true;
            }
        },
        /** The cluster cannot serve requests right now. */
        UNAVAILABLE {
            @Override
            public boolean retriable() {
                return true;
            }
        };

        /** Whether the same request may succeed if sent again, possibly to another member. */
        public abstract boolean retriable();
    }
}
