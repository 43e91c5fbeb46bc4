package io.raftwire.upgradeapp;

/** Sets a note. Version 2: with a tag (null: none), a component added at the end. */
public record Put(String key, String value, String tag) implements NoteOp {
}
