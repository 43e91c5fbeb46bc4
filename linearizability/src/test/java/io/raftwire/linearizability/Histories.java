package io.raftwire.linearizability;

import java.util.ArrayList;
import java.util.List;

/** Hand-written histories for tests: times in arbitrary units (nanoseconds to the checker), read as a timeline. */
final class Histories {

    private final List<Operation> ops = new ArrayList<>();

    Histories ok(String client, long call, long ret, KvInput input, KvOutput output) {
        ops.add(Operation.ok(client, call, ret, input, output));
        return this;
    }

    Histories failed(String client, long call, long ret, KvInput input) {
        ops.add(Operation.failed(client, call, ret, input));
        return this;
    }

    Histories ambiguous(String client, long call, KvInput input) {
        ops.add(Operation.ambiguous(client, call, input));
        return this;
    }

    List<Operation> build() {
        return List.copyOf(ops);
    }

    static CheckResult check(List<Operation> history) {
        return new LinearizabilityChecker().check(history);
    }
}
