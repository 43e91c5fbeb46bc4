package io.raftwire.transport.netty.codec;

import io.raftwire.serializer.schema.EnumConstant;
import io.raftwire.serializer.schema.FieldSchema;
import io.raftwire.serializer.schema.ReadPlan;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.SchemaCompatibility;
import io.raftwire.serializer.schema.TypeSchema;
import io.raftwire.transport.PeerText;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Every difference between this node's schema and a peer's, for the refusal of a handshake whose schema digests
 * differ: types only one side has, and per type both have, each component by name and tag with its shape on each
 * side, from {@link SchemaCompatibility#compare} in both directions (this node reading the peer's bytes, the peer
 * reading this node's). A difference both directions can read is "compatible backward and forward once the cluster
 * feature level exists"; one that either direction cannot read is refused, with {@code compare}'s reason, which names
 * the written and the read shape. Whether the members connect is not decided here: each side's
 * {@link io.raftwire.transport.SchemaGate} decides, and the handshake adds its reason to this list when one refuses.
 *
 * <p>Every line is escaped ({@link PeerText}): names come from the peer's schema. Immutable and thread-safe.
 */
public final class SchemaDifferences {

    /** At most this many differences are listed; the message says how many more there are. */
    public static final int MAX_LISTED = 100;
    /** What a difference both directions can read is told. */
    public static final String COMPATIBLE = "compatible backward and forward (the schema gates decide whether the"
            + " members connect)";
    /** What a difference one direction cannot read is told, before the reason. */
    public static final String REFUSED = "refused";

    private final String peer;
    private final Schema local;
    private final Schema remote;
    private final List<String> compatible = new ArrayList<>();
    private final List<String> refused = new ArrayList<>();

    private SchemaDifferences(String peer, Schema local, Schema remote) {
        this.peer = PeerText.escape(peer);
        this.local = local;
        this.remote = remote;
    }

    /**
     * Compares two schemas.
     *
     * @param peer   the peer's member id, as messages name it
     * @param local  this node's schema
     * @param remote the peer's schema
     */
    public static SchemaDifferences between(String peer, Schema local, Schema remote) {
        SchemaDifferences d = new SchemaDifferences(peer, local, remote);
        d.compare();
        return d;
    }

    /** The differences both directions can read, one line each, escaped. */
    public List<String> compatible() {
        return List.copyOf(compatible);
    }

    /** The differences one direction cannot read, one line each naming both shapes and the reason, escaped. */
    public List<String> refused() {
        return List.copyOf(refused);
    }

    /**
     * Every difference, one line: both digests and type counts, then every difference (at most {@value #MAX_LISTED},
     * then how many more), each ending with {@code ;}. Escaped. The handshake appends who refused and why.
     */
    public String message() {
        List<String> all = new ArrayList<>(refused);
        all.addAll(compatible);
        StringBuilder s = new StringBuilder("registry schemas differ: this node's ").append(hex(local.digest()))
                .append(" with ").append(local.types().size()).append(" types, ").append(peer).append("'s ")
                .append(hex(remote.digest())).append(" with ").append(remote.types().size()).append(" types; ");
        if (all.isEmpty()) {
            s.append("no difference the evolution rules see (the schemas differ only in what they record for"
                    + " messages);");
        } else {
            s.append(all.size()).append(all.size() == 1 ? " difference (" : " differences (").append(refused.size())
                    .append(" refused by the evolution rules, ").append(compatible.size()).append(' ')
                    .append(COMPATIBLE).append("):");
            for (int i = 0; i < Math.min(all.size(), MAX_LISTED); i++) {
                s.append(' ').append(i + 1).append(") ").append(all.get(i)).append(';');
            }
            if (all.size() > MAX_LISTED) {
                s.append(" and ").append(all.size() - MAX_LISTED).append(" more;");
            }
        }
        return s.toString();
    }

    private void compare() {
        SchemaCompatibility.Result theirsByUs = SchemaCompatibility.compare(remote, local);
        SchemaCompatibility.Result oursByThem = SchemaCompatibility.compare(local, remote);
        TreeSet<Integer> ids = new TreeSet<>();
        local.types().forEach(t -> ids.add(t.id()));
        remote.types().forEach(t -> ids.add(t.id()));
        for (int id : ids) {
            TypeSchema ours = local.type(id);
            TypeSchema theirs = remote.type(id);
            if (ours == null) {
                add(label(theirs) + ": only on " + peer);
            } else if (theirs == null) {
                add(label(ours) + ": only on this node");
            } else if (!ours.equals(theirs) && theirsByUs.plans().containsKey(id) && oursByThem.plans().containsKey(id)) {
                describe(theirsByUs.plans().get(id), oursByThem.plans().get(id));
            }
        }
        for (String p : theirsByUs.problems()) {
            refused.add(PeerText.escape("this node reading " + peer + "'s bytes: " + p + ": " + REFUSED));
        }
        for (String p : oursByThem.problems()) {
            refused.add(PeerText.escape(peer + " reading this node's bytes: " + p + ": " + REFUSED));
        }
    }

    /** A type both sides have, which both directions can read: what differs, component by component. */
    private void describe(ReadPlan theirsByUs, ReadPlan oursByThem) {
        TypeSchema theirs = theirsByUs.writer();
        TypeSchema ours = theirsByUs.reader();
        String type = label(ours);
        int before = compatible.size();
        if (!ours.className().equals(theirs.className())) {
            add(type + ": class " + theirs.className() + " on " + peer + ", " + ours.className() + " on this node");
        }
        for (ReadPlan.Read r : theirsByUs.reads()) {
            FieldSchema w = r.written();
            if (r.skipped()) {
                add(type + " component " + field(w) + ": only on " + peer);
                continue;
            }
            FieldSchema f = ours.fields().get(r.readerIndex());
            if (!f.name().equals(w.name())) {
                add(type + " component " + f.name() + " (tag " + f.tag() + "): named " + w.name() + " on " + peer);
            }
            if (r.conversion() != ReadPlan.Conversion.NONE) {
                add(type + " component " + f.name() + " (tag " + f.tag() + "): " + w.shape() + " on " + peer + ", "
                        + f.shape() + " on this node (a widening)");
            }
            for (ReadPlan.EnumMapping m : r.enums()) {
                for (EnumConstant c : m.unknown()) {
                    add(type + " component " + f.name() + " (tag " + f.tag() + "): enum constant " + c.name()
                            + " (wire " + c.wire() + ") only on " + peer);
                }
            }
        }
        for (ReadPlan.Default d : theirsByUs.defaults()) {
            add(type + " component " + field(d.field()) + ": only on this node");
        }
        for (ReadPlan.Read r : oursByThem.reads()) {
            for (ReadPlan.EnumMapping m : r.enums()) {
                for (EnumConstant c : m.unknown()) {
                    add(type + " component " + r.written().name() + " (tag " + r.written().tag() + "): enum constant "
                            + c.name() + " (wire " + c.wire() + ") only on this node");
                }
            }
        }
        List<String> theirOrder = commonOrder(theirs, ours);
        List<String> ourOrder = commonOrder(ours, theirs);
        if (!theirOrder.equals(ourOrder)) {
            add(type + ": components in another order, tags " + theirOrder + " on " + peer + ", " + ourOrder
                    + " on this node");
        }
        if (compatible.size() == before) {
            for (FieldSchema f : ours.fields()) {
                FieldSchema w = theirs.field(f.tag());
                if (w != null && !w.equals(f)) {
                    add(type + " component " + f.name() + " (tag " + f.tag() + "): " + layout(w) + " on " + peer
                            + ", " + layout(f) + " on this node");
                }
            }
        }
        if (compatible.size() == before) {
            add(type + ": built " + (theirs.fieldByField() ? "field by field" : "through its constructor") + " on "
                    + peer + ", " + (ours.fieldByField() ? "field by field" : "through its constructor")
                    + " on this node (the same bytes)");
        }
    }

    /** The tags of {@code t}'s components that {@code other} has too, in {@code t}'s order. */
    private static List<String> commonOrder(TypeSchema t, TypeSchema other) {
        List<String> tags = new ArrayList<>();
        for (FieldSchema f : t.fields()) {
            if (other.field(f.tag()) != null) {
                tags.add(String.valueOf(f.tag()));
            }
        }
        return tags;
    }

    private void add(String difference) {
        compatible.add(PeerText.escape(difference + ": " + COMPATIBLE));
    }

    private static String field(FieldSchema f) {
        return f.name() + " (tag " + f.tag() + ") " + f.shape() + (f.shape().nullable() ? "" : " (non-null)");
    }

    private static String layout(FieldSchema f) {
        return (f.walked() ? "walked " : "native ") + f.shape();
    }

    private static String label(TypeSchema t) {
        return t.simpleName() + " (type " + t.id() + ", " + t.className() + ")";
    }

    private static String hex(long v) {
        return String.format(Locale.ROOT, "%016x", v);
    }
}
