package io.raftwire.node.store;

import io.raftwire.node.model.LogEntryModel;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The log of a store that has one of its own, in {@code <dir>/log} (a member of one group; the layout of
 * {@link StoreFormat}'s directory): its segments and its group commit, with a sync thread of its own. Not thread-safe
 * except as {@link StoreLog} says.
 */
final class OwnLog implements StoreLog {

    private final SegmentedLog log;
    private final GroupCommitter committer;

    OwnLog(SegmentedLog log, GroupCommitter committer) {
        this.log = log;
        this.committer = committer;
    }

    @Override
    public void checkHealthy() throws IOException {
        committer.checkHealthy();
    }

    @Override
    public int append(List<LogEntryModel> entries) throws IOException {
        return log.append(entries);
    }

    @Override
    public void truncateFrom(long index) throws IOException {
        force();
        log.truncateFrom(index);
    }

    @Override
    public void truncateUntil(long index) throws IOException {
        log.truncateUntil(index);
    }

    @Override
    public void handOver() throws IOException {
        committer.request(log.takeUnforced(), log.takeUnforcedDirectory());
    }

    @Override
    public void force() throws IOException {
        committer.forceNow(log.takeUnforced(), log.takeUnforcedDirectory());
    }

    @Override
    public int segmentCount() {
        return log.segmentCount();
    }

    @Override
    public long lastTicket() {
        return committer.lastTicket();
    }

    @Override
    public long durableTicket() {
        return committer.durableTicket();
    }

    @Override
    public void whenDurable(long ticket, Runnable callback) {
        committer.whenDurable(ticket, callback);
    }

    @Override
    public void close(GroupCommitter.IoAction alsoUnderLock) throws IOException {
        committer.close(() -> {
            log.close();
            alsoUnderLock.run();
        });
    }

    @Override
    public ReentrantLock forceLock() {
        return committer.forceLock();
    }

    @Override
    public boolean awaitNextSegment(long millis) throws InterruptedException {
        return log.awaitNextSegment(millis);
    }
}
