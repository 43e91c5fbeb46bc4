package io.raftwire.upgradeapp;

/** One note of the state; the same in version 2 (its tag is kept beside it, in {@link Notes#tags()}). */
public record Note(String key, String value) {
}
