/**
 * The 17 Raft requests: peer-to-peer replication and elections ({@code AppendRequest}, {@code PollRequest},
 * {@code VoteRequest}, {@code InstallRequest}, {@code ConfigureRequest}, {@code TransferRequest}), membership changes
 * ({@code JoinRequest}, {@code LeaveRequest}, {@code ReconfigureRequest} on the base
 * {@link io.raftwire.message.request.ConfigurationRequest}) and client sessions ({@code OpenSessionRequest},
 * {@code KeepAliveRequest}, and the {@link io.raftwire.message.request.SessionRequest} family: commands, queries,
 * metadata, close, and the one-way {@code PublishRequest} and {@code ResetRequest}).
 *
 * <p>A running node sends the client-session requests, {@code JoinRequest}, {@code LeaveRequest} and
 * {@code TransferRequest}. {@code AppendRequest}, {@code PollRequest}, {@code VoteRequest}, {@code InstallRequest},
 * {@code ConfigureRequest}, {@code ReconfigureRequest} and {@code ResetRequest} are codec-coverage fixtures that no
 * production path sends (see {@link io.raftwire.message.MessageType}).
 *
 * <p>Every class is immutable, follows the catalog contract of {@link io.raftwire.message} and has a wire id in
 * {@link io.raftwire.message.MessageType}. Depends on {@link io.raftwire.message}, {@link io.raftwire.message.value}
 * and {@link io.raftwire.message.log} only.
 */
package io.raftwire.message.request;
