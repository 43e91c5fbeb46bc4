package io.raftwire.node.kv;

import io.raftwire.testkit.Seeds;
import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static io.raftwire.node.kv.KvFixtures.command;
import static io.raftwire.node.kv.KvFixtures.keepAlive;
import static io.raftwire.node.kv.KvFixtures.open;
import static io.raftwire.node.kv.KvFixtures.query;
import static io.raftwire.node.kv.KvFixtures.result;
import static io.raftwire.node.kv.KvFixtures.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Random puts, gets, deletes and compare-and-sets, with retried sequences, keep-alives, queries and a snapshot
 * install half-way, checked against a plain {@link HashMap} model. Replay a failure with {@code -Dtest.seed=<seed>}.
 */
@Timeout(60)
@ExtendWith(LeakDetectionExtension.class)
class KvModelRandomTest {

    private static final int STEPS = 4_000;
    private static final String[] KEYS = {"a", "b", "c", "d", "e", "f", "g", "\u00fc", "key/with/slashes", "z"};

    private record Versioned(byte[] value, long version) {
    }

    @Test
    void theStateMachineAgreesWithAHashMapModel() {
        long seed = Seeds.seed("KvModelRandomTest");
        Random random = new Random(seed);
        OperationCodec codec = KvFixtures.codec("kryo");
        KvStateMachine sm = new KvStateMachine(List.of(codec), () -> 0);
        KvStateMachine follower = new KvStateMachine(List.of(codec), () -> 0);
        Map<String, Versioned> model = new HashMap<>();
        Map<Long, CommandResponse> sent = new HashMap<>();

        long index = 1;
        long timestamp = 1_000;
        long session = ((OpenSessionResponse) apply(sm, follower, index++,
                open(timestamp, 60_000))).session();
        long sequence = 0;
        long acknowledged = 0;
        for (int step = 0; step < STEPS; step++) {
            String where = "seed " + seed + " step " + step;
            if (step == STEPS / 2) {
                // the follower lagged behind and is brought up to date by the leader's snapshot
                List<Object> chunks = new ArrayList<>();
                sm.takeSnapshot(index - 1, chunks::add);
                follower = new KvStateMachine(List.of(codec), () -> 0);
                follower.installSnapshot(index - 1, chunks);
            }
            timestamp += random.nextInt(50);
            String key = KEYS[random.nextInt(KEYS.length)];
            int choice = random.nextInt(100);
            if (choice < 10 && sequence > acknowledged) {
                long retry = acknowledged + 1 + random.nextInt((int) (sequence - acknowledged));
                CommandResponse again = (CommandResponse) apply(sm, follower, index++,
                        command(codec, timestamp, session, retry, new KvGet("ignored")));
                assertEquals(sent.get(retry), again, where + ": retry of sequence " + retry);
                continue;
            }
            if (choice < 15) {
                long upTo = sequence;
                acknowledged = upTo;
                apply(sm, follower, index++, keepAlive(timestamp, session, upTo));
                sent.keySet().removeIf(s -> s <= upTo);
                continue;
            }
            if (choice < 25) {
                QueryResponse q = (QueryResponse) sm.runOperation(index - 1, query(codec, session, new KvGet(key)));
                assertEquals(expectedGet(model, key), result(codec, q), where + ": query " + key);
                continue;
            }
            byte[] value = new byte[random.nextInt(8)];
            random.nextBytes(value);
            Object op;
            KvResult expected;
            Versioned current = model.get(key);
            long currentVersion = current == null ? 0 : current.version();
            if (choice < 50) {
                op = new KvPut(key, value);
                model.put(key, new Versioned(value, index));
                expected = new KvResult(true, null, index);
            } else if (choice < 65) {
                op = new KvGet(key);
                expected = expectedGet(model, key);
            } else if (choice < 80) {
                op = new KvDelete(key);
                model.remove(key);
                expected = new KvResult(current != null, null, currentVersion);
            } else {
                long expectedVersion = random.nextBoolean() ? currentVersion : random.nextInt(3);
                op = new KvCompareAndSet(key, expectedVersion, value);
                if (expectedVersion == currentVersion) {
                    model.put(key, new Versioned(value, index));
                    expected = new KvResult(true, null, index);
                } else {
                    expected = new KvResult(false, null, currentVersion);
                }
            }
            sequence++;
            CommandResponse r = (CommandResponse) apply(sm, follower, index++,
                    command(codec, timestamp, session, sequence, op));
            assertEquals(Status.OK, r.status(), where + ": " + r);
            assertEquals(expected, result(codec, r), where + ": " + op);
            sent.put(sequence, r);
        }
        assertEquals(model.size(), sm.keyCount(), "seed " + seed);
        for (String key : KEYS) {
            Versioned v = model.get(key);
            KvEntry e = sm.entry(key);
            if (v == null) {
                assertNull(e, "seed " + seed + " key " + key);
            } else {
                assertNotNull(e, "seed " + seed + " key " + key);
                assertArrayEquals(v.value(), e.value(), "seed " + seed + " key " + key);
                assertEquals(v.version(), e.version(), "seed " + seed + " key " + key);
            }
        }
        assertEquals(sm.digest(), follower.digest(), "seed " + seed + ": the follower restored from a snapshot");
    }

    private static KvResult expectedGet(Map<String, Versioned> model, String key) {
        Versioned v = model.get(key);
        return v == null ? new KvResult(false, null, 0) : new KvResult(true, v.value(), v.version());
    }

    /** Applies a logged entry to both machines and checks they answered the same. */
    private static Object apply(KvStateMachine leader, KvStateMachine follower, long index, Object entry) {
        Object answer = leader.runOperation(index, entry);
        assertEquals(answer, follower.runOperation(index, entry), "index " + index);
        return answer;
    }
}
