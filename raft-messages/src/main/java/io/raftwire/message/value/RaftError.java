package io.raftwire.message.value;

import io.raftwire.message.Checks;
import io.raftwire.message.Nullable;

/**
 * A logical failure reported by a Raft member inside a response: its kind, an optional human-readable message and,
 * for {@link Type#NO_LEADER}, the leader the member knows of. Immutable and thread-safe.
 *
 * <p>The message is for people; a client acts on {@link #type()} and {@link #leader()} only.
 *
 * @param type the kind of failure
 * @param message a human-readable explanation; may be {@code null} or empty when there is none
 * @param leader the member the answering member believes leads, to send the request to instead; only a
 *        {@link Type#NO_LEADER} error names one, and it is {@code null} when the answering member knows no leader
 */
public record RaftError(Type type, @Nullable String message, @Nullable MemberId leader) {

    /**
     * Checks the invariants as documented on the components.
     *
     * @throws NullPointerException if {@code type} is null
     * @throws IllegalArgumentException if {@code leader} is set on an error other than {@link Type#NO_LEADER}
     */
    public RaftError {
        type = Checks.notNull(type, "type");
        leader = Checks.nullUnless(leader, "leader", type == Type.NO_LEADER, "type = NO_LEADER");
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
        /**
         * The member does not lead, so it cannot serve the request; {@link RaftError#leader()} names the leader it
         * knows of, if any.
         */
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
