package io.raftwire.serializer.contract.legacy;

/** A log entry holding a state-machine command. */
public class CommandEntry extends LogEntry {

    private static final long serialVersionUID = 1L;

    private Command command;

    public CommandEntry() {
    }

    public CommandEntry(long index, long term, long createdAtMillis, Command command) {
        super(index, term, createdAtMillis);
        this.command = command;
    }

    public Command getCommand() {
        return command;
    }
}
