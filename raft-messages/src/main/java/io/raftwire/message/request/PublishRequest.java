package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.value.PrimitiveEvent;

import java.util.List;
import java.util.Objects;

/**
 * Delivers a batch of events from a member to a client session. One-way: there is no response; a client that
 * detects a gap sends a {@link ResetRequest}. Invariants: {@code eventIndex >= 0}, {@code previousIndex >= 0}.
 * Immutable and thread-safe.
 */
public final class PublishRequest extends SessionRequest {

    private final long eventIndex;
    private final long previousIndex;
    private final List<PrimitiveEvent> events;

    /**
     * @param session the receiving session; {@code >= 0}
     * @param eventIndex the log index at which the events were published; {@code >= 0}
     * @param previousIndex the event index of the previous batch sent to this session; {@code >= 0}
     * @param events the events, in publication order; may be empty; copied
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code events} or one of its elements is null
     */
    public PublishRequest(long session, long eventIndex, long previousIndex, List<PrimitiveEvent> events) {
        super(session);
        this.eventIndex = Checks.nonNegative(eventIndex, "eventIndex");
        this.previousIndex = Checks.nonNegative(previousIndex, "previousIndex");
        this.events = Checks.copy(events, "events");
    }

    /** The log index at which the events were published. */
    public long eventIndex() {
        return eventIndex;
    }

    /** The event index of the previous batch sent to this session. */
    public long previousIndex() {
        return previousIndex;
    }

    /** The events, in publication order; immutable. */
    public List<PrimitiveEvent> events() {
        return events;
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        PublishRequest that = (PublishRequest) o;
        return eventIndex == that.eventIndex && previousIndex == that.previousIndex && events.equals(that.events);
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Objects.hash(eventIndex, previousIndex, events);
    }

    @Override
    public String toString() {
        return "PublishRequest[session=" + session() + ", eventIndex=" + eventIndex
                + ", previousIndex=" + previousIndex + ", events=" + events + "]";
    }
}
