package io.raftwire.serializer.contract.legacy;

import java.time.Duration;

/** A HeartbeatResponse, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class HeartbeatResponse extends RaftResponse {

    private static final long serialVersionUID = 1L;

    private Duration lag;
    private float load;

    public HeartbeatResponse() {
    }

    public HeartbeatResponse(NodeId sender, NodeId target, GroupId groupId, long term, boolean success, String errorMessage, Duration lag, float load) {
        super(sender, target, groupId, term, success, errorMessage);
        this.lag = lag;
        this.load = load;
    }

    public Duration getLag() {
        return lag;
    }

    public float getLoad() {
        return load;
    }
}
