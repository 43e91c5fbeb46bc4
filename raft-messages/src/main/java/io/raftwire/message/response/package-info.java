/**
 * The 15 Raft responses, one per two-way request of {@link io.raftwire.message.request}, on the base
 * {@link io.raftwire.message.response.AbstractRaftResponse} (status and error), with the families
 * {@link io.raftwire.message.response.SessionResponse} (client sessions and their operations) and
 * {@link io.raftwire.message.response.ConfigurationResponse} (membership changes).
 *
 * <p>The answers to the requests no production path sends ({@code AppendResponse}, {@code PollResponse},
 * {@code VoteResponse}, {@code InstallResponse}, {@code ConfigureResponse}, {@code ReconfigureResponse}) are
 * codec-coverage fixtures too (see {@link io.raftwire.message.MessageType}).
 *
 * <p>A remote logical failure is a response with {@link io.raftwire.message.RaftResponse.Status#ERROR} and a
 * {@link io.raftwire.message.value.RaftError}, never an exception. Every class is immutable, follows the catalog
 * contract of {@link io.raftwire.message} and has a wire id in {@link io.raftwire.message.MessageType}. Depends on
 * {@link io.raftwire.message} and {@link io.raftwire.message.value} only.
 */
package io.raftwire.message.response;
