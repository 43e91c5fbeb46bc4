package io.raftwire.message;

import io.raftwire.message.log.CloseSessionEntry;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.log.ConfigurationEntry;
import io.raftwire.message.log.InitializeEntry;
import io.raftwire.message.log.KeepAliveEntry;
import io.raftwire.message.log.MetadataEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.log.QueryEntry;
import io.raftwire.message.request.AppendRequest;
import io.raftwire.message.request.CloseSessionRequest;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.ConfigureRequest;
import io.raftwire.message.request.InstallRequest;
import io.raftwire.message.request.JoinRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.LeaveRequest;
import io.raftwire.message.request.MetadataRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.request.PollRequest;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.request.QueryRequest;
import io.raftwire.message.request.ReconfigureRequest;
import io.raftwire.message.request.ResetRequest;
import io.raftwire.message.request.TransferRequest;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.AppendResponse;
import io.raftwire.message.response.CloseSessionResponse;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.ConfigureResponse;
import io.raftwire.message.response.InstallResponse;
import io.raftwire.message.response.JoinResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.LeaveResponse;
import io.raftwire.message.response.MetadataResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.response.PollResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.response.ReconfigureResponse;
import io.raftwire.message.response.TransferResponse;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.message.value.DefaultEventType;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.RaftMember;
import io.raftwire.message.value.SessionMetadata;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The stable wire id of every concrete catalog class: messages, log entries and the value types nested in them.
 * The id travels in the frame header (an unsigned short), so payloads never carry class names.
 *
 * <p><b>This table is a wire contract.</b> It is append-only: never change or reuse an id, never derive one from
 * declaration or registration order (every id is a literal below). A retired id stays reserved forever.
 * Ids {@code 1..}{@value #MAX_RESERVED_ID} are reserved for raftwire; within them, {@code 100..399} are reserved for
 * the Raft-engine (MicroRaft) messages. Users register their own types with ids {@value #FIRST_USER_ID}
 * {@code ..}{@value #MAX_USER_ID} through the serializer SPI's type registry.
 *
 * <p><b>Fourteen types are codec-coverage fixtures, sent by no production path.</b> A raftwire node runs MicroRaft,
 * which replicates and elects with its own model classes (ids {@value #FIRST_ENGINE_ID}..{@value #MAX_ENGINE_ID},
 * registered by {@code raft-node}); its client protocol uses the session requests and responses. No node, server or
 * client sends {@link #APPEND_REQUEST}, {@link #APPEND_RESPONSE}, {@link #POLL_REQUEST}, {@link #POLL_RESPONSE},
 * {@link #VOTE_REQUEST}, {@link #VOTE_RESPONSE}, {@link #INSTALL_REQUEST}, {@link #INSTALL_RESPONSE},
 * {@link #CONFIGURE_REQUEST}, {@link #CONFIGURE_RESPONSE}, {@link #RECONFIGURE_REQUEST}, {@link #RECONFIGURE_RESPONSE},
 * {@link #RESET_REQUEST} or {@link #CONFIGURATION_ENTRY}. They stay registered, under their ids, because the ids are
 * a wire contract and the registry's fingerprint (checked in every handshake) and the providers' golden files cover
 * them: they exercise shapes the running types do not (a 32 KB snapshot chunk, member sets, nested entry lists), so
 * every provider is tested on them. They are not a measure of what a cluster costs: codec targets
 * are set on the message mix a running cluster sends (the {@code benchmarks} module's {@code MixBenchmark}).
 *
 * <p>Enums ({@link io.raftwire.message.value.ReadConsistency}, {@link RaftResponse.Status}, ...) are not listed: they
 * travel by ordinal inside their owner, and their constant order is part of the wire format.
 *
 * <table>
 *   <caption>Wire ids</caption>
 *   <tr><th>id</th><th>constant</th><th>class</th></tr>
 *   <tr><td>1</td><td>{@link OPEN_SESSION_REQUEST}</td><td>{@code OpenSessionRequest}</td></tr>
 *   <tr><td>2</td><td>{@link APPEND_REQUEST}</td><td>{@code AppendRequest}</td></tr>
 *   <tr><td>3</td><td>{@link CLOSE_SESSION_REQUEST}</td><td>{@code CloseSessionRequest}</td></tr>
 *   <tr><td>4</td><td>{@link COMMAND_REQUEST}</td><td>{@code CommandRequest}</td></tr>
 *   <tr><td>5</td><td>{@link CONFIGURE_REQUEST}</td><td>{@code ConfigureRequest}</td></tr>
 *   <tr><td>6</td><td>{@link INSTALL_REQUEST}</td><td>{@code InstallRequest}</td></tr>
 *   <tr><td>7</td><td>{@link JOIN_REQUEST}</td><td>{@code JoinRequest}</td></tr>
 *   <tr><td>8</td><td>{@link KEEP_ALIVE_REQUEST}</td><td>{@code KeepAliveRequest}</td></tr>
 *   <tr><td>9</td><td>{@link LEAVE_REQUEST}</td><td>{@code LeaveRequest}</td></tr>
 *   <tr><td>10</td><td>{@link METADATA_REQUEST}</td><td>{@code MetadataRequest}</td></tr>
 *   <tr><td>11</td><td>{@link POLL_REQUEST}</td><td>{@code PollRequest}</td></tr>
 *   <tr><td>12</td><td>{@link PUBLISH_REQUEST}</td><td>{@code PublishRequest}</td></tr>
 *   <tr><td>13</td><td>{@link QUERY_REQUEST}</td><td>{@code QueryRequest}</td></tr>
 *   <tr><td>14</td><td>{@link RECONFIGURE_REQUEST}</td><td>{@code ReconfigureRequest}</td></tr>
 *   <tr><td>15</td><td>{@link RESET_REQUEST}</td><td>{@code ResetRequest}</td></tr>
 *   <tr><td>16</td><td>{@link TRANSFER_REQUEST}</td><td>{@code TransferRequest}</td></tr>
 *   <tr><td>17</td><td>{@link VOTE_REQUEST}</td><td>{@code VoteRequest}</td></tr>
 *   <tr><td>21</td><td>{@link OPEN_SESSION_RESPONSE}</td><td>{@code OpenSessionResponse}</td></tr>
 *   <tr><td>22</td><td>{@link APPEND_RESPONSE}</td><td>{@code AppendResponse}</td></tr>
 *   <tr><td>23</td><td>{@link CLOSE_SESSION_RESPONSE}</td><td>{@code CloseSessionResponse}</td></tr>
 *   <tr><td>24</td><td>{@link COMMAND_RESPONSE}</td><td>{@code CommandResponse}</td></tr>
 *   <tr><td>25</td><td>{@link CONFIGURE_RESPONSE}</td><td>{@code ConfigureResponse}</td></tr>
 *   <tr><td>26</td><td>{@link INSTALL_RESPONSE}</td><td>{@code InstallResponse}</td></tr>
 *   <tr><td>27</td><td>{@link JOIN_RESPONSE}</td><td>{@code JoinResponse}</td></tr>
 *   <tr><td>28</td><td>{@link KEEP_ALIVE_RESPONSE}</td><td>{@code KeepAliveResponse}</td></tr>
 *   <tr><td>29</td><td>{@link LEAVE_RESPONSE}</td><td>{@code LeaveResponse}</td></tr>
 *   <tr><td>30</td><td>{@link METADATA_RESPONSE}</td><td>{@code MetadataResponse}</td></tr>
 *   <tr><td>31</td><td>{@link POLL_RESPONSE}</td><td>{@code PollResponse}</td></tr>
 *   <tr><td>32</td><td>{@link QUERY_RESPONSE}</td><td>{@code QueryResponse}</td></tr>
 *   <tr><td>33</td><td>{@link RECONFIGURE_RESPONSE}</td><td>{@code ReconfigureResponse}</td></tr>
 *   <tr><td>34</td><td>{@link TRANSFER_RESPONSE}</td><td>{@code TransferResponse}</td></tr>
 *   <tr><td>35</td><td>{@link VOTE_RESPONSE}</td><td>{@code VoteResponse}</td></tr>
 *   <tr><td>41</td><td>{@link INITIALIZE_ENTRY}</td><td>{@code InitializeEntry}</td></tr>
 *   <tr><td>42</td><td>{@link CONFIGURATION_ENTRY}</td><td>{@code ConfigurationEntry}</td></tr>
 *   <tr><td>43</td><td>{@link OPEN_SESSION_ENTRY}</td><td>{@code OpenSessionEntry}</td></tr>
 *   <tr><td>44</td><td>{@link KEEP_ALIVE_ENTRY}</td><td>{@code KeepAliveEntry}</td></tr>
 *   <tr><td>45</td><td>{@link METADATA_ENTRY}</td><td>{@code MetadataEntry}</td></tr>
 *   <tr><td>46</td><td>{@link CLOSE_SESSION_ENTRY}</td><td>{@code CloseSessionEntry}</td></tr>
 *   <tr><td>47</td><td>{@link COMMAND_ENTRY}</td><td>{@code CommandEntry}</td></tr>
 *   <tr><td>48</td><td>{@link QUERY_ENTRY}</td><td>{@code QueryEntry}</td></tr>
 *   <tr><td>61</td><td>{@link MEMBER_ID}</td><td>{@code MemberId}</td></tr>
 *   <tr><td>62</td><td>{@link RAFT_MEMBER}</td><td>{@code RaftMember}</td></tr>
 *   <tr><td>63</td><td>{@link SESSION_METADATA}</td><td>{@code SessionMetadata}</td></tr>
 *   <tr><td>64</td><td>{@link RAFT_ERROR}</td><td>{@code RaftError}</td></tr>
 *   <tr><td>65</td><td>{@link PRIMITIVE_OPERATION}</td><td>{@code PrimitiveOperation}</td></tr>
 *   <tr><td>66</td><td>{@link DEFAULT_OPERATION_ID}</td><td>{@code DefaultOperationId}</td></tr>
 *   <tr><td>67</td><td>{@link PRIMITIVE_EVENT}</td><td>{@code PrimitiveEvent}</td></tr>
 *   <tr><td>68</td><td>{@link DEFAULT_EVENT_TYPE}</td><td>{@code DefaultEventType}</td></tr>
 * </table>
 */
public enum MessageType {

    // Requests: 1..17 (one-way: PUBLISH_REQUEST, RESET_REQUEST).
    OPEN_SESSION_REQUEST(1, OpenSessionRequest.class),
    APPEND_REQUEST(2, AppendRequest.class),
    CLOSE_SESSION_REQUEST(3, CloseSessionRequest.class),
    COMMAND_REQUEST(4, CommandRequest.class),
    CONFIGURE_REQUEST(5, ConfigureRequest.class),
    INSTALL_REQUEST(6, InstallRequest.class),
    JOIN_REQUEST(7, JoinRequest.class),
    KEEP_ALIVE_REQUEST(8, KeepAliveRequest.class),
    LEAVE_REQUEST(9, LeaveRequest.class),
    METADATA_REQUEST(10, MetadataRequest.class),
    POLL_REQUEST(11, PollRequest.class),
    PUBLISH_REQUEST(12, PublishRequest.class),
    QUERY_REQUEST(13, QueryRequest.class),
    RECONFIGURE_REQUEST(14, ReconfigureRequest.class),
    RESET_REQUEST(15, ResetRequest.class),
    TRANSFER_REQUEST(16, TransferRequest.class),
    VOTE_REQUEST(17, VoteRequest.class),

    // Responses: 21..35.
    OPEN_SESSION_RESPONSE(21, OpenSessionResponse.class),
    APPEND_RESPONSE(22, AppendResponse.class),
    CLOSE_SESSION_RESPONSE(23, CloseSessionResponse.class),
    COMMAND_RESPONSE(24, CommandResponse.class),
    CONFIGURE_RESPONSE(25, ConfigureResponse.class),
    INSTALL_RESPONSE(26, InstallResponse.class),
    JOIN_RESPONSE(27, JoinResponse.class),
    KEEP_ALIVE_RESPONSE(28, KeepAliveResponse.class),
    LEAVE_RESPONSE(29, LeaveResponse.class),
    METADATA_RESPONSE(30, MetadataResponse.class),
    POLL_RESPONSE(31, PollResponse.class),
    QUERY_RESPONSE(32, QueryResponse.class),
    RECONFIGURE_RESPONSE(33, ReconfigureResponse.class),
    TRANSFER_RESPONSE(34, TransferResponse.class),
    VOTE_RESPONSE(35, VoteResponse.class),

    // Log entries, nested in AppendRequest.entries: 41..48.
    INITIALIZE_ENTRY(41, InitializeEntry.class),
    CONFIGURATION_ENTRY(42, ConfigurationEntry.class),
    OPEN_SESSION_ENTRY(43, OpenSessionEntry.class),
    KEEP_ALIVE_ENTRY(44, KeepAliveEntry.class),
    METADATA_ENTRY(45, MetadataEntry.class),
    CLOSE_SESSION_ENTRY(46, CloseSessionEntry.class),
    COMMAND_ENTRY(47, CommandEntry.class),
    QUERY_ENTRY(48, QueryEntry.class),

    // Value types, nested in messages and entries: 61..68.
    MEMBER_ID(61, MemberId.class),
    RAFT_MEMBER(62, RaftMember.class),
    SESSION_METADATA(63, SessionMetadata.class),
    RAFT_ERROR(64, RaftError.class),
    PRIMITIVE_OPERATION(65, PrimitiveOperation.class),
    DEFAULT_OPERATION_ID(66, DefaultOperationId.class),
    PRIMITIVE_EVENT(67, PrimitiveEvent.class),
    DEFAULT_EVENT_TYPE(68, DefaultEventType.class);

    /** The highest id reserved for raftwire's own types. */
    public static final int MAX_RESERVED_ID = 1023;
    /** The first id of the range reserved for the Raft engine's own model classes (registered by {@code raft-node}). */
    public static final int FIRST_ENGINE_ID = 100;
    /** The last id of the range reserved for the Raft engine's own model classes. */
    public static final int MAX_ENGINE_ID = 399;
    /** The lowest id available to user-registered types. */
    public static final int FIRST_USER_ID = 1024;
    /** The highest id available to user-registered types (the frame header's type id is an unsigned short). */
    public static final int MAX_USER_ID = 32767;

    private static final MessageType[] BY_ID = new MessageType[MAX_RESERVED_ID + 1];
    private static final Map<Class<?>, MessageType> BY_CLASS = new HashMap<>();

    static {
        for (MessageType type : values()) {
            if (type.id < 1 || type.id > MAX_RESERVED_ID || BY_ID[type.id] != null) {
                throw new IllegalStateException("duplicate or out-of-range id " + type.id + " of " + type);
            }
            BY_ID[type.id] = type;
            BY_CLASS.put(type.javaType, type);
        }
    }

    private final int id;
    private final Class<?> javaType;

    MessageType(int id, Class<?> javaType) {
        this.id = id;
        this.javaType = javaType;
    }

    /** The wire id, in {@code 1..}{@value #MAX_RESERVED_ID}. */
    public int id() {
        return id;
    }

    /** The concrete class this id stands for. */
    public Class<?> javaType() {
        return javaType;
    }

    /**
     * Looks up a type by its wire id.
     *
     * @param id a wire id, as read from a frame header
     * @return the type with that id
     * @throws IllegalArgumentException if no catalog type has that id
     */
    public static MessageType ofId(int id) {
        MessageType type = id >= 0 && id < BY_ID.length ? BY_ID[id] : null;
        if (type == null) {
            throw new IllegalArgumentException("message type id = " + id + " (expected: one of " + validIds() + ")");
        }
        return type;
    }

    /**
     * Looks up the type of a concrete catalog class.
     *
     * @param javaType a class; for an object use {@code of(object.getClass())}
     * @return the type whose {@link #javaType()} is exactly {@code javaType}, or empty (subclasses and interfaces are
     *         not matched)
     */
    public static Optional<MessageType> of(Class<?> javaType) {
        return Optional.ofNullable(BY_CLASS.get(javaType));
    }

    private static String validIds() {
        return Arrays.stream(values()).map(t -> Integer.toString(t.id)).collect(Collectors.joining(", ", "[", "]"));
    }
}
