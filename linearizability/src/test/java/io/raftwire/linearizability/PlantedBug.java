package io.raftwire.linearizability;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Bugs a faulty store could show, planted into a linearizable {@link RandomHistory} so that the result is certainly
 * not linearizable, whatever the random part's overlaps and ambiguous operations allow: each argument rests on a
 * value that only one operation ever writes. All but {@link #FUTURE_READ} append a short sequential phase after every
 * finite return of the random part, on a key the random part used.
 */
enum PlantedBug {
    /** put a, put b, then a read of a: a follower serving an old value. */
    STALE_READ,
    /** An acknowledged put, then a read of the value an earlier acknowledged write of the random part wrote. */
    LOST_WRITE,
    /** put a, then two compare-and-sets from a that both succeed. */
    DOUBLE_CAS,
    /** put a, delete, then a read of a: the put applied a second time. */
    DUPLICATE_APPLY,
    /** A read of a value no one wrote. */
    NEVER_WRITTEN_READ,
    /** A read in the random part changed to return a value whose write was called after the read returned. */
    FUTURE_READ;

    List<Operation> plant(RandomHistory h, SplittableRandom random) {
        List<Operation> out = new ArrayList<>(h.ops);
        if (this == FUTURE_READ) {
            plantFutureRead(out, random);
            return out;
        }
        String key = this == LOST_WRITE ? keyWithAcknowledgedWrite(h.ops, random) : h.ops.get(random.nextInt(
                h.ops.size())).key();
        Phase p = new Phase(out, h.end + 1000, "bug-" + name().toLowerCase(java.util.Locale.ROOT));
        switch (this) {
            case STALE_READ -> {
                p.ok(KvInput.put(key, p.value("a")), KvOutput.written());
                p.ok(KvInput.put(key, p.value("b")), KvOutput.written());
                p.ok(KvInput.get(key), KvOutput.value(p.value("a")));
            }
            case LOST_WRITE -> {
                String earlier = acknowledgedValue(h.ops, key, random);
                p.ok(KvInput.put(key, p.value("lost")), KvOutput.written());
                p.ok(KvInput.get(key), KvOutput.value(earlier));
            }
            case DOUBLE_CAS -> {
                p.ok(KvInput.put(key, p.value("a")), KvOutput.written());
                p.ok(KvInput.cas(key, p.value("a"), p.value("b")), KvOutput.swapped(true));
                p.ok(KvInput.cas(key, p.value("a"), p.value("c")), KvOutput.swapped(true));
            }
            case DUPLICATE_APPLY -> {
                p.ok(KvInput.put(key, p.value("a")), KvOutput.written());
                p.ok(KvInput.delete(key), KvOutput.deleted());
                p.ok(KvInput.get(key), KvOutput.value(p.value("a")));
            }
            case NEVER_WRITTEN_READ -> p.ok(KvInput.get(key), KvOutput.value(p.value("ghost")));
            default -> throw new AssertionError(this);
        }
        return out;
    }

    private static String keyWithAcknowledgedWrite(List<Operation> ops, SplittableRandom random) {
        List<Operation> writes = ops.stream().filter(PlantedBug::acknowledgedWrite).toList();
        if (writes.isEmpty()) {
            throw new AssertionError("the random history has no acknowledged write to lose");
        }
        return writes.get(random.nextInt(writes.size())).key();
    }

    private static String acknowledgedValue(List<Operation> ops, String key, SplittableRandom random) {
        List<Operation> writes = ops.stream().filter(o -> o.key().equals(key) && acknowledgedWrite(o)).toList();
        KvInput in = writes.get(random.nextInt(writes.size())).input();
        return in instanceof KvInput.Put p ? p.value() : ((KvInput.Cas) in).value();
    }

    private static boolean acknowledgedWrite(Operation o) {
        if (!(o.outcome() instanceof Outcome.Ok ok)) {
            return false;
        }
        return o.input() instanceof KvInput.Put
                || o.input() instanceof KvInput.Cas && ((KvOutput.CasResult) ok.output()).success();
    }

    private static void plantFutureRead(List<Operation> ops, SplittableRandom random) {
        List<Integer> reads = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i).input() instanceof KvInput.Get && ops.get(i).outcome() instanceof Outcome.Ok) {
                reads.add(i);
            }
        }
        for (int attempt = 0; attempt < reads.size(); attempt++) {
            int r = reads.get(random.nextInt(reads.size()));
            Operation read = ops.get(r);
            List<Operation> later = ops.stream().filter(o -> o.key().equals(read.key())
                    && (o.input() instanceof KvInput.Put || o.input() instanceof KvInput.Cas)
                    && o.callNanos() > read.returnNanos()).toList();
            if (!later.isEmpty()) {
                KvInput w = later.get(random.nextInt(later.size())).input();
                String future = w instanceof KvInput.Put p ? p.value() : ((KvInput.Cas) w).value();
                ops.set(r, Operation.ok(read.clientId(), read.callNanos(), read.returnNanos(), read.input(),
                        KvOutput.value(future)));
                return;
            }
        }
        throw new AssertionError("the random history has no read followed by a write of its key");
    }

    /** Sequential operations of one client, 100 apart, after the random part. */
    private static final class Phase {
        private final List<Operation> out;
        private final String client;
        private long time;

        Phase(List<Operation> out, long start, String client) {
            this.out = out;
            this.time = start;
            this.client = client;
        }

        String value(String name) {
            return client + "-" + name;
        }

        void ok(KvInput input, KvOutput output) {
            out.add(Operation.ok(client, time, time + 10, input, output));
            time += 100;
        }
    }
}
