package io.raftwire.linearizability;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.HashMap;
import java.util.SplittableRandom;

/**
 * Histories from a real sequential execution: operation i takes effect at time {@code 100 i + 50} on a
 * {@link ReferenceStore}, and its call and return are spread randomly around that point, so that up to a dozen
 * operations overlap. Some outcomes are failed (not run) or ambiguous (run or not, at random). Every value written is
 * unique. Linearizable by construction: the order of the effect points is a linearization.
 */
final class RandomHistory {

    /** How a history is generated. */
    record Shape(int operations, int keys, int clients, int spread, double ambiguous, double failed,
                 boolean versions) {
    }

    final List<Operation> ops = new ArrayList<>();
    /** The latest finite time in the history. */
    long end;

    static RandomHistory generate(SplittableRandom random, Shape shape) {
        RandomHistory h = new RandomHistory();
        ReferenceStore store = new ReferenceStore();
        Map<String, List<String>> written = new HashMap<>();
        for (int i = 0; i < shape.operations(); i++) {
            String key = "k" + random.nextInt(shape.keys());
            KvInput input = input(random, key, "v" + i, store, written.computeIfAbsent(key, k -> new ArrayList<>()));
            long point = 100L * i + 50;
            long call = Math.max(0, point - random.nextInt(shape.spread() + 1));
            long ret = point + random.nextInt(shape.spread() + 1);
            String client = "c" + random.nextInt(shape.clients());
            double roll = random.nextDouble();
            if (roll < shape.failed()) {
                h.ops.add(Operation.failed(client, call, ret, input));
            } else if (roll < shape.failed() + shape.ambiguous()) {
                if (random.nextBoolean()) {
                    store.run(input);
                }
                h.ops.add(Operation.ambiguous(client, call, input));
            } else {
                KvOutput out = store.run(input);
                h.ops.add(Operation.ok(client, call, ret, input,
                        shape.versions() && random.nextInt(4) != 0 ? out : out.withoutOptionalObservations()));
            }
            if (input instanceof KvInput.Put p) {
                written.get(key).add(p.value());
            } else if (input instanceof KvInput.Cas c) {
                written.get(key).add(c.value());
            }
            h.end = Math.max(h.end, ret);
        }
        return h;
    }

    private static KvInput input(SplittableRandom random, String key, String fresh, ReferenceStore store,
                                 List<String> written) {
        int kind = random.nextInt(100);
        if (kind < 35) {
            return KvInput.get(key);
        }
        if (kind < 65) {
            return KvInput.put(key, fresh);
        }
        if (kind < 78) {
            return KvInput.delete(key);
        }
        int expected = random.nextInt(10);
        String e = expected < 6 ? store.value(key)
                : expected < 8 || written.isEmpty() ? null : written.get(random.nextInt(written.size()));
        return KvInput.cas(key, e, fresh);
    }
}
