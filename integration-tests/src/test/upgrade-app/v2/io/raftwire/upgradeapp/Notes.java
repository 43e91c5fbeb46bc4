package io.raftwire.upgradeapp;

import java.util.List;
import java.util.SortedMap;

/**
 * The whole state, as a snapshot holds it: the notes in key order and, new in version 2, the tags by key (a component
 * added to the snapshot's own type: a snapshot written at level 1 reads here with no tags, and one written for level
 * 1 leaves them out). {@link Note} itself is unchanged: a changed type nested in another is not read across levels
 * by every provider yet.
 */
public record Notes(List<Note> notes, SortedMap<String, String> tags) {
}
