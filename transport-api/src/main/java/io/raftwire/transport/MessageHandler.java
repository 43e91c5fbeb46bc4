package io.raftwire.transport;

/**
 * Receives one-way messages of one type (see {@link Transport#onMessage}).
 *
 * <p>Runs on the executor given at registration, or on a transport I/O thread if none was given: in that case it must
 * not block. An exception is logged and counted; the sender is not told.
 *
 * @param <M> the message type
 */
@FunctionalInterface
public interface MessageHandler<M> {

    /**
     * Handles one message.
     *
     * @param from    the member id of the sender, as authenticated at handshake (with TLS: the member its
     *                certificate names; see {@link Transport} "Who is {@code from}")
     * @param message the decoded message; never {@code null}
     */
    void handle(String from, M message);
}
