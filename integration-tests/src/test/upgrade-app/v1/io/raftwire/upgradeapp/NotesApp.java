package io.raftwire.upgradeapp;

import io.microraft.statemachine.StateMachine;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.KvNodes;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.upgrade.UpgradeApp;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/** Version 1 of the notes store, as the upgrade test sees it. */
public final class NotesApp implements UpgradeApp {

    @Override
    public int version() {
        return 1;
    }

    @Override
    public TypeRegistry registry() {
        return KvNodes.registry(b -> b.register(1024, Put.class).register(1025, Get.class)
                .register(1026, NoteResult.class).register(1027, Note.class).register(1028, Notes.class));
    }

    @Override
    public StateMachine stateMachine(RaftwireConfig config, TypeRegistry registry) {
        return new NotesMachine(KvNodes.codecs(config, registry));
    }

    @Override
    public Object put(String key, String value, String tag) {
        if (tag != null) {
            throw new UnsupportedOperationException("version 1 has no tags (expected: tag null)");
        }
        return new Put(key, value);
    }

    @Override
    public Object append(String key, String suffix) {
        throw new UnsupportedOperationException("version 1 has no Append command");
    }

    @Override
    public Object get(String key) {
        return new Get(key);
    }

    @Override
    public Class<?> resultType() {
        return NoteResult.class;
    }

    @Override
    public Reply reply(Object result) {
        NoteResult r = (NoteResult) result;
        return new Reply(r.value(), r.previous(), null);
    }

    @Override
    public List<Object> samples() {
        return List.of(new Put("k", "v"), new Get("k"), new NoteResult("v", null),
                new Note("k", "v"), new Notes(List.of(new Note("a", "1"), new Note("b", "2"))));
    }

    @Override
    public int featureLevel(StateMachine stateMachine) {
        return ((NotesMachine) stateMachine).featureLevel();
    }

    @Override
    public List<Integer> levelsTold(StateMachine stateMachine) {
        return List.copyOf(((NotesMachine) stateMachine).levelsTold);
    }

    @Override
    public SortedMap<String, Reply> notes(StateMachine stateMachine) {
        SortedMap<String, Reply> out = new TreeMap<>();
        ((NotesMachine) stateMachine).notes.forEach((k, n) -> out.put(k, new Reply(n.value(), null, null)));
        return out;
    }
}
