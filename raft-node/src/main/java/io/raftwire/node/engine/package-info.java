/**
 * The node's workarounds for bugs of its Raft engine, MicroRaft 0.7, its seams into the engine, and the only package
 * that uses the engine's internals ({@code io.microraft.impl}); an ArchUnit rule ({@code EngineLayerTest}) keeps it
 * so. One class per bug or seam, each naming what the engine does, where (class and method) and what raftwire does:
 * <ul>
 * <li>{@link io.raftwire.node.engine.StalePreVoteWatchdog}: a stale pre-candidate state blocks failure detection of
 * a dead leader;</li>
 * <li>{@link io.raftwire.node.engine.SnapshottedPreviousEntry}, reached through
 * {@link io.raftwire.node.engine.EngineInbound}: AppendEntries whose previous entry is inside the follower's snapshot
 * are refused for ever;</li>
 * <li>{@link io.raftwire.node.engine.RestoredLogCapacity}: restored entries beyond the log's capacity are overwritten
 * silently;</li>
 * <li>{@link io.raftwire.node.engine.AsyncFlushExecutor}, with the follower's side in
 * {@link io.raftwire.node.engine.EngineInbound}: not a bug but a seam; the engine's store contract makes the Raft
 * thread wait for every fsync, and this moves the leader's and the follower's log flushes to the store's sync
 * thread.</li>
 * <li>{@link io.raftwire.node.engine.FailureDetector}, with the election messages routed through
 * {@link io.raftwire.node.engine.EngineInbound}: not a bug but a seam; the engine counts its leader timeout in whole
 * seconds, and this notices a silent leader, and lets the members that hear none support an election, in
 * milliseconds.</li>
 * </ul>
 * {@code EngineVersionTest} fails when the engine on the class path is not 0.7 and lists these to re-examine; a test
 * per workaround shows the bug on the raw engine where that takes seconds ({@code StalePreVoteWatchdogTest},
 * {@code SnapshottedPreviousEntryTest}, {@code RestoredLogCapacityTest}). docs/library-behaviour.md §5 has the same
 * facts in prose.
 */
package io.raftwire.node.engine;
