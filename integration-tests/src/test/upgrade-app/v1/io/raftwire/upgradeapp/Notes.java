package io.raftwire.upgradeapp;

import java.util.List;

/** The whole state, as a snapshot holds it: the notes in key order. */
public record Notes(List<Note> notes) {
}
