package io.raftwire.transport;

import java.util.concurrent.CompletionStage;

/**
 * Answers requests of one type (see {@link Transport#onRequest}). A handler that must know the sender's role as well
 * as its id is a {@link CallerRequestHandler} instead.
 *
 * <p>Runs on the executor given at registration, or on a transport I/O thread if none was given: in that case it must
 * not block. Return a stage that completes later for slow work.
 *
 * @param <Q> the request type
 */
@FunctionalInterface
public interface RequestHandler<Q> {

    /**
     * Handles one request.
     *
     * @param from    the member id of the sender, as authenticated at handshake (with TLS: the member its
     *                certificate names; see {@link Transport} "Who is {@code from}")
     * @param request the decoded request; never {@code null}
     * @return the response (any registered type), or a stage failed with the reason; the sender's future fails with
     *         {@link TransportException.Reason#HANDLER_FAILED} if the stage fails, the handler throws or returns
     *         {@code null}
     */
    CompletionStage<?> handle(String from, Q request);
}
