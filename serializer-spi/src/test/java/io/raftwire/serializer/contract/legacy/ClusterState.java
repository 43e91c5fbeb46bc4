package io.raftwire.serializer.contract.legacy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Everything a node knows about its cluster: maps of beans, sorted tags, every primitive array. */
public class ClusterState {

    protected LinkedHashMap<NodeId, PeerState> peers = new LinkedHashMap<>();
    protected NavigableSet<String> tags;
    protected Optional<NodeId> leader = Optional.empty();
    protected double[] latencies;
    protected boolean[] votes;
    protected char[] code;
    protected short[] ports;
    protected float[] weights;
    protected Set<UUID> sessions;
    protected List<Object> recentResults;

    public ClusterState() {
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
