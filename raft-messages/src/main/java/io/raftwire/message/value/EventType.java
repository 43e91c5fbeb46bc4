package io.raftwire.message.value;

/**
 * Names the kind of an event a service publishes to its sessions. A polymorphic component type: every
 * implementation that travels on the wire must be a registered type ({@link DefaultEventType} is; users register
 * their own in the user id range). Implementations must be immutable.
 */
public interface EventType {

    /** The event type's name; never empty. */
    String id();
}
