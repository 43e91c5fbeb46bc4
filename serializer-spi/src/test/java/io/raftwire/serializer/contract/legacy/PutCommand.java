package io.raftwire.serializer.contract.legacy;

import java.time.Instant;

/** Puts a value; a null expected version means unconditional. */
public class PutCommand extends Command {

    private static final long serialVersionUID = 1L;

    private String key;
    private byte[] value;
    private Long expectedVersion;
    private Instant expiresAt;

    public PutCommand() {
    }

    public PutCommand(String clientId, long sequence, String key, byte[] value, Long expectedVersion, Instant expiresAt) {
        super(clientId, sequence);
        this.key = key;
        this.value = value;
        this.expectedVersion = expectedVersion;
        this.expiresAt = expiresAt;
    }
}
