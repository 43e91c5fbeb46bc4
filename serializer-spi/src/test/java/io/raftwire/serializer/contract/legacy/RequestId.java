package io.raftwire.serializer.contract.legacy;

/** A request id: a boxed number in a generic base. */
public final class RequestId extends Id<Long> {

    private static final long serialVersionUID = 1L;

    public RequestId(long id) {
        super(id);
    }
}
