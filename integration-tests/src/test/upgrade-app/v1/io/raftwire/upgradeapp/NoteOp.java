package io.raftwire.upgradeapp;

/** An operation of the notes store: a command or a query on one key. */
public interface NoteOp {

    /** The key it reads or writes. */
    String key();
}
