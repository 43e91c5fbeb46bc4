package io.raftwire.serializer.contract.legacy;

/** Deletes a key. */
public class DeleteCommand extends Command {

    private static final long serialVersionUID = 1L;

    private String key;
    private boolean ifExists;

    public DeleteCommand() {
    }

    public DeleteCommand(String clientId, long sequence, String key, boolean ifExists) {
        super(clientId, sequence);
        this.key = key;
        this.ifExists = ifExists;
    }
}
