package io.raftwire.serializer.contract.ordinary;

import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.ConstructorTypes;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.contract.GraphTypes;
import io.raftwire.serializer.contract.UserTypes;
import io.raftwire.serializer.contract.legacy.LegacyModel;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Ordinary application classes, in the styles code bases write (records, beans, builders, hierarchies, sealed
 * interfaces, enums with fields, generic bases, nested collections, Optional, normalising constructors, transient
 * caches), registered together: the {@link LegacyModel}, the {@link UserTypes}, the {@link ConstructorTypes} that can
 * travel, the {@link GraphTypes} and {@link #CLASSES}. Every one must register and round-trip on every provider and
 * codec path with no change ({@code OrdinaryTypesContract}).
 *
 * <p>To add a class: append it to {@link #CLASSES} (its position gives its id) and an instance of it to
 * {@link #ADDED_VALUES}; the contract fails for a registered class without an instance.
 */
public final class OrdinaryModel {

    /** Id of the first class of {@link #CLASSES}. */
    public static final int FIRST_ID = 6000;

    /** The classes this model adds to the others, in id order. Append only. */
    public static final List<Class<?>> CLASSES = List.of(
            Shop.Money.class, Shop.Customer.class, Shop.OrderLine.class, Shop.Order.class,
            Geometry.Circle.class, Geometry.Rect.class, Geometry.Drawing.class, Geometry.Orbit.class,
            Accounts.Savings.class, Accounts.Checking.class, Accounts.Ledger.class, Accounts.Product.class,
            Catalogue.Inventory.class, Catalogue.Slug.class, Catalogue.Settings.class, Catalogue.Event.class,
            Catalogue.Scores.class,
            Operations.JobStats.class, Operations.Report.class, Operations.MetricEvent.class,
            Operations.CacheSnapshot.class);

    /** Instances of classes appended to {@link #CLASSES} later, one or more each. Append only. */
    public static final List<Object> ADDED_VALUES = List.of(
            new Operations.JobStats().record(Operations.Status.DONE).record(Operations.Status.DONE)
                    .record(Operations.Status.FAILED).start().pause(),
            new Operations.JobStats(),
            new Operations.Report("latency", new String[] {"p50", "p99"}, new java.util.Date(1_764_000_000_123L),
                    new long[][] {{1, -2}, {}}, new int[][] {{3}}),
            new Operations.Report("empty", new String[0], null, new long[0][], null),
            new Operations.MetricEvent("bytes", 42L, "disk", new byte[][] {{1, 2}, {}}),
            new Operations.MetricEvent("ratio", new java.math.BigDecimal("0.25"), new StringBuilder("x").toString(),
                    new byte[0][]),
            new Operations.MetricEvent("count", (short) 7, null, null),
            new Operations.CacheSnapshot().put("a", 1).put("bb", 2).listen("audit").listen("metrics")
                    .attach(new Shop.Money(5, "usd"), new Catalogue.Slug("s")),
            new Operations.CacheSnapshot());

    private OrdinaryModel() {
    }

    /** Every class of the model, registered. */
    public static TypeRegistry registry() {
        TypeRegistry.Builder b = LegacyModel.register(UserTypes.builder());
        for (int i = 0; i < ConstructorTypes.CLASSES.size(); i++) {
            if (ConstructorTypes.CLASSES.get(i) != ConstructorTypes.PrefixedRecord.class) {
                b.register(ConstructorTypes.FIRST_ID + i, ConstructorTypes.CLASSES.get(i));
            }
        }
        b.register(GraphTypes.LINK_ID, GraphTypes.Link.class).register(GraphTypes.PAIR_ID, GraphTypes.Pair.class);
        for (int i = 0; i < CLASSES.size(); i++) {
            b.register(FIRST_ID + i, CLASSES.get(i));
        }
        return b.build();
    }

    /** Instances of every class of the model, several for some. */
    public static List<Object> values() {
        List<Object> values = new ArrayList<>();
        values.addAll(LegacyModel.named().values());
        values.addAll(Fixtures.userValues().values());
        values.addAll(ConstructorTypes.values());
        GraphTypes.Link link = new GraphTypes.Link("head");
        link.link(new GraphTypes.Link("tail"));
        values.add(link);
        values.add(new GraphTypes.Pair(link, new GraphTypes.Link("other")));
        values.addAll(added());
        values.addAll(ADDED_VALUES);
        return values;
    }

    private static List<Object> added() {
        Shop.Money price = new Shop.Money(1999, "eur");
        Shop.Customer customer = new Shop.Customer();
        customer.setName("Ada");
        customer.getEmails().add("ada@example.org");
        customer.getAttributes().put("tier", "gold");
        customer.setVip(true);
        Shop.OrderLine line = new Shop.OrderLine("SKU-1", 2, price);
        Shop.Order order = Shop.Order.builder().id("o-1").customer(customer).line(line)
                .line(new Shop.OrderLine("SKU-2", 1, new Shop.Money(5, "usd")))
                .placedAt(Instant.ofEpochSecond(1_764_000_000L, 5)).note("leave at door")
                .discount(new BigDecimal("0.15")).build();
        Shop.Order bare = Shop.Order.builder().id("o-2").build();
        Geometry.Drawing drawing = new Geometry.Drawing("plan", List.of(new Geometry.Circle(1.5),
                new Geometry.Rect(2, 3)));
        Geometry.Orbit orbit = new Geometry.Orbit(Geometry.Planet.EARTH, 1.0, new Geometry.Circle(6371));
        Accounts.Ledger ledger = new Accounts.Ledger("ada").add(new Accounts.Savings("s-1", 10_000, 0.02))
                .add(new Accounts.Checking("c-1", -50, 500));
        Map<String, List<Integer>> bins = new LinkedHashMap<>();
        bins.put("SKU-1", List.of(1, 2, 3));
        bins.put("SKU-2", List.of());
        Map<String, Map<String, Set<String>>> tags = new LinkedHashMap<>();
        tags.put("eu", Map.of("fr", Set.of("wine")));
        Catalogue.Inventory inventory = new Catalogue.Inventory(bins, tags, List.of(List.of(1L, 2L), List.of()));
        Map<String, String> eventTags = new LinkedHashMap<>();
        eventTags.put("source", "api");
        eventTags.put("region", "eu");
        return List.of(price, customer, new Shop.Customer(), line, order, bare, new Geometry.Circle(0.5),
                new Geometry.Rect(1, 1), drawing, orbit, new Accounts.Savings("s-2", 0, 0),
                new Accounts.Checking("c-2", 1, 0), ledger, Accounts.Product.of(7, "lamp", new BigDecimal("19.90")),
                inventory, new Catalogue.Slug("hello-world"),
                new Catalogue.Settings(Optional.of(Duration.ofSeconds(30)), Optional.empty(), LocalDate.of(2026, 1, 2)),
                new Catalogue.Event(new UUID(1, 2), LocalDateTime.of(2026, 11, 28, 16, 0), Catalogue.EventKind.CREATED,
                        eventTags, new Catalogue.Slug("e")),
                new Catalogue.Scores(new TreeMap<>(Map.of("a", 1L, "b", 2L)), new TreeSet<>(Set.of(3, 1, 2))));
    }
}
