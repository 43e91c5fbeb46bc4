package io.raftwire.node.kv;

import io.raftwire.node.session.CachedResult;
import io.raftwire.node.session.SessionEventChunk;
import io.raftwire.node.session.SessionEvents;
import io.raftwire.node.session.SessionRecord;
import io.raftwire.node.session.SessionSnapshotChunk;
import io.raftwire.serializer.TypeRegistry;

/**
 * The wire id of every type of the key-value state machine: its commands and result, and its snapshot chunks
 * (including the session table's). They are ordinary user types, registered with
 * {@link TypeRegistry.Builder#register} like any application's: this table is the worked example.
 *
 * <p><b>This table is a wire and disk contract</b>, like {@code MessageType}: append-only, every id a literal in
 * {@code 1100..1149}, never reused. Commands travel inside {@code CommandEntry}s and snapshot chunks are stored by the
 * durable store, so changing an id makes existing logs unreadable.
 *
 * <table>
 *   <caption>Wire ids</caption>
 *   <tr><th>id</th><th>constant</th><th>class</th></tr>
 *   <tr><td>1100</td><td>{@link #PUT}</td><td>{@link KvPut}</td></tr>
 *   <tr><td>1101</td><td>{@link #GET}</td><td>{@link KvGet}</td></tr>
 *   <tr><td>1102</td><td>{@link #DELETE}</td><td>{@link KvDelete}</td></tr>
 *   <tr><td>1103</td><td>{@link #COMPARE_AND_SET}</td><td>{@link KvCompareAndSet}</td></tr>
 *   <tr><td>1104</td><td>{@link #RESULT}</td><td>{@link KvResult}</td></tr>
 *   <tr><td>1105</td><td>{@link #WATCH}</td><td>{@link KvWatch}</td></tr>
 *   <tr><td>1106</td><td>{@link #UNWATCH}</td><td>{@link KvUnwatch}</td></tr>
 *   <tr><td>1107</td><td>{@link #EVENT}</td><td>{@link KvEvent}</td></tr>
 *   <tr><td>1110</td><td>{@link #SNAPSHOT_HEADER}</td><td>{@link KvSnapshotHeader}</td></tr>
 *   <tr><td>1111</td><td>{@link #ENTRY}</td><td>{@link KvEntry}</td></tr>
 *   <tr><td>1112</td><td>{@link #SNAPSHOT_CHUNK}</td><td>{@link KvSnapshotChunk}</td></tr>
 *   <tr><td>1113</td><td>{@link #SESSION_RECORD}</td><td>{@link SessionRecord}</td></tr>
 *   <tr><td>1114</td><td>{@link #CACHED_RESULT}</td><td>{@link CachedResult}</td></tr>
 *   <tr><td>1115</td><td>{@link #SESSION_SNAPSHOT_CHUNK}</td><td>{@link SessionSnapshotChunk}</td></tr>
 *   <tr><td>1116</td><td>{@link #SESSION_EVENTS}</td><td>{@link SessionEvents}</td></tr>
 *   <tr><td>1117</td><td>{@link #SESSION_EVENT_CHUNK}</td><td>{@link SessionEventChunk}</td></tr>
 *   <tr><td>1118</td><td>{@link #WATCH_RECORD}</td><td>{@link KvWatchRecord}</td></tr>
 *   <tr><td>1119</td><td>{@link #WATCH_CHUNK}</td><td>{@link KvWatchChunk}</td></tr>
 * </table>
 */
public enum KvTypes {
    /** {@link KvPut}. */
    PUT(1100, KvPut.class),
    /** {@link KvGet}. */
    GET(1101, KvGet.class),
    /** {@link KvDelete}. */
    DELETE(1102, KvDelete.class),
    /** {@link KvCompareAndSet}. */
    COMPARE_AND_SET(1103, KvCompareAndSet.class),
    /** {@link KvResult}. */
    RESULT(1104, KvResult.class),
    /** {@link KvSnapshotHeader}. */
    SNAPSHOT_HEADER(1110, KvSnapshotHeader.class),
    /** {@link KvEntry}. */
    ENTRY(1111, KvEntry.class),
    /** {@link KvSnapshotChunk}. */
    SNAPSHOT_CHUNK(1112, KvSnapshotChunk.class),
    /** {@link SessionRecord}. */
    SESSION_RECORD(1113, SessionRecord.class),
    /** {@link CachedResult}. */
    CACHED_RESULT(1114, CachedResult.class),
    /** {@link SessionSnapshotChunk}. */
    SESSION_SNAPSHOT_CHUNK(1115, SessionSnapshotChunk.class),
    /** {@link KvWatch}. */
    WATCH(1105, KvWatch.class),
    /** {@link KvUnwatch}. */
    UNWATCH(1106, KvUnwatch.class),
    /** {@link KvEvent}. */
    EVENT(1107, KvEvent.class),
    /** {@link SessionEvents}. */
    SESSION_EVENTS(1116, SessionEvents.class),
    /** {@link SessionEventChunk}. */
    SESSION_EVENT_CHUNK(1117, SessionEventChunk.class),
    /** {@link KvWatchRecord}. */
    WATCH_RECORD(1118, KvWatchRecord.class),
    /** {@link KvWatchChunk}. */
    WATCH_CHUNK(1119, KvWatchChunk.class);

    /** Lowest id of the range this table may use. */
    public static final int FIRST_ID = 1100;
    /** Highest id of the range this table may use. */
    public static final int LAST_ID = 1149;

    private final int id;
    private final Class<?> javaType;

    KvTypes(int id, Class<?> javaType) {
        this.id = id;
        this.javaType = javaType;
    }

    /** The wire id. */
    public int id() {
        return id;
    }

    /** The registered class. */
    public Class<?> javaType() {
        return javaType;
    }

    /**
     * Registers every type of this table.
     *
     * @param builder a registry builder, usually {@code TypeRegistry.builder()}
     * @return {@code builder}
     * @throws IllegalArgumentException if one of the ids or classes is already registered
     */
    public static TypeRegistry.Builder registerAll(TypeRegistry.Builder builder) {
        for (KvTypes t : values()) {
            builder.register(t.id, t.javaType);
        }
        return builder;
    }
}
