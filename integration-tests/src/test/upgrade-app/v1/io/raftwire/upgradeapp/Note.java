package io.raftwire.upgradeapp;

/** One note of the state. Version 1: no tag. */
public record Note(String key, String value) {
}
