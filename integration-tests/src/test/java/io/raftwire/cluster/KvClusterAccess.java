package io.raftwire.cluster;

import io.raftwire.node.KvNodes;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.local.LocalCluster;

import java.util.Map;

/** {@link KvCluster}'s settings and clients for tests in other packages. */
public final class KvClusterAccess {

    private KvClusterAccess() {
    }

    /** The configuration every member of a {@link KvCluster} starts from: kryo, plaintext, short timers. */
    public static Map<String, String> base() {
        return KvCluster.base("kryo");
    }

    /** A client of {@code cluster} with an open session; configured from member 0 (which it does not inherit). */
    public static KvClient client(LocalCluster cluster) {
        KvClient client = KvNodes.client(RaftwireClient.builder(cluster.config(0), KvNodes.registry(),
                cluster.clientAddresses()).operationTimeout(KvCluster.WAIT));
        client.session().connect();
        return client;
    }
}
