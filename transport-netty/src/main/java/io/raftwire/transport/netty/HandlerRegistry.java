package io.raftwire.transport.netty;

import io.raftwire.transport.Caller;
import io.raftwire.transport.CallerRequestHandler;
import io.raftwire.transport.MessageHandler;
import io.raftwire.transport.RequestHandler;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;

/**
 * The request and one-way handlers of a transport, by message class. A handler registered for a supertype (a base
 * class or an interface, even {@code Object}) receives every subtype that has no more specific handler; the nearest
 * registered type wins, superclasses before interfaces. Lookups are cached per concrete class. A request handler is
 * a {@link RequestHandler} or a {@link CallerRequestHandler}, one per type either way; {@link #handle} runs either.
 * Thread-safe.
 */
final class HandlerRegistry {

    /** A handler with the executor it runs on ({@code null}: the I/O thread). */
    record Registration<H>(Class<?> type, H handler, Executor executor) {
    }

    private final Table<Object> requests = new Table<>("request");
    private final Table<MessageHandler<Object>> messages = new Table<>("message");

    /** Registers a request handler run on the I/O thread. */
    <Q> void onRequest(Class<Q> type, RequestHandler<? super Q> handler) {
        onRequest(type, null, handler);
    }

    /** Registers a one-way handler run on the I/O thread. */
    <M> void onMessage(Class<M> type, MessageHandler<? super M> handler) {
        onMessage(type, null, handler);
    }

    <Q> void onRequest(Class<Q> type, Executor executor, RequestHandler<? super Q> handler) {
        requests.register(type, handler, executor);
    }

    /** Registers a request handler told the caller; on the I/O thread if {@code executor} is {@code null}. */
    <Q> void onCallerRequest(Class<Q> type, Executor executor, CallerRequestHandler<? super Q> handler) {
        requests.register(type, handler, executor);
    }

    /**
     * Runs a request handler of either kind: a {@link RequestHandler} is given the caller's id.
     *
     * @param handler a {@link Registration#handler()} of {@link #requestHandler}
     */
    @SuppressWarnings("unchecked")
    static java.util.concurrent.CompletionStage<?> handle(Object handler, Caller caller, Object request) {
        if (handler instanceof CallerRequestHandler<?> h) {
            return ((CallerRequestHandler<Object>) h).handle(caller, request);
        }
        return ((RequestHandler<Object>) handler).handle(caller.id(), request);
    }

    @SuppressWarnings("unchecked")
    <M> void onMessage(Class<M> type, Executor executor, MessageHandler<? super M> handler) {
        messages.register(type, (MessageHandler<Object>) handler, executor);
    }

    /** The request handler for a concrete class, or {@code null}; run it with {@link #handle}. */
    Registration<Object> requestHandler(Class<?> type) {
        return requests.find(type);
    }

    /** The one-way handler for a concrete class, or {@code null}. */
    Registration<MessageHandler<Object>> messageHandler(Class<?> type) {
        return messages.find(type);
    }

    private static final class Table<H> {
        private final String kind;
        private final ConcurrentMap<Class<?>, Registration<H>> registered = new ConcurrentHashMap<>();
        private final ConcurrentMap<Class<?>, Optional<Registration<H>>> resolved = new ConcurrentHashMap<>();

        Table(String kind) {
            this.kind = kind;
        }

        void register(Class<?> type, H handler, Executor executor) {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(handler, "handler");
            Registration<H> previous = registered.putIfAbsent(type, new Registration<>(type, handler, executor));
            if (previous != null) {
                throw new IllegalStateException("a " + kind + " handler for " + type.getName()
                        + " is already registered (expected: one handler per type)");
            }
            resolved.clear();
        }

        Registration<H> find(Class<?> type) {
            Optional<Registration<H>> hit = resolved.get(type);
            if (hit == null) {
                hit = Optional.ofNullable(resolve(type));
                resolved.put(type, hit);
            }
            return hit.orElse(null);
        }

        /** Breadth-first over the supertypes: the class, its superclass chain, the interfaces, then Object. */
        private Registration<H> resolve(Class<?> type) {
            Deque<Class<?>> queue = new ArrayDeque<>();
            Set<Class<?>> seen = new HashSet<>();
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                queue.add(c);
            }
            while (!queue.isEmpty()) {
                Class<?> c = queue.poll();
                if (!seen.add(c)) {
                    continue;
                }
                Registration<H> r = registered.get(c);
                if (r != null) {
                    return r;
                }
                for (Class<?> i : c.getInterfaces()) {
                    queue.add(i);
                }
            }
            return registered.get(Object.class);
        }
    }
}
