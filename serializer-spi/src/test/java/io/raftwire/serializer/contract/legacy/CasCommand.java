package io.raftwire.serializer.contract.legacy;

/** Compare and set. */
public class CasCommand extends Command {

    private static final long serialVersionUID = 1L;

    private String key;
    private byte[] expected;
    private byte[] update;

    public CasCommand() {
    }

    public CasCommand(String clientId, long sequence, String key, byte[] expected, byte[] update) {
        super(clientId, sequence);
        this.key = key;
        this.expected = expected;
        this.update = update;
    }
}
