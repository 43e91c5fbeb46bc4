package io.raftwire.bench.handwritten;

import io.raftwire.message.log.KeepAliveEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.request.InstallRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.OperationResponse;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.message.value.PrimitiveOperation;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Reads the array fields of catalog classes without the defensive copy their accessors make. The catalog's
 * {@code data()}, {@code value()}, {@code sessionIds()} ... return clones (an allocation per call); a serializer only
 * reads the array, so the hand codec takes the field itself. The handles are {@code static final}, which lets the JIT
 * fold each {@code get} into a plain field load: this is the practical limit a library could reach with generated
 * accessors.
 *
 * <p>The arrays returned here are the messages' own: callers must never modify them.
 */
final class ArrayFields {

    private static final VarHandle INSTALL_DATA = field(InstallRequest.class, "data", byte[].class);
    private static final VarHandle OPEN_SESSION_CONFIG = field(OpenSessionRequest.class, "config", byte[].class);
    private static final VarHandle KEEP_ALIVE_SESSIONS = field(KeepAliveRequest.class, "sessionIds", long[].class);
    private static final VarHandle KEEP_ALIVE_SEQUENCES =
            field(KeepAliveRequest.class, "commandSequences", long[].class);
    private static final VarHandle KEEP_ALIVE_EVENTS = field(KeepAliveRequest.class, "eventIndexes", long[].class);
    private static final VarHandle OPERATION_RESULT = field(OperationResponse.class, "result", byte[].class);
    private static final VarHandle KEEP_ALIVE_RESPONSE_SESSIONS =
            field(KeepAliveResponse.class, "sessionIds", long[].class);
    private static final VarHandle ENTRY_SESSIONS = field(KeepAliveEntry.class, "sessionIds", long[].class);
    private static final VarHandle ENTRY_SEQUENCES = field(KeepAliveEntry.class, "commandSequences", long[].class);
    private static final VarHandle ENTRY_EVENTS = field(KeepAliveEntry.class, "eventIndexes", long[].class);
    private static final VarHandle ENTRY_SERVICE_CONFIG =
            field(OpenSessionEntry.class, "serviceConfig", byte[].class);
    private static final VarHandle OPERATION_VALUE = field(PrimitiveOperation.class, "value", byte[].class);
    private static final VarHandle EVENT_VALUE = field(PrimitiveEvent.class, "value", byte[].class);

    private ArrayFields() {
    }

    static byte[] data(InstallRequest m) {
        return (byte[]) INSTALL_DATA.get(m);
    }

    static byte[] config(OpenSessionRequest m) {
        return (byte[]) OPEN_SESSION_CONFIG.get(m);
    }

    static long[] sessionIds(KeepAliveRequest m) {
        return (long[]) KEEP_ALIVE_SESSIONS.get(m);
    }

    static long[] commandSequences(KeepAliveRequest m) {
        return (long[]) KEEP_ALIVE_SEQUENCES.get(m);
    }

    static long[] eventIndexes(KeepAliveRequest m) {
        return (long[]) KEEP_ALIVE_EVENTS.get(m);
    }

    static byte[] result(OperationResponse m) {
        return (byte[]) OPERATION_RESULT.get(m);
    }

    static long[] sessionIds(KeepAliveResponse m) {
        return (long[]) KEEP_ALIVE_RESPONSE_SESSIONS.get(m);
    }

    static long[] sessionIds(KeepAliveEntry m) {
        return (long[]) ENTRY_SESSIONS.get(m);
    }

    static long[] commandSequences(KeepAliveEntry m) {
        return (long[]) ENTRY_SEQUENCES.get(m);
    }

    static long[] eventIndexes(KeepAliveEntry m) {
        return (long[]) ENTRY_EVENTS.get(m);
    }

    static byte[] serviceConfig(OpenSessionEntry m) {
        return (byte[]) ENTRY_SERVICE_CONFIG.get(m);
    }

    static byte[] value(PrimitiveOperation m) {
        return (byte[]) OPERATION_VALUE.get(m);
    }

    static byte[] value(PrimitiveEvent m) {
        return (byte[]) EVENT_VALUE.get(m);
    }

    private static VarHandle field(Class<?> owner, String name, Class<?> type) {
        try {
            return MethodHandles.privateLookupIn(owner, MethodHandles.lookup()).findVarHandle(owner, name, type);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("field " + owner.getSimpleName() + '.' + name + " (expected: a "
                    + type.getSimpleName() + " field; the catalog changed, update the hand codec)", e);
        }
    }
}
