package io.raftwire.serializer.contract.legacy;

/** Adds to a counter; every primitive width. */
public class CounterCommand extends Command {

    private static final long serialVersionUID = 1L;

    private String counter;
    private long delta;
    private short shard;
    private byte flags;
    private char separator;
    private float weight;
    private double rate;
    private Integer limit;

    public CounterCommand() {
    }

    public CounterCommand(String clientId, long sequence, String counter, long delta, short shard, byte flags, char separator, float weight, double rate, Integer limit) {
        super(clientId, sequence);
        this.counter = counter;
        this.delta = delta;
        this.shard = shard;
        this.flags = flags;
        this.separator = separator;
        this.weight = weight;
        this.rate = rate;
        this.limit = limit;
    }
}
