package io.raftwire.node.transport;

import io.microraft.RaftEndpoint;
import io.microraft.RaftNodeStatus;
import io.microraft.RaftRole;
import io.microraft.impl.RaftNodeImpl;
import io.microraft.impl.handler.AppendEntriesFailureResponseHandler;
import io.microraft.impl.state.FollowerState;
import io.microraft.impl.state.RaftState;
import io.microraft.model.message.AppendEntriesFailureResponse;
import io.raftwire.node.model.AppendEntriesFailureResponseModel;
import io.raftwire.node.model.NodeEndpoint;

import java.util.HashMap;
import java.util.Map;

/**
 * Makes a MicroRaft 0.7 leader find where a follower's log ends in a logarithmic number of round trips instead of one
 * round trip per entry. The 0.7 leader starts a follower whose log it does not know at its own last index and, for
 * every {@code AppendEntriesFailureResponse} that answers its current next index, moves one entry back (the response
 * names the index the leader tried, not the follower's last one). A member restarted after missing 230 entries, or a
 * learner joining a 150-entry log, then needs 150–230 round trips before any entry flows, and under frame loss each
 * lost frame of that walk costs the engine's back-off of about a second: the chaos suite's {@code switch} scenario saw
 * a restarted member not catch up within 30 s under 10 % drops.
 *
 * <p>Here, on the leader's Raft thread right before the engine's own handler runs, the k-th consecutive failure from a
 * follower (same term, no progress of its match index in between) moves the next index back by 2<sup>k-1</sup>
 * entries instead of one: 1, 2, 4, 8, ... The engine still takes each step itself (the response handed to it names the
 * next index set here, so its own "one back" lands on the target). This is safe because Raft allows any next index
 * between the match index and the leader's last index + 1: a request from further back makes the follower skip the
 * entries it already has and truncate only conflicting ones, exactly as the engine's own walk would, after fewer round
 * trips; the price is at most as many entries re-sent as the follower already had. The target never goes to or below
 * the match index, nor to or below the leader's snapshot index: reaching the snapshot is left to the engine's own
 * last step, so that the engine, not this class, decides when to send a snapshot (0.7 ignores a snapshot older than
 * the follower's commit index without answering, which a jump below the snapshot could provoke). The first failure
 * of a streak moves one entry, as the engine does.
 *
 * <p>Per node; every method runs on that node's Raft thread (the state needs no lock). Uses {@code RaftNodeImpl}'s,
 * {@code FollowerState}'s and the handler's public API, which MicroRaft 0.7 is pinned to.
 */
final class FollowerLogEndSearch {

    /** Longest single step, in entries: bounds the entries re-sent by one overshoot. */
    static final long MAX_STEP = 1L << 16;

    private final RaftNodeImpl node;
    private final Map<RaftEndpoint, Streak> streaks = new HashMap<>();

    FollowerLogEndSearch(RaftNodeImpl node) {
        this.node = node;
    }

    /** Hands {@code response} to the engine on the Raft thread, after moving the next index as above. */
    void deliver(AppendEntriesFailureResponse response) {
        node.getExecutor().execute(() -> {
            if (RaftNodeStatus.isTerminal(node.getStatus())) {
                return;
            }
            new AppendEntriesFailureResponseHandler(node, adjust(response)).run();
        });
    }

    /** The response the engine should see; moves the follower's next index when it does. Raft thread only. */
    AppendEntriesFailureResponse adjust(AppendEntriesFailureResponse response) {
        RaftState state = node.state();
        if (state.role() != RaftRole.LEADER || response.getTerm() != state.term()) {
            streaks.clear();
            return response;
        }
        FollowerState follower = state.leaderState().getFollowerStateOrNull(response.getSender());
        if (follower == null || response.getExpectedNextIndex() != follower.nextIndex()) {
            return response; // not the answer to the current next index: the engine ignores it
        }
        Streak streak = streaks.merge(response.getSender(), new Streak(state.term(), follower.matchIndex(), 1),
                (old, fresh) -> old.term == fresh.term && old.matchIndex == fresh.matchIndex
                        ? new Streak(old.term, old.matchIndex, old.length + 1) : fresh);
        long step = Math.min(MAX_STEP, 1L << Math.min(streak.length - 1, 62));
        long floor = Math.max(follower.matchIndex(), state.log().snapshotIndex()) + 1;
        long target = Math.max(floor, follower.nextIndex() - step);
        if (target >= follower.nextIndex() - 1) {
            return response; // the engine's own step of one
        }
        follower.nextIndex(target + 1);
        return new AppendEntriesFailureResponseModel((String) response.getGroupId(),
                (NodeEndpoint) response.getSender(), response.getTerm(), target + 1,
                response.getQuerySequenceNumber(), response.getFlowControlSequenceNumber());
    }

    /** Consecutive failures from one follower in one term with no progress of its match index. */
    private record Streak(int term, long matchIndex, int length) {
    }
}
