package io.raftwire.serializer.contract.legacy;

import java.time.LocalDateTime;
import java.util.HashMap;

/** A MembershipChangeResponse, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class MembershipChangeResponse extends RaftResponse {

    private static final long serialVersionUID = 1L;

    private HashMap<String, Role> roles;
    private LocalDateTime effectiveAt;

    public MembershipChangeResponse() {
    }

    public MembershipChangeResponse(NodeId sender, NodeId target, GroupId groupId, long term, boolean success, String errorMessage, HashMap<String, Role> roles, LocalDateTime effectiveAt) {
        super(sender, target, groupId, term, success, errorMessage);
        this.roles = roles;
        this.effectiveAt = effectiveAt;
    }

    public HashMap<String, Role> getRoles() {
        return roles;
    }

    public LocalDateTime getEffectiveAt() {
        return effectiveAt;
    }
}
