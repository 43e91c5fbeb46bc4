package io.raftwire.upgradeapp;

/** What an operation did: the key's value after it and before it (null: missing). Version 1: no tag. */
public record NoteResult(String value, String previous) {
}
