package io.raftwire.serializer.schema;

import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.Shape;
import io.raftwire.serializer.model.TypeModel;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntPredicate;

/**
 * A registry's schema lock: the tag of every component of every registered type and the wire number of every enum
 * constant, pinned once and changed only deliberately. It is a text file committed with the application (format:
 * serializer-spi's README, "Schema lock"; {@link #RESOURCE} is where an application keeps its own), written with
 * {@link #write} and checked at registration when the registry is built with {@code TypeRegistry.Builder.lock}.
 *
 * <p>Components are matched to the lock by name, or by {@link io.raftwire.serializer.WireTag} where a component has
 * one ({@link #reconcile}): a new name takes the next unused tag, a name no longer present is a removal whose tag is
 * retired and never given again, a reorder of declarations changes nothing, and a rename without {@code @WireTag} is
 * a removal and an addition, reported naming both names and the fix.
 *
 * <p>Immutable and thread-safe.
 */
public final class SchemaLock {

    /** Where an application's lock is kept on its class path, by convention. */
    public static final String RESOURCE = "META-INF/raftwire/schema.lock";

    /** The lock of no type: reconciling against it gives every type a first lock's tags. */
    public static final SchemaLock EMPTY = new SchemaLock(new TreeMap<>(), new TreeMap<>(), new TreeMap<>());

    private final SortedMap<Integer, LockedType> types;
    private final SortedMap<String, LockedEnum> enums;
    private final SortedMap<Integer, String> retiredTypes;

    SchemaLock(SortedMap<Integer, LockedType> types, SortedMap<String, LockedEnum> enums,
            SortedMap<Integer, String> retiredTypes) {
        this.types = Collections.unmodifiableSortedMap(new TreeMap<>(types));
        this.enums = Collections.unmodifiableSortedMap(new TreeMap<>(enums));
        this.retiredTypes = Collections.unmodifiableSortedMap(new TreeMap<>(retiredTypes));
        for (Integer id : retiredTypes.keySet()) {
            if (types.containsKey(id)) {
                throw new IllegalArgumentException("type " + id + " is both locked and retired (expected: one of"
                        + " them)");
            }
        }
    }

    /**
     * One locked type.
     *
     * @param id           the type id
     * @param className    the class registered under it when the lock was written
     * @param fieldByField whether it was built field by field
     * @param fields       its components in increasing tag
     * @param retired      the tags of removed components, never given again
     */
    public record LockedType(int id, String className, boolean fieldByField, List<LockedField> fields,
            SortedSet<Integer> retired) {

        /** @throws IllegalArgumentException naming a tag or name given twice, or a retired tag in use */
        public LockedType {
            fields = fields.stream().sorted(Comparator.comparingInt(LockedField::tag)).toList();
            retired = Collections.unmodifiableSortedSet(new TreeSet<>(retired));
            new TypeSchema(id, className, fieldByField, fields.stream()
                    .map(f -> new FieldSchema(f.tag(), f.name(), f.walked(), f.shape())).toList());
            for (LockedField f : fields) {
                if (retired.contains(f.tag())) {
                    throw new IllegalArgumentException("type " + id + " gives retired tag " + f.tag() + " to "
                            + f.name() + " (expected: a retired tag is never given again)");
                }
            }
        }

        /** The component locked under this name, or null. */
        public LockedField byName(String name) {
            return fields.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
        }

        /** The component locked under this tag, or null. */
        public LockedField byTag(int tag) {
            return fields.stream().filter(f -> f.tag() == tag).findFirst().orElse(null);
        }

        /** The highest tag ever given in this type, retired ones included; 0 if none. */
        int highestTag() {
            int max = retired.isEmpty() ? 0 : retired.last();
            for (LockedField f : fields) {
                max = Math.max(max, f.tag());
            }
            return max;
        }
    }

    /**
     * One locked component.
     *
     * @param tag    its tag
     * @param name   its name when the lock was written
     * @param walked whether it is written through the shared walk
     * @param shape  its shape; enum constants are not in it (the lock lists them once per enum)
     */
    public record LockedField(int tag, String name, boolean walked, ShapeSchema shape) {
    }

    /**
     * One locked enum.
     *
     * @param className the enum class
     * @param constants its constants in increasing wire number
     * @param retired   the wire numbers of removed constants, never given again
     */
    public record LockedEnum(String className, List<EnumConstant> constants, SortedSet<Integer> retired) {

        /** @throws IllegalArgumentException naming a constant or wire number given twice */
        public LockedEnum {
            constants = List.copyOf(constants);
            retired = Collections.unmodifiableSortedSet(new TreeSet<>(retired));
            new ShapeSchema(Kind.ENUM, true, null, className, 0, constants, null, null);
            for (EnumConstant c : constants) {
                if (retired.contains(c.wire())) {
                    throw new IllegalArgumentException("enum " + className + " gives retired wire number " + c.wire()
                            + " to " + c.name() + " (expected: a retired number is never given again)");
                }
            }
        }

        int highestWire() {
            int max = retired.isEmpty() ? -1 : retired.last();
            for (EnumConstant c : constants) {
                max = Math.max(max, c.wire());
            }
            return max;
        }
    }

    /** Every locked type by id. */
    public SortedMap<Integer, LockedType> types() {
        return types;
    }

    /** Every locked enum by class name. */
    public SortedMap<String, LockedEnum> enums() {
        return enums;
    }

    /** Ids of removed types, with the class they had, never given again. */
    public SortedMap<Integer, String> retiredTypes() {
        return retiredTypes;
    }

    /** The constants locked for an enum class, in increasing wire number; empty if it is not locked. */
    List<EnumConstant> constants(String enumClass) {
        LockedEnum e = enums.get(enumClass);
        return e == null ? List.of() : e.constants();
    }

    /**
     * Parses a lock file's text.
     *
     * @throws IllegalArgumentException naming the line and what was wrong with it
     */
    public static SchemaLock parse(String text) {
        return LockText.parse(text);
    }

    /**
     * Reads a lock from a class-path resource.
     *
     * @param loader   the class loader to look in
     * @param resource its name, such as {@link #RESOURCE}
     * @return the lock, or {@code null} if there is no such resource
     * @throws IllegalArgumentException if it is there but is not a lock
     */
    public static SchemaLock load(ClassLoader loader, String resource) {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                return null;
            }
            try {
                return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(resource + ": " + e.getMessage(), e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** The lock file's text, in the format {@link #parse} reads; one text per lock. */
    public String text() {
        return LockText.format(this);
    }

    /**
     * The lock for a registry's types: {@code previous} reconciled with them ({@link #reconcile}).
     *
     * @param previous the lock committed so far, or {@link #EMPTY} for a first lock
     * @param models   the registry's types ({@code TypeRegistry.models()})
     * @return the new lock's text
     * @throws IllegalArgumentException listing every refusal ({@link Reconciliation#refusals()}) at once
     */
    public static String write(SchemaLock previous, Collection<TypeModel> models) {
        Reconciliation r = previous.reconcile(models);
        r.requireNoRefusal();
        return r.lock().text();
    }

    /**
     * Checks types against this lock: registration calls it for a registry built with a lock.
     *
     * @throws IllegalArgumentException listing every difference and refusal at once, with the fix
     */
    public void check(Collection<TypeModel> models) {
        Reconciliation r = reconcile(models);
        List<String> all = new ArrayList<>(r.refusals());
        all.addAll(r.changes());
        if (!all.isEmpty()) {
            throw new IllegalArgumentException("the registered types differ from their schema lock in " + all.size()
                    + " way(s) (expected: the types the lock records; write the lock again with SchemaLock.write and"
                    + " commit it after review, or undo the change):\n  " + String.join("\n  ", all));
        }
    }

    /**
     * This lock restricted to the types whose ids pass {@code ids} (and the enums they use), for example the catalog's
     * ids of a larger registry's lock.
     */
    public SchemaLock onlyTypes(IntPredicate ids) {
        SortedMap<Integer, LockedType> kept = new TreeMap<>();
        types.forEach((id, t) -> {
            if (ids.test(id)) {
                kept.put(id, t);
            }
        });
        SortedMap<String, LockedEnum> used = new TreeMap<>();
        for (LockedType t : kept.values()) {
            for (LockedField f : t.fields()) {
                forEachEnum(f.shape(), name -> {
                    if (enums.containsKey(name)) {
                        used.put(name, enums.get(name));
                    }
                });
            }
        }
        SortedMap<Integer, String> retired = new TreeMap<>();
        retiredTypes.forEach((id, c) -> {
            if (ids.test(id)) {
                retired.put(id, c);
            }
        });
        return new SchemaLock(kept, used, retired);
    }

    /**
     * The registry fingerprint ({@code TypeRegistry.fingerprint()}) of the types this lock records, computed from the
     * lock alone: equal to the fingerprint of a registry of exactly these types while the lock is a first lock (tags in
     * declaration order), which is what lets a 0.1.0 peer or data directory be recognised by its lock.
     */
    public long legacyFingerprint() {
        return LegacyFingerprint.of(this);
    }

    private static void forEachEnum(ShapeSchema s, java.util.function.Consumer<String> action) {
        if (s == null) {
            return;
        }
        if (s.kind() == Kind.ENUM) {
            action.accept(s.className());
        }
        forEachEnum(s.key(), action);
        forEachEnum(s.element(), action);
    }

    /**
     * The result of reconciling types with a lock.
     *
     * @param lock     the lock that records the types (this lock if nothing changed)
     * @param changes  every difference the new lock records, one sentence each (added, removed, renamed, changed)
     * @param refusals every reason the types cannot be locked at all (a tag conflict, an enum whose ordinals differ
     *                 from its wire numbers); {@link #lock} is meaningless when there is one
     */
    public record Reconciliation(SchemaLock lock, List<String> changes, List<String> refusals) {

        /** @throws IllegalArgumentException listing every refusal */
        void requireNoRefusal() {
            if (!refusals.isEmpty()) {
                throw new IllegalArgumentException("the registered types cannot be locked: " + refusals.size()
                        + " problem(s):\n  " + String.join("\n  ", refusals));
            }
        }
    }

    /**
     * Matches types to this lock: components by {@code @WireTag} where they have one, otherwise by name; enum
     * constants by name. Every change and refusal is listed, none stops the others being found.
     */
    public Reconciliation reconcile(Collection<TypeModel> models) {
        List<String> changes = new ArrayList<>();
        List<String> refusals = new ArrayList<>();
        SortedMap<Integer, LockedType> newTypes = new TreeMap<>();
        SortedMap<Integer, String> newRetired = new TreeMap<>(retiredTypes);
        Map<String, Object[]> usedEnums = new LinkedHashMap<>();
        for (TypeModel m : models) {
            for (Component c : m.components()) {
                collectEnums(c.shape(), usedEnums);
            }
            newTypes.put(m.id(), reconcileType(m, changes, refusals));
        }
        types.forEach((id, t) -> {
            if (!newTypes.containsKey(id)) {
                changes.add("type " + id + " (" + t.className() + ") is no longer registered: its id is retired");
                newRetired.put(id, t.className());
            }
        });
        SortedMap<String, LockedEnum> newEnums = new TreeMap<>();
        usedEnums.forEach((name, constants) -> newEnums.put(name, reconcileEnum(name, constants, changes, refusals)));
        enums.keySet().stream().filter(n -> !newEnums.containsKey(n))
                .forEach(n -> changes.add("enum " + n + " is no longer used"));
        if (!refusals.isEmpty()) {
            return new Reconciliation(this, List.copyOf(changes), List.copyOf(refusals));
        }
        return new Reconciliation(new SchemaLock(newTypes, newEnums, newRetired), List.copyOf(changes), List.of());
    }

    private LockedType reconcileType(TypeModel m, List<String> changes, List<String> refusals) {
        String where = "type " + m.id() + " (" + m.javaType().getName() + ")";
        LockedType locked = types.get(m.id());
        if (locked == null) {
            String retiredAs = retiredTypes.get(m.id());
            if (retiredAs != null) {
                refusals.add(where + ": id " + m.id() + " was retired when " + retiredAs + " was removed (expected: an"
                        + " unused id; a retired id is never given again)");
            } else {
                changes.add(where + " is new");
            }
            locked = new LockedType(m.id(), m.javaType().getName(), !m.throughConstructor(), List.of(),
                    new TreeSet<>());
        } else if (!locked.className().equals(m.javaType().getName())) {
            changes.add("type " + m.id() + " was " + locked.className() + " and is " + m.javaType().getName());
        }
        Integer[] tags = new Integer[m.size()];
        List<Component> added = new ArrayList<>();
        for (Component c : m.components()) {
            LockedField byName = locked.byName(c.name());
            int pinned = c.wireTag();
            if (pinned != 0) {
                if (pinned < 1) {
                    refusals.add(where + "." + c.name() + " has @WireTag(" + pinned + ") (expected: 1 or more)");
                } else if (byName != null && byName.tag() != pinned) {
                    refusals.add(where + "." + c.name() + " has @WireTag(" + pinned + ") but the lock gives it tag "
                            + byName.tag() + " (expected: @WireTag(" + byName.tag() + "); a tag never changes)");
                } else if (locked.retired().contains(pinned)) {
                    refusals.add(where + "." + c.name() + " has @WireTag(" + pinned + "), a tag retired when its"
                            + " component was removed (expected: an unused tag; a retired tag is never given again)");
                } else {
                    tags[c.index()] = pinned;
                    LockedField lf = locked.byTag(pinned);
                    if (lf == null) {
                        added.add(c);
                    } else if (!lf.name().equals(c.name())) {
                        changes.add(where + ": component " + lf.name() + " (tag " + pinned + ") is renamed "
                                + c.name());
                    }
                }
            } else if (byName != null) {
                tags[c.index()] = byName.tag();
            } else {
                added.add(c);
            }
        }
        int next = locked.highestTag();
        for (Component c : m.components()) {
            if (tags[c.index()] == null && c.wireTag() == 0) {
                int tag = ++next;
                while (taken(tags, tag, m)) {
                    tag = ++next;
                }
                tags[c.index()] = tag;
            }
        }
        for (Component c : added) {
            changes.add(where + ": component " + c.name() + " is new (tag " + tags[c.index()] + ")");
        }
        SortedSet<Integer> retired = new TreeSet<>(locked.retired());
        List<LockedField> removed = new ArrayList<>();
        for (LockedField lf : locked.fields()) {
            if (!java.util.Arrays.asList(tags).contains(lf.tag())) {
                removed.add(lf);
                retired.add(lf.tag());
                changes.add(where + ": component " + lf.name() + " (tag " + lf.tag() + ") is removed: its tag is"
                        + " retired");
            }
        }
        List<Component> unannotatedNew = added.stream().filter(c -> c.wireTag() == 0).toList();
        if (!removed.isEmpty() && !unannotatedNew.isEmpty()) {
            for (Component c : unannotatedNew) {
                changes.add(where + ": " + c.name() + " is new and " + removed.stream()
                        .map(r -> r.name() + " (tag " + r.tag() + ")").toList() + " removed: if " + c.name()
                        + " is a renamed one, annotate it @WireTag(<its tag>) to keep that tag, for example @WireTag("
                        + removed.get(0).tag() + "); otherwise this is a removal and an addition");
            }
        }
        List<LockedField> fields = new ArrayList<>();
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (Component c : m.components()) {
            Integer tag = tags[c.index()];
            if (tag == null) {
                continue;
            }
            if (!seen.add(tag)) {
                refusals.add(where + ": tag " + tag + " is given to two components, one of them " + c.name()
                        + " (expected: one tag per component; check the @WireTag annotations)");
                continue;
            }
            ShapeSchema shape = ShapeSchema.of(c.shape()).withConstants(n -> List.of());
            LockedField before = locked.byTag(tag);
            if (before != null && (before.walked() != c.walked() || !before.shape().equals(shape))) {
                changes.add(where + ": component " + c.name() + " (tag " + tag + ") was " + layout(before.walked())
                        + ' ' + before.shape() + " and is " + layout(c.walked()) + ' ' + shape);
            }
            fields.add(new LockedField(tag, c.name(), c.walked(), shape));
        }
        if (types.containsKey(m.id()) && locked.fieldByField() == m.throughConstructor()) {
            changes.add(where + " was built " + (locked.fieldByField() ? "field by field" : "through its constructor")
                    + " and is built " + (m.throughConstructor() ? "through its constructor" : "field by field"));
        }
        return new LockedType(m.id(), m.javaType().getName(), !m.throughConstructor(), fields, retired);
    }

    private static boolean taken(Integer[] tags, int tag, TypeModel m) {
        for (Component c : m.components()) {
            if (c.wireTag() == tag || Integer.valueOf(tag).equals(tags[c.index()])) {
                return true;
            }
        }
        return false;
    }

    static String layout(boolean walked) {
        return walked ? "walked" : "native";
    }

    private LockedEnum reconcileEnum(String name, Object[] constants, List<String> changes, List<String> refusals) {
        LockedEnum locked = enums.get(name);
        if (locked == null) {
            List<EnumConstant> list = new ArrayList<>();
            for (Object c : constants) {
                list.add(new EnumConstant(((Enum<?>) c).name(), ((Enum<?>) c).ordinal()));
            }
            changes.add("enum " + name + " is new: " + list);
            return new LockedEnum(name, list, new TreeSet<>());
        }
        int next = locked.highestWire();
        List<EnumConstant> list = new ArrayList<>();
        List<String> present = new ArrayList<>();
        for (Object o : constants) {
            Enum<?> c = (Enum<?>) o;
            present.add(c.name());
            EnumConstant before = locked.constants().stream().filter(k -> k.name().equals(c.name())).findFirst()
                    .orElse(null);
            int wire = before != null ? before.wire() : ++next;
            if (before == null) {
                changes.add("enum " + name + ": constant " + c.name() + " is new (wire number " + wire + ")");
            }
            if (wire != c.ordinal()) {
                refusals.add("enum " + name + ": constant " + c.name() + " has wire number " + wire + " in the lock but"
                        + " ordinal " + c.ordinal() + " (expected: equal; raftwire writes an enum constant by its"
                        + " ordinal until providers resolve schemas, docs/upgrades.md §3 step 3, so keep constants in"
                        + " their locked order, append new ones, and keep a removed one in place)");
            }
            list.add(new EnumConstant(c.name(), wire));
        }
        SortedSet<Integer> retired = new TreeSet<>(locked.retired());
        for (EnumConstant k : locked.constants()) {
            if (!present.contains(k.name())) {
                retired.add(k.wire());
                changes.add("enum " + name + ": constant " + k.name() + " (wire number " + k.wire() + ") is removed:"
                        + " its number is retired");
            }
        }
        list.sort(Comparator.comparingInt(EnumConstant::wire));
        return new LockedEnum(name, list, retired);
    }

    private static void collectEnums(Shape s, Map<String, Object[]> into) {
        if (s == null) {
            return;
        }
        if (s.kind() == Kind.ENUM) {
            into.putIfAbsent(s.javaType().getName(), s.enumConstants());
        }
        collectEnums(s.key(), into);
        collectEnums(s.element(), into);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SchemaLock l && types.equals(l.types) && enums.equals(l.enums)
                && retiredTypes.equals(l.retiredTypes);
    }

    @Override
    public int hashCode() {
        return types.hashCode() * 31 + enums.hashCode();
    }

    @Override
    public String toString() {
        return "SchemaLock[" + types.size() + " types, " + enums.size() + " enums]";
    }
}
