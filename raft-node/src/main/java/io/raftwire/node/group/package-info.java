/**
 * Many Raft groups on one member: group ids and data directories ({@link io.raftwire.node.group.GroupIds}), session
 * ids that carry their group ({@link io.raftwire.node.group.SessionIds}) and the {@code @<group id>} suffix that names
 * a group in requests without a group field ({@link io.raftwire.node.group.GroupAddress}). The contract is in
 * {@code docs/multi-group.md}.
 */
package io.raftwire.node.group;
