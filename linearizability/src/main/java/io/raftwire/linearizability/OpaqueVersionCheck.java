package io.raftwire.linearizability;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks the observed versions of one key's history under {@link KvModel.VersionScheme#OPAQUE}: versions that are not
 * counts but opaque numbers growing with every write of the key (raftwire: the commit index of the key's last write),
 * 0 for an absent key. The search cannot predict such numbers, so it ignores them, and this check holds them to what
 * any such store must show:
 * <ol>
 *   <li><b>unique</b>: two acknowledged writes never answer the same version;</li>
 *   <li><b>tied to the write</b>: a read of a value answers the version its write answered, and every read of one
 *       value answers the same version (values written more than once in the history are skipped);</li>
 *   <li><b>growing in real time</b>: an operation called after another returned answers a version at least as high
 *       (strictly higher for a write). Only present values count: an absent key is at 0 whatever came before.</li>
 * </ol>
 * What counts as an observed version: an acknowledged put or successful compare-and-set (the version of its write), a
 * read of a present value, and a failed compare-and-set that answered a version above 0 (the current version).
 * Unknown versions are skipped. Together with the search over values this is a sound check: every finding is a
 * real violation of a store whose versions behave as described.
 *
 * <p>Stateless and thread-safe.
 */
public final class OpaqueVersionCheck {

    /**
     * A violation of the version rules.
     *
     * @param problem what rule was broken, with the versions
     * @param witness the operations that show it, in call-time order
     */
    public record Finding(String problem, List<Operation> witness) {
        public Finding {
            witness = List.copyOf(witness);
        }
    }

    private record Seen(Operation op, long version, String value, boolean write) {
    }

    private OpaqueVersionCheck() {
    }

    /**
     * Checks the observed versions of one key's operations.
     *
     * @param ops the operations of one key, failed ones left out, in any order
     * @return the first violation found, or empty
     */
    public static Optional<Finding> check(List<Operation> ops) {
        List<Seen> seen = new ArrayList<>();
        Map<String, Integer> writesOfValue = new HashMap<>();
        for (Operation op : ops) {
            String written = writtenValue(op.input());
            if (written != null) {
                writesOfValue.merge(written, 1, Integer::sum);
            }
            Seen s = seen(op);
            if (s != null) {
                seen.add(s);
            }
        }
        Optional<Finding> f = unique(seen);
        if (f.isEmpty()) {
            f = tiedToWrites(seen, writesOfValue);
        }
        if (f.isEmpty()) {
            f = growing(seen);
        }
        return f;
    }

    private static Optional<Finding> unique(List<Seen> seen) {
        Map<Long, Seen> writeOf = new HashMap<>();
        for (Seen s : seen) {
            if (s.write) {
                Seen other = writeOf.putIfAbsent(s.version, s);
                if (other != null) {
                    return finding("two writes answered the same version " + s.version
                            + " (expected: a version of its own for every write)", other.op, s.op);
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Finding> tiedToWrites(List<Seen> seen, Map<String, Integer> writesOfValue) {
        Map<String, Seen> first = new HashMap<>();
        for (Seen s : seen) {
            if (s.write) {
                first.put(s.value, s);
            }
        }
        for (Seen s : seen) {
            if (s.write || s.value == null || writesOfValue.getOrDefault(s.value, 0) != 1) {
                continue;
            }
            Seen other = first.putIfAbsent(s.value, s);
            if (other != null && other.version != s.version) {
                return finding("value " + Values.show(s.value) + " answered with version " + other.version
                        + " and with version " + s.version + " (expected: the version of the one write of that "
                        + "value)", other.op, s.op);
            }
        }
        return Optional.empty();
    }

    private static Optional<Finding> growing(List<Seen> seen) {
        List<Seen> byReturn = new ArrayList<>(seen);
        byReturn.sort(Comparator.comparingLong(s -> s.op.returnNanos()));
        List<Seen> byCall = new ArrayList<>(seen);
        byCall.sort(Comparator.comparingLong(s -> s.op.callNanos()));
        Seen highest = null;
        int next = 0;
        for (Seen s : byCall) {
            while (next < byReturn.size() && byReturn.get(next).op.returnNanos() < s.op.callNanos()) {
                Seen r = byReturn.get(next++);
                if (highest == null || r.version > highest.version) {
                    highest = r;
                }
            }
            if (highest != null && (s.version < highest.version || s.write && s.version == highest.version)) {
                return finding((s.write ? "a write" : "a read") + " answered version " + s.version + " after an "
                        + "operation that returned version " + highest.version + " had returned (expected: "
                        + (s.write ? "a higher version" : "a version at least as high") + ")", highest.op, s.op);
            }
        }
        return Optional.empty();
    }

    private static Seen seen(Operation op) {
        if (!(op.outcome() instanceof Outcome.Ok ok)) {
            return null;
        }
        KvOutput out = ok.output();
        if (out instanceof KvOutput.PutResult p && p.version() != KvOutput.UNKNOWN_VERSION) {
            return new Seen(op, p.version(), ((KvInput.Put) op.input()).value(), true);
        }
        if (out instanceof KvOutput.CasResult c && c.version() != KvOutput.UNKNOWN_VERSION) {
            if (c.success()) {
                return new Seen(op, c.version(), ((KvInput.Cas) op.input()).value(), true);
            }
            return c.version() > 0 ? new Seen(op, c.version(), null, false) : null;
        }
        if (out instanceof KvOutput.GetResult g && g.value() != null && g.version() != KvOutput.UNKNOWN_VERSION) {
            return new Seen(op, g.version(), g.value(), false);
        }
        return null;
    }

    private static String writtenValue(KvInput in) {
        if (in instanceof KvInput.Put p) {
            return p.value();
        }
        return in instanceof KvInput.Cas c ? c.value() : null;
    }

    private static Optional<Finding> finding(String problem, Operation a, Operation b) {
        List<Operation> w = new ArrayList<>(List.of(a, b));
        w.sort(Comparator.comparingLong(Operation::callNanos));
        return Optional.of(new Finding(problem, w));
    }
}
