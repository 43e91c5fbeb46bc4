package io.raftwire.node.admin;

import io.raftwire.serializer.TypeRegistry;

/**
 * The wire id of every type of the administration protocol. They travel on the client port only, never in the log or
 * the durable store, and take ids from the range {@code MessageType} reserves for raftwire's Raft node ({@code 100..399};
 * the engine's model uses {@code 100..119}), so that they cannot collide with an application's types
 * ({@code 1024..}).
 *
 * <p><b>This table is a wire contract</b>: append-only, every id a literal in {@code 200..219}, never reused. Adding
 * these types changed the registry fingerprint of {@code KvNodes.registry()}: every member and client of a cluster
 * must run the same registry, and a data directory records the fingerprint it was written with.
 *
 * <table>
 *   <caption>Wire ids</caption>
 *   <tr><th>id</th><th>class</th></tr>
 *   <tr><td>200</td><td>{@link StatusRequest}</td></tr>
 *   <tr><td>201</td><td>{@link SnapshotRequest}</td></tr>
 *   <tr><td>202</td><td>{@link StatusResponse}</td></tr>
 *   <tr><td>203</td><td>{@link NodeStatus}</td></tr>
 *   <tr><td>204</td><td>{@link MemberStatus}</td></tr>
 * </table>
 */
public enum AdminTypes {
    /** {@link StatusRequest}. */
    STATUS_REQUEST(200, StatusRequest.class),
    /** {@link SnapshotRequest}. */
    SNAPSHOT_REQUEST(201, SnapshotRequest.class),
    /** {@link StatusResponse}. */
    STATUS_RESPONSE(202, StatusResponse.class),
    /** {@link NodeStatus}. */
    NODE_STATUS(203, NodeStatus.class),
    /** {@link MemberStatus}. */
    MEMBER_STATUS(204, MemberStatus.class);

    private final int id;
    private final Class<?> javaType;

    AdminTypes(int id, Class<?> javaType) {
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
     * @param builder a registry builder
     * @return {@code builder}
     * @throws IllegalArgumentException if one of the ids or classes is already registered
     */
    public static TypeRegistry.Builder registerAll(TypeRegistry.Builder builder) {
        for (AdminTypes t : values()) {
            builder.registerEngineType(t.id, t.javaType);
        }
        return builder;
    }
}
