package io.raftwire.upgrade;

import io.microraft.statemachine.StateMachine;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.serializer.TypeRegistry;

import java.util.List;
import java.util.SortedMap;

/**
 * One build of the upgrade test's application, a small notes store on raftwire's public API ({@code
 * ReplicatedStateMachine}, {@code KvNodes.registry(userTypes)}, {@code RaftwireClient}). Its classes are compiled at
 * test run time from {@code src/test/upgrade-app/v<N>} and loaded by their own class loader ({@link UpgradeApps}): the
 * test sees them only through this interface and {@code Object}, as two separately built versions of one application.
 *
 * <p>Version 1 has {@code Put(key, value)} and {@code Get(key)}; version 2 gives {@code Put} a third component, a tag,
 * and adds {@code Append(key, suffix)}; its results carry the tag too, and its snapshot type gains the tags by key.
 *
 * <p>Implementations are stateless and thread-safe.
 */
public interface UpgradeApp {

    /** 1 or 2. */
    int version();

    /** raftwire's registry with this version's types (ids 1024..1029). */
    TypeRegistry registry();

    /** A new state machine of this version, decoding operations with every installed serializer. */
    StateMachine stateMachine(RaftwireConfig config, TypeRegistry registry);

    /**
     * A put command.
     *
     * @param tag a tag; {@code null} for none
     * @throws UnsupportedOperationException on version 1 with a tag: it has none
     */
    Object put(String key, String value, String tag);

    /**
     * An append command: the key's value followed by {@code suffix} (a missing key counts as empty).
     *
     * @throws UnsupportedOperationException on version 1: it has no such command
     */
    Object append(String key, String suffix);

    /** A get query. */
    Object get(String key);

    /** The class of every result. */
    Class<?> resultType();

    /** What a result says. */
    Reply reply(Object result);

    /** A value of every registered type of this version, for round trips. */
    List<Object> samples();

    /** The group's feature level as a state machine of this version knows it (0: none recorded). Raft thread only. */
    int featureLevel(StateMachine stateMachine);

    /** The levels a state machine of this version was told of as they rose, in order. Any thread. */
    List<Integer> levelsTold(StateMachine stateMachine);

    /**
     * The notes a state machine of this version holds, by key. Raft thread only (read it through
     * {@code RaftwireNode.read}).
     */
    SortedMap<String, Reply> notes(StateMachine stateMachine);

    /**
     * A result of the app.
     *
     * @param value    the key's value after the operation; {@code null} for a missing key
     * @param previous the key's value before it; {@code null} for a missing key (and for a get)
     * @param tag      the key's tag after it; always {@code null} on version 1
     */
    record Reply(String value, String previous, String tag) {
    }
}
