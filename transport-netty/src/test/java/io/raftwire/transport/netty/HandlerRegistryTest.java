package io.raftwire.transport.netty;

import io.raftwire.transport.RequestHandler;
import org.junit.jupiter.api.Test;

import java.io.Serializable;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Handler lookup by the nearest registered supertype. */
class HandlerRegistryTest {

    private final HandlerRegistry registry = new HandlerRegistry();
    private final RequestHandler<Object> any = (from, m) -> CompletableFuture.completedFuture(m);
    private final RequestHandler<Number> number = (from, m) -> CompletableFuture.completedFuture(m);
    private final RequestHandler<Serializable> serializable = (from, m) -> CompletableFuture.completedFuture(m);

    @Test
    void shouldPickTheNearestRegisteredType() {
        assertNull(registry.requestHandler(Integer.class));
        registry.onRequest(Object.class, any);
        assertSame(any, registry.requestHandler(Integer.class).handler());
        registry.onRequest(Serializable.class, serializable);
        assertSame(serializable, registry.requestHandler(Integer.class).handler(), "interfaces before Object");
        registry.onRequest(Number.class, number);
        assertSame(number, registry.requestHandler(Integer.class).handler(), "superclasses before interfaces");
        assertSame(serializable, registry.requestHandler(String.class).handler());
        assertSame(any, registry.requestHandler(Thread.class).handler());
    }

    @Test
    void shouldRefuseASecondHandlerForTheSameType() {
        registry.onRequest(Number.class, number);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> registry.onRequest(Number.class, number));
        assertEquals("a request handler for java.lang.Number is already registered (expected: one handler per type)",
                e.getMessage());
        registry.onMessage(Number.class, (from, m) -> {
        });
    }
}
