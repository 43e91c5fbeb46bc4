/**
 * The raftwire message catalog: the marker interfaces {@link io.raftwire.message.RaftMessage},
 * {@link io.raftwire.message.RaftRequest} and {@link io.raftwire.message.RaftResponse}, the wire-id table
 * {@link io.raftwire.message.MessageType}, the {@link io.raftwire.message.Nullable} marker and the validation helper
 * {@link io.raftwire.message.Checks}.
 *
 * <p>The catalog is JDK only and knows nothing about serialization. Every wire class follows one contract, which the
 * serializers rely on to build each type generically from its constructor:
 * <ul>
 *   <li>a concrete class with no superclass is a {@code record} whose compact constructor checks and copies its
 *       components; one that inherits components is {@code public final}, its abstract bases {@code public
 *       abstract} with protected constructors (a record cannot extend a class); every field is {@code private
 *       final}; no setters, no no-arg constructor, not {@link java.io.Serializable};</li>
 *   <li>each concrete class has exactly one public constructor taking every component (inherited ones first), and
 *       every constructor parameter has a record-style accessor and a private final field of the same name and
 *       type; the component order is the wire order, so reordering a record's components changes the bytes;</li>
 *   <li>a component that is an array has an accessor returning a copy, and its class writes {@code equals},
 *       {@code hashCode} and {@code toString} by content (arrays longer than 32 elements printed as their size);
 *       every other class uses the record's or the same {@code Name[component=value, ...]} form;</li>
 *   <li>components are {@code long}, {@code int}, {@code boolean}, {@code String}, {@code byte[]}, {@code long[]},
 *       an enum, a registered value class, a registered polymorphic type, or a {@code List}/{@code Set} of those;</li>
 *   <li>the constructor is the only place where invariants are checked; arrays and collections are copied, so an
 *       instance is immutable and always valid;</li>
 *   <li>a component may be {@code null} only if its parameter carries {@link io.raftwire.message.Nullable}.</li>
 * </ul>
 *
 * <p>Sub-packages: {@code request}, {@code response}, {@code log} (replicated log entries) and {@code value} (value
 * types nested inside messages). Nothing here may depend on anything outside the JDK.
 *
 * <p>Not every type is sent by a running node: the peer-to-peer replication, election and configuration messages
 * (fourteen types, listed in {@link io.raftwire.message.MessageType}) are codec-coverage fixtures, kept registered
 * under their ids for the wire contract and the serializers' tests. A raftwire node replicates and elects with the
 * Raft engine's own model types (registered by {@code raft-node}) and serves clients with the session messages.
 */
package io.raftwire.message;
