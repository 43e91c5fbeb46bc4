package io.raftwire.linearizability;

import io.raftwire.testkit.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The checker against the definition ({@link BruteForce}) on thousands of tiny random histories, most of them wrong:
 * random times, inputs over three values, outputs sometimes true and sometimes random, every outcome kind, both
 * version schemes. Prints its seed; {@code -Dtest.seed=N} replays it.
 */
class DifferentialTest {

    private static final String[] VALUES = {"a", "b", "c"};

    @Test
    @Timeout(60)
    void shouldAgreeWithTheDefinitionOnTinyHistories() {
        long seed = Seeds.seed("DifferentialTest");
        SplittableRandom random = new SplittableRandom(seed);
        int histories = 4000;
        int linearizable = 0;
        for (int n = 0; n < histories; n++) {
            KvModel model = random.nextBoolean() ? KvModel.DEFAULT : new KvModel(KvModel.VersionScheme.RESET_ON_DELETE);
            List<Operation> h = tiny(random, model);
            boolean expected = BruteForce.linearizable(h, model);
            CheckResult r = new LinearizabilityChecker(model, CheckLimits.DEFAULT).check(h);
            String context = "seed " + seed + " (replay: -Dtest.seed=" + seed + "), history " + n + " "
                    + model + ":\n" + String.join("\n", h.stream().map(o -> o.describe(0)).toList()) + "\n"
                    + r.report();
            assertEquals(expected ? Verdict.LINEARIZABLE : Verdict.VIOLATION, r.verdict(), context);
            linearizable += expected ? 1 : 0;
        }
        System.out.printf("linearizability differential: seed %d, %d tiny histories, %d linearizable, %d not, "
                + "checker agrees with brute force on all%n", seed, histories, linearizable, histories - linearizable);
        assertTrue(linearizable > histories / 10 && linearizable < histories * 9 / 10,
                "both verdicts must be exercised: " + linearizable + " of " + histories + " linearizable");
    }

    /** Up to 7 operations on one key; outputs from a sequential run, each perturbed with probability 1/4. */
    private static List<Operation> tiny(SplittableRandom random, KvModel model) {
        int size = 1 + random.nextInt(7);
        List<Operation> ops = new ArrayList<>(size);
        KvState state = KvState.INITIAL;
        for (int i = 0; i < size; i++) {
            KvInput in = input(random);
            KvModel.Step step = model.apply(state, in);
            state = step.next();
            long call = random.nextInt(40);
            long ret = call + random.nextInt(25);
            int outcome = random.nextInt(10);
            if (outcome == 0) {
                ops.add(Operation.failed("c" + i, call, ret, in));
            } else if (outcome == 1) {
                ops.add(Operation.ambiguous("c" + i, call, in));
            } else {
                KvOutput out = random.nextInt(4) == 0 ? randomOutput(random, in) : step.output();
                ops.add(Operation.ok("c" + i, call, ret, in,
                        random.nextBoolean() ? out : out.withoutOptionalObservations()));
            }
        }
        return ops;
    }

    private static KvInput input(SplittableRandom random) {
        return switch (random.nextInt(4)) {
            case 0 -> KvInput.get("x");
            case 1 -> KvInput.put("x", value(random));
            case 2 -> KvInput.delete("x");
            default -> KvInput.cas("x", random.nextInt(4) == 0 ? null : value(random), value(random));
        };
    }

    private static KvOutput randomOutput(SplittableRandom random, KvInput in) {
        long version = random.nextInt(4);
        if (in instanceof KvInput.Get) {
            return KvOutput.value(random.nextInt(4) == 0 ? null : value(random), version);
        }
        if (in instanceof KvInput.Put) {
            return KvOutput.written(version);
        }
        if (in instanceof KvInput.Delete) {
            return new KvOutput.DeleteResult(random.nextBoolean(), version);
        }
        return KvOutput.swapped(random.nextBoolean(), version);
    }

    private static String value(SplittableRandom random) {
        return VALUES[random.nextInt(VALUES.length)];
    }
}
