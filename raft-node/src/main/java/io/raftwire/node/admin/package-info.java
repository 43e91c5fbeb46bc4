/**
 * The node's administration protocol on its client port: {@link io.raftwire.node.admin.StatusRequest} (what a member
 * knows of its group, read locally, never through the Raft log) and {@link io.raftwire.node.admin.SnapshotRequest}
 * (take a snapshot now, admins only). The types are raft-node types registered in the registry
 * ({@link io.raftwire.node.admin.AdminTypes}), not catalog messages: the catalog ({@code MessageType}) is unchanged.
 */
package io.raftwire.node.admin;
