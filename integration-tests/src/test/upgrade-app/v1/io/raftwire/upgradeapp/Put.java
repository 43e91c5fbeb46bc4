package io.raftwire.upgradeapp;

/** Sets a note. Version 1: no tag. */
public record Put(String key, String value) implements NoteOp {
}
