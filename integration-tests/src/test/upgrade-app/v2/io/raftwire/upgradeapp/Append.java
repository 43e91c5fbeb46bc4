package io.raftwire.upgradeapp;

/** Appends to a note (a missing one counts as empty) and keeps its tag. New in version 2. */
public record Append(String key, String suffix) implements NoteOp {
}
