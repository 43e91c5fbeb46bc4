package io.raftwire.node.client;

import io.raftwire.message.request.PublishRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A batch held until it is ready (a client reading the feature levels its events name) keeps its place: the batches
 * after it and the end of the session wait for it, and no thread waits meanwhile (the executor runs tasks on the
 * calling thread here, so a blocked delivery would block the test).
 */
@Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class EventDeliveryHoldTest {

    private final List<String> heard = new ArrayList<>();
    private final CompletableFuture<Void> levels = new CompletableFuture<>();
    private final EventDelivery delivery = new EventDelivery("c1", () -> 7, Runnable::run, () -> { },
            batch -> batch.eventIndex() == 1 ? levels : CompletableFuture.completedFuture(null));

    EventDeliveryHoldTest() {
        delivery.listener(new SessionEventListener() {
            @Override
            public void onEvents(long session, long eventIndex, List<io.raftwire.message.value.PrimitiveEvent> e) {
                heard.add("batch " + eventIndex);
            }

            @Override
            public void onSessionClosed(long session, String reason) {
                heard.add("closed: " + reason);
            }
        });
    }

    @Test
    void batchesAndTheSessionsEndWaitBehindAHeldBatchInOrder() {
        delivery.onPublish("n1", new PublishRequest(7, 1, 0, List.of()));
        delivery.onPublish("n1", new PublishRequest(7, 2, 1, List.of()));
        delivery.sessionClosed(7, "expired");

        assertEquals(List.of(), heard, "all wait for batch 1");
        levels.complete(null);

        assertEquals(List.of("batch 1", "batch 2", "closed: expired"), heard);
        assertEquals(2, delivery.delivered());
    }

    @Test
    void withNothingHeldBatchesGoAtOnce() {
        levels.complete(null);
        delivery.onPublish("n1", new PublishRequest(7, 1, 0, List.of()));
        delivery.sessionClosed(7, "closed by the client");

        assertEquals(List.of("batch 1", "closed: closed by the client"), heard);
    }
}
