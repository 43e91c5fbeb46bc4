package io.raftwire.upgradeapp;

import io.raftwire.node.app.ReplicatedStateMachine;
import io.raftwire.node.kv.OperationCodec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** The notes store, version 1. */
public final class NotesMachine extends ReplicatedStateMachine<NoteOp, NoteResult> {

    final TreeMap<String, Note> notes = new TreeMap<>();
    /** The levels this member was told of, in order; written on the Raft thread, read by the test on any. */
    final List<Integer> levelsTold = new CopyOnWriteArrayList<>();

    public NotesMachine(Collection<OperationCodec> codecs) {
        super(NoteOp.class, codecs);
    }

    @Override
    protected NoteResult apply(NoteOp op) {
        if (op instanceof Put p) {
            Note before = notes.put(p.key(), new Note(p.key(), p.value()));
            return new NoteResult(p.value(), before == null ? null : before.value());
        }
        throw new IllegalArgumentException(op.getClass().getSimpleName() + " is not a command (expected: Put)");
    }

    @Override
    protected NoteResult query(NoteOp op) {
        if (op instanceof Get g) {
            Note n = notes.get(g.key());
            return new NoteResult(n == null ? null : n.value(), null);
        }
        throw new IllegalArgumentException(op.getClass().getSimpleName() + " is not a query (expected: Get)");
    }

    @Override
    protected void onFeatureLevel(int level) {
        levelsTold.add(level);
    }

    @Override
    protected Object snapshot() {
        return new Notes(List.copyOf(notes.values()));
    }

    @Override
    protected void restore(Object snapshot) {
        if (!(snapshot instanceof Notes s)) {
            throw new IllegalArgumentException("snapshot is " + snapshot.getClass().getName() + " (expected: Notes)");
        }
        notes.clear();
        for (Note n : new ArrayList<>(s.notes())) {
            notes.put(n.key(), n);
        }
    }
}
