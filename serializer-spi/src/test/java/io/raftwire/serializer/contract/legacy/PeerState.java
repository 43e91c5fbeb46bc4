package io.raftwire.serializer.contract.legacy;

import java.time.Instant;

/** A leader's view of a follower: a mutable bean with setters; the nanosecond clock reading is transient. */
public class PeerState {

    private NodeId id;
    private long nextIndex;
    private long matchIndex;
    private boolean active;
    private Role role;
    private Instant lastContact;
    private transient long lastSeenNanos = System.nanoTime();

    public PeerState() {
    }

    public NodeId getId() {
        return id;
    }

    public void setId(NodeId id) {
        this.id = id;
    }

    public void setNextIndex(long nextIndex) {
        this.nextIndex = nextIndex;
    }

    public void setMatchIndex(long matchIndex) {
        this.matchIndex = matchIndex;
    }

    public void setActive(boolean active) {
        this.active = active;
    }

    public void setRole(Role role) {
        this.role = role;
    }

    public void setLastContact(Instant lastContact) {
        this.lastContact = lastContact;
    }

    public long getLastSeenNanos() {
        return lastSeenNanos;
    }

    @Override
    public boolean equals(Object o) {
        return LegacyState.equal(this, o);
    }

    @Override
    public int hashCode() {
        return LegacyState.hash(this);
    }

    @Override
    public String toString() {
        return LegacyState.describe(this);
    }
}
