package io.raftwire.upgradeapp;

/** What an operation did: the key's value after it and before it (null: missing), and its tag. Version 2. */
public record NoteResult(String value, String previous, String tag) {
}
