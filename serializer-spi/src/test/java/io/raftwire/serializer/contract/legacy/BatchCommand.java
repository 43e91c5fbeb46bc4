package io.raftwire.serializer.contract.legacy;

import java.util.List;

/** Several commands applied atomically. */
public class BatchCommand extends Command {

    private static final long serialVersionUID = 1L;

    private List<Command> commands;

    public BatchCommand() {
    }

    public BatchCommand(String clientId, long sequence, List<Command> commands) {
        super(clientId, sequence);
        this.commands = commands;
    }
}
