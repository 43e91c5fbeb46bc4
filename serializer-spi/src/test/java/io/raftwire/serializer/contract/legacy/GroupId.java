package io.raftwire.serializer.contract.legacy;

import java.util.UUID;

/** A Raft group id. */
public final class GroupId extends Id<UUID> {

    private static final long serialVersionUID = 1L;

    public GroupId(UUID uuid) {
        super(uuid);
    }

    public GroupId(long msb, long lsb) {
        this(new UUID(msb, lsb));
    }
}
