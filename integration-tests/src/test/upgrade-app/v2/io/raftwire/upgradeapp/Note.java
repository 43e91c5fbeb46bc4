package io.raftwire.upgradeapp;

/** One note of the state. Version 2: with its tag (null: none). */
public record Note(String key, String value, String tag) {
}
