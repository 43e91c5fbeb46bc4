package io.raftwire.transport;

import java.util.concurrent.CompletionStage;

/**
 * Answers requests of one type and is told who sent each one, role included (see
 * {@link Transport#onCallerRequest}). The same threading and failure rules as {@link RequestHandler} apply.
 *
 * @param <Q> the request type
 */
@FunctionalInterface
public interface CallerRequestHandler<Q> {

    /**
     * Handles one request.
     *
     * @param caller  who sent it, as authenticated at the handshake of its connection
     * @param request the decoded request; never {@code null}
     * @return the response, or a stage failed with the reason (as {@link RequestHandler#handle})
     */
    CompletionStage<?> handle(Caller caller, Q request);
}
