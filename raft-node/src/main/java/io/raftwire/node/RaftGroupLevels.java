package io.raftwire.node;

import io.microraft.QueryPolicy;
import io.microraft.RaftEndpoint;
import io.microraft.RaftNode;
import io.microraft.report.RaftGroupMembers;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelRaiser;
import io.raftwire.node.level.LevelState;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.server.LocalRead;
import io.raftwire.transport.Transport;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * A group as its {@link LevelRaiser} sees it: leadership and membership from its engine, what each member announced
 * from the member-to-member transport, its levels from its {@link LevelState} (read through the engine's linearizable
 * query path, so that a new leader sees every level committed before it led), proposals through the engine's
 * replication. Thread-safe.
 */
final class RaftGroupLevels implements LevelRaiser.Group {

    private final String id;
    private final RaftNode node;
    private final NodeEndpoint self;
    private final Transport peers;
    private final LevelState levels;
    private final Duration queryTimeout;

    /**
     * @param id           the group's id
     * @param node         its engine
     * @param self         this member
     * @param peers        the member-to-member transport, whose handshakes tell what each member announced
     * @param levels       the group's feature levels, which its state machine advances
     * @param queryTimeout how long a read of the levels may wait for this member to catch up
     */
    RaftGroupLevels(String id, RaftNode node, NodeEndpoint self, Transport peers, LevelState levels,
            Duration queryTimeout) {
        this.id = id;
        this.node = node;
        this.self = self;
        this.peers = peers;
        this.levels = levels;
        this.queryTimeout = queryTimeout;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public boolean isLeader() {
        return self.equals(node.getTerm().getLeaderEndpoint());
    }

    /** Those of the committed membership and of the effective one (a change not committed yet), voters and learners. */
    @Override
    public Collection<String> otherMembers() {
        Set<String> others = new TreeSet<>();
        for (RaftGroupMembers members : List.of(node.getCommittedMembers(), node.getEffectiveMembers())) {
            for (RaftEndpoint e : members.getMembers()) {
                if (!self.equals(e)) {
                    others.add(String.valueOf(e.getId()));
                }
            }
        }
        return others;
    }

    @Override
    public OptionalLong announcedDigest(String member) {
        return peers.peerSchemaDigest(member);
    }

    @Override
    public FeatureLevels appliedLevels() {
        return levels.get();
    }

    @Override
    public CompletableFuture<FeatureLevels> levels() {
        return node.<FeatureLevels>query(new LocalRead(stateMachine -> levels.get()), QueryPolicy.LINEARIZABLE,
                Optional.empty(), Optional.of(queryTimeout)).thenApply(o -> o.getResult());
    }

    @Override
    public CompletableFuture<FeatureLevels> replicate(PrimitiveOperation record) {
        return node.replicate(record).thenApply(o -> {
            if (o.getResult() instanceof RuntimeException refused) { // every member's recorder refused the entry
                throw refused;
            }
            return levels.get();
        });
    }
}
