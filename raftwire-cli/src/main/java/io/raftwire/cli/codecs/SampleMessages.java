package io.raftwire.cli.codecs;

import io.raftwire.message.MessageType;
import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.log.CloseSessionEntry;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.log.ConfigurationEntry;
import io.raftwire.message.log.InitializeEntry;
import io.raftwire.message.log.KeepAliveEntry;
import io.raftwire.message.log.MetadataEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.log.QueryEntry;
import io.raftwire.message.log.RaftLogEntry;
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
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.message.value.SessionMetadata;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Representative instances of every catalog type for {@code raftwire codecs}, built in main code so the program needs
 * no test-jar. They follow the data shapes of the reference article's benchmark (docs/library-behaviour.md
 * §4.3), so that its pre-registered Kryo sizes are a fair yardstick: UUID strings for ids and names, 65-byte
 * configs and event payloads, a 15-entry AppendRequest, a 31,500-byte all-zero snapshot chunk, 1 KiB operation
 * results, three-member lists, OK responses that still carry an error, small request numbers (below 100,000) and
 * full-width response numbers (the worst case for varints).
 *
 * <p>Deterministic: equal seeds give equal messages. Instances are immutable; the factory is not thread-safe (one
 * random stream), which the single-threaded command does not need.
 */
public final class SampleMessages {

    /** The reference benchmark's 32-message set in its order: 17 requests, then 15 responses. */
    public static final List<MessageType> MESSAGE_SET = List.of(
            MessageType.OPEN_SESSION_REQUEST, MessageType.APPEND_REQUEST, MessageType.CLOSE_SESSION_REQUEST,
            MessageType.COMMAND_REQUEST, MessageType.CONFIGURE_REQUEST, MessageType.INSTALL_REQUEST,
            MessageType.JOIN_REQUEST, MessageType.KEEP_ALIVE_REQUEST, MessageType.LEAVE_REQUEST,
            MessageType.METADATA_REQUEST, MessageType.POLL_REQUEST, MessageType.PUBLISH_REQUEST,
            MessageType.QUERY_REQUEST, MessageType.RECONFIGURE_REQUEST, MessageType.RESET_REQUEST,
            MessageType.TRANSFER_REQUEST, MessageType.VOTE_REQUEST, MessageType.OPEN_SESSION_RESPONSE,
            MessageType.APPEND_RESPONSE, MessageType.CLOSE_SESSION_RESPONSE, MessageType.COMMAND_RESPONSE,
            MessageType.CONFIGURE_RESPONSE, MessageType.INSTALL_RESPONSE, MessageType.JOIN_RESPONSE,
            MessageType.KEEP_ALIVE_RESPONSE, MessageType.LEAVE_RESPONSE, MessageType.METADATA_RESPONSE,
            MessageType.POLL_RESPONSE, MessageType.QUERY_RESPONSE, MessageType.RECONFIGURE_RESPONSE,
            MessageType.TRANSFER_RESPONSE, MessageType.VOTE_RESPONSE);

    /** Snapshot chunk size of the reference's InstallRequest. */
    static final int CHUNK_BYTES = 31_500;
    /** Operation result size of the reference's command and query responses. */
    static final int RESULT_BYTES = 1024;
    private static final RaftError ERROR = new RaftError(RaftError.Type.COMMAND_FAILURE, "here is an error!!", null);

    private final SplittableRandom random;

    /**
     * @param seed every random choice derives from it
     */
    public SampleMessages(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** The {@link #MESSAGE_SET} as new instances, in its order. */
    public List<Object> messageSet() {
        List<Object> set = new ArrayList<>(MESSAGE_SET.size());
        for (MessageType type : MESSAGE_SET) {
            set.add(sample(type));
        }
        return set;
    }

    /** A new representative instance of {@code type}. */
    public Object sample(MessageType type) {
        return switch (type) {
            case OPEN_SESSION_REQUEST -> {
                long min = below(50_000);
                yield new OpenSessionRequest(memberId(), uuid(), uuid(), text("this is a test service config"),
                        ReadConsistency.LINEARIZABLE, min, min + below(50_000));
            }
            case APPEND_REQUEST -> new AppendRequest(small(), memberId(), small(), small(), appendEntries(), small());
            case CLOSE_SESSION_REQUEST -> new CloseSessionRequest(small(), random.nextBoolean());
            case COMMAND_REQUEST -> new CommandRequest(small(), small(), command(1));
            case CONFIGURE_REQUEST -> new ConfigureRequest(small(), memberId(), small(), small(), members(false));
            case INSTALL_REQUEST -> new InstallRequest(small(), memberId(), small(), small(), (int) below(100_000),
                    (int) below(100_000), new byte[CHUNK_BYTES], true);
            case JOIN_REQUEST -> new JoinRequest(member(small()));
            case KEEP_ALIVE_REQUEST -> new KeepAliveRequest(longs(false), longs(false), longs(false));
            case LEAVE_REQUEST -> new LeaveRequest(member(small()));
            case METADATA_REQUEST -> new MetadataRequest(small());
            case POLL_REQUEST -> new PollRequest(small(), memberId(), small(), small());
            case PUBLISH_REQUEST -> new PublishRequest(small(), small(), small(),
                    List.of(event(), event(), event(), event()));
            case QUERY_REQUEST -> new QueryRequest(small(), small(), query(1), small());
            case RECONFIGURE_REQUEST -> new ReconfigureRequest(member(small()), small(), small());
            case RESET_REQUEST -> new ResetRequest(small(), small());
            case TRANSFER_REQUEST -> new TransferRequest(memberId());
            case VOTE_REQUEST -> new VoteRequest(small(), memberId(), small(), small());
            case OPEN_SESSION_RESPONSE -> new OpenSessionResponse(Status.OK, ERROR, full(), full());
            case APPEND_RESPONSE -> new AppendResponse(Status.OK, ERROR, full(), random.nextBoolean(), full());
            case CLOSE_SESSION_RESPONSE -> new CloseSessionResponse(Status.OK, ERROR);
            case COMMAND_RESPONSE -> new CommandResponse(Status.OK, ERROR, full(), full(), result(), full());
            case CONFIGURE_RESPONSE -> new ConfigureResponse(Status.OK, ERROR);
            case INSTALL_RESPONSE -> new InstallResponse(Status.OK, ERROR);
            case JOIN_RESPONSE -> new JoinResponse(Status.OK, ERROR, full(), full(), full(), members(true));
            case KEEP_ALIVE_RESPONSE -> new KeepAliveResponse(Status.OK, ERROR, memberId(),
                    List.of(memberId(), memberId(), memberId()), longs(true));
            case LEAVE_RESPONSE -> new LeaveResponse(Status.OK, ERROR, full(), full(), full(), members(true));
            case METADATA_RESPONSE -> new MetadataResponse(Status.OK, ERROR, sessions());
            case POLL_RESPONSE -> new PollResponse(Status.OK, ERROR, full(), random.nextBoolean());
            case QUERY_RESPONSE -> new QueryResponse(Status.OK, ERROR, full(), full(), result(), full());
            case RECONFIGURE_RESPONSE -> new ReconfigureResponse(Status.OK, ERROR, full(), full(), full(),
                    members(true));
            case TRANSFER_RESPONSE -> new TransferResponse(Status.OK, ERROR);
            case VOTE_RESPONSE -> new VoteResponse(Status.OK, ERROR, full(), random.nextBoolean());
            case INITIALIZE_ENTRY -> new InitializeEntry(small(), small());
            case CONFIGURATION_ENTRY -> new ConfigurationEntry(small(), small(), members(false));
            case OPEN_SESSION_ENTRY -> openSessionEntry();
            case KEEP_ALIVE_ENTRY -> new KeepAliveEntry(small(), small(), longs(false), longs(false), longs(false));
            case METADATA_ENTRY -> new MetadataEntry(small(), small(), small());
            case CLOSE_SESSION_ENTRY -> new CloseSessionEntry(small(), small(), small(), true, false);
            case COMMAND_ENTRY -> new CommandEntry(small(), small(), small(), small(), command(1));
            case QUERY_ENTRY -> new QueryEntry(small(), small(), small(), small(), query(1));
            case MEMBER_ID -> memberId();
            case RAFT_MEMBER -> member(small());
            case SESSION_METADATA -> new SessionMetadata(small(), uuid(), uuid());
            case RAFT_ERROR -> ERROR;
            case PRIMITIVE_OPERATION -> command(1);
            case DEFAULT_OPERATION_ID -> DefaultOperationId.command("command" + uuid());
            case PRIMITIVE_EVENT -> event();
            case DEFAULT_EVENT_TYPE -> new DefaultEventType(uuid());
        };
    }

    /** The reference's 15 entries: session open, keep-alive, configuration, metadata, configuration, initialize,
     * four commands, four queries, session close. */
    private List<RaftLogEntry> appendEntries() {
        List<RaftMember> members = members(false);
        List<RaftLogEntry> entries = new ArrayList<>(15);
        entries.add(openSessionEntry());
        entries.add(new KeepAliveEntry(small(), small(), longs(false), longs(false), longs(false)));
        entries.add(new ConfigurationEntry(small(), small(), members));
        entries.add(new MetadataEntry(small(), small(), small()));
        entries.add(new ConfigurationEntry(small(), small(), members));
        entries.add(new InitializeEntry(small(), small()));
        for (int i = 1; i <= 4; i++) {
            entries.add(new CommandEntry(small(), small(), small(), small(), command(i)));
        }
        for (int i = 1; i <= 4; i++) {
            entries.add(new QueryEntry(small(), small(), small(), small(), query(i)));
        }
        entries.add(new CloseSessionEntry(small(), small(), small(), true, false));
        return entries;
    }

    private OpenSessionEntry openSessionEntry() {
        long min = below(500);
        return new OpenSessionEntry(0, small(), memberId(), uuid(), uuid(), text("this is a test service config"),
                ReadConsistency.LINEARIZABLE, min, min + below(999_500));
    }

    private Set<SessionMetadata> sessions() {
        Set<SessionMetadata> sessions = new LinkedHashSet<>();
        while (sessions.size() < 5) {
            sessions.add(new SessionMetadata(full(), uuid(), uuid()));
        }
        return sessions;
    }

    private PrimitiveOperation command(int n) {
        return new PrimitiveOperation(DefaultOperationId.command("command" + uuid()), text("this is test command" + n));
    }

    private PrimitiveOperation query(int n) {
        return new PrimitiveOperation(DefaultOperationId.query("query" + uuid()), text("this is test query" + n));
    }

    private PrimitiveEvent event() {
        return new PrimitiveEvent(new DefaultEventType(uuid()), text("this is a test event payload!"));
    }

    private List<RaftMember> members(boolean fullWidth) {
        return List.of(member(fullWidth ? full() : small()), member(fullWidth ? full() : small()),
                member(fullWidth ? full() : small()));
    }

    private RaftMember member(long updated) {
        return new RaftMember(memberId(), RaftMember.Type.ACTIVE, updated);
    }

    private MemberId memberId() {
        return new MemberId(uuid());
    }

    private long[] longs(boolean fullWidth) {
        long[] values = new long[4];
        for (int i = 0; i < values.length; i++) {
            values[i] = fullWidth ? full() : small();
        }
        return values;
    }

    private static byte[] result() {
        byte[] result = new byte[RESULT_BYTES];
        Arrays.fill(result, (byte) 2);
        return result;
    }

    private byte[] text(String prefix) {
        return (prefix + uuid()).getBytes(StandardCharsets.UTF_8);
    }

    private String uuid() {
        return new UUID((random.nextLong() & ~0xF000L) | 0x4000L,
                (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L).toString();
    }

    /** A request-style number, below 100,000. */
    private long small() {
        return random.nextInt(100_000);
    }

    /** A response-style number: full width, non-negative. */
    private long full() {
        return random.nextLong() & Long.MAX_VALUE;
    }

    private long below(int bound) {
        return random.nextInt(bound);
    }
}
