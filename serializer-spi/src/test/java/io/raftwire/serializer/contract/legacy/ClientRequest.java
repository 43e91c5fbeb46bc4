package io.raftwire.serializer.contract.legacy;

import java.time.Instant;
import java.util.UUID;

/** A ClientRequest, as a pre-records code base writes it: a no-arg constructor for frameworks and a full one. */
public class ClientRequest extends RaftRequest {

    private static final long serialVersionUID = 1L;

    private Command command;
    private int attempt;
    private UUID clientId;

    public ClientRequest() {
    }

    public ClientRequest(NodeId sender, NodeId target, GroupId groupId, long term, RequestId requestId, Instant sentAt, Command command, int attempt, UUID clientId) {
        super(sender, target, groupId, term, requestId, sentAt);
        this.command = command;
        this.attempt = attempt;
        this.clientId = clientId;
    }

    public Command getCommand() {
        return command;
    }

    public int getAttempt() {
        return attempt;
    }

    public UUID getClientId() {
        return clientId;
    }
}
