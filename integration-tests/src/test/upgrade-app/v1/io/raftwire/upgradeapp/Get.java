package io.raftwire.upgradeapp;

/** Reads a note. */
public record Get(String key) implements NoteOp {
}
