package io.raftwire.serializer.contract.legacy;

/** The role of a member. */
public enum Role {
    FOLLOWER, CANDIDATE, LEADER, LEARNER
}
