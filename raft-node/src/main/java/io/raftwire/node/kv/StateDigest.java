package io.raftwire.node.kv;

import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.session.CachedResult;
import io.raftwire.node.session.SessionEvents;
import io.raftwire.node.session.SessionRecord;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A 64-bit digest of a state machine's replicated state, computed over a canonical form that no serializer takes part
 * in: two members have equal digests iff (barring a SHA-256 collision) their sessions, cached results, clock, keys,
 * sessions' event state and watches are equal. Not thread-safe; one instance per digest.
 */
final class StateDigest {

    private final MessageDigest sha;

    StateDigest() {
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
        text("raftwire-kv-state-v1");
    }

    StateDigest session(SessionRecord r) {
        number(r.id());
        text(r.member().id());
        text(r.serviceName());
        text(r.serviceType());
        number(r.readConsistency().ordinal());
        number(r.timeout());
        number(r.lastActive());
        number(r.lastSequence());
        return number(r.acknowledgedSequence());
    }

    StateDigest result(CachedResult c) {
        number(c.session());
        number(c.sequence());
        CommandResponse r = c.response();
        number(r.status().ordinal());
        RaftError error = r.error();
        number(error == null ? -1 : error.type().ordinal());
        text(error == null ? null : error.message());
        number(r.index());
        number(r.eventIndex());
        bytes(r.result());
        return number(r.lastSequence());
    }

    StateDigest entry(KvEntry e) {
        text(e.key());
        bytes(e.valueNoCopy());
        return number(e.version());
    }

    StateDigest events(SessionEvents e) {
        number(e.session());
        number(e.eventIndex());
        number(e.acknowledgedIndex());
        number(e.pending().size());
        for (PublishRequest p : e.pending()) {
            number(p.eventIndex());
            number(p.previousIndex());
            number(p.events().size());
            for (PrimitiveEvent event : p.events()) {
                text(event.type().id());
                bytes(event.value());
            }
        }
        return this;
    }

    StateDigest watch(KvWatchRecord w) {
        number(w.session());
        text(w.key());
        number(w.prefix() ? 1 : 0);
        text(w.serializer());
        return this;
    }

    StateDigest number(long v) {
        for (int shift = 56; shift >= 0; shift -= 8) {
            sha.update((byte) (v >>> shift));
        }
        return this;
    }

    long value() {
        byte[] d = sha.digest();
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (d[i] & 0xFF);
        }
        return v;
    }

    private void text(String s) {
        if (s == null) {
            number(-1);
        } else {
            bytes(s.getBytes(StandardCharsets.UTF_8));
        }
    }

    private void bytes(byte[] b) {
        number(b.length);
        sha.update(b);
    }
}
