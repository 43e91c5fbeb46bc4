package io.raftwire.node;

import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.admin.AdminTypes;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.kv.KvTypes;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.model.EngineType;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.SerializerConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The shipped configuration of raftwire's Raft node: the replicated key-value store, its types and codecs, and a
 * client for it. What the program's {@code node}, {@code demo} and {@code client} commands run. Stateless.
 */
public final class KvNodes {

    private KvNodes() {
    }

    /** The catalog, the engine's types, the administration protocol's types and the KV store's types. */
    public static TypeRegistry registry() {
        return registry(b -> { });
    }

    /**
     * The catalog, the engine's types, the administration protocol's types ({@link AdminTypes}: a member answers
     * {@code raftwire status} and {@code raftwire admin snapshot} only to clients whose registry has them), the KV
     * store's types and the application's.
     *
     * @param userTypes registers the application's own types (ids 1024..32767, outside the KV store's 1100..1149)
     */
    public static TypeRegistry registry(Consumer<TypeRegistry.Builder> userTypes) {
        TypeRegistry.Builder b = KvTypes.registerAll(AdminTypes.registerAll(EngineType.registerAll(
                TypeRegistry.builder())));
        userTypes.accept(b);
        return b.build();
    }

    /**
     * One operation codec per installed serializer provider, so that every member can apply commands a client encoded
     * with any of them (this is what lets a cluster move from one serializer to another while it runs). Members must
     * have the same providers installed.
     */
    public static List<OperationCodec> codecs(RaftwireConfig config, TypeRegistry registry) {
        List<OperationCodec> codecs = new ArrayList<>();
        for (SerializerProvider p : Serializers.providers()) {
            codecs.add(new OperationCodec(Serializers.create(p.name(), registry,
                    SerializerConfig.options(config))));
        }
        return codecs;
    }

    /**
     * A node running the KV store, configured by {@code config}; not started.
     *
     * @param config the node's configuration
     */
    public static RaftwireNode node(RaftwireConfig config) {
        return nodeBuilder(config).build();
    }

    /**
     * A builder of a node running the KV store, configured by {@code config}, for the settings the configuration does
     * not hold (a meter registry, a clock); {@link RaftwireNode.Builder#build()} gives what {@link #node} gives.
     *
     * @param config the node's configuration
     */
    public static RaftwireNode.Builder nodeBuilder(RaftwireConfig config) {
        TypeRegistry registry = registry();
        return RaftwireNode.builder(config, registry)
                .stateMachine(new KvStateMachine(codecs(config, registry), System::currentTimeMillis));
    }

    /**
     * A member running the KV store in each of its {@code raftwire.groups} groups, configured by {@code config}; not
     * started. With one group it is what {@link #node} gives, on a {@link RaftwireMember}.
     *
     * @param config the member's configuration
     */
    public static RaftwireMember member(RaftwireConfig config) {
        return memberBuilder(config).build();
    }

    /** A builder of {@link #member}'s, for the settings the configuration does not hold (a meter registry, ...). */
    public static RaftwireMember.Builder memberBuilder(RaftwireConfig config) {
        TypeRegistry registry = registry();
        return RaftwireMember.builder(config, registry)
                .stateMachines(group -> new KvStateMachine(codecs(config, registry), System::currentTimeMillis));
    }

    /**
     * A KV client of a cluster, not yet connected; it encodes commands with {@code raftwire.serializer}.
     *
     * @param config  the cluster's configuration (cluster id, serializer, transport limits)
     * @param members every member's client address, by member id
     */
    public static KvClient client(RaftwireConfig config, List<PeerAddress> members) {
        return client(RaftwireClient.builder(config, registry(), members));
    }

    /** A KV client over a configured builder (client id, timeouts, read consistency). */
    public static KvClient client(RaftwireClient.Builder builder) {
        RaftwireClient client = builder.build();
        return new KvClient(client, client.operationCodec());
    }
}
