package io.raftwire.hosts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A small network of separate "hosts" on this machine: one network namespace per member, each with its own address
 * in {@code 10.77.<n>.0/24} on interface {@code eth0}, all joined by a Linux bridge that lives in a namespace of its
 * own, plus one veth from the root namespace into that bridge so that this JVM (the client) reaches the members at
 * {@code 10.77.<n>.254}. Nothing is routed and nothing else of the host's network is touched; deleting the bridge's
 * namespace also deletes the root namespace's veth. Inside the member namespaces the members also have host names
 * ({@link #hostName}): {@code ip netns exec} shows a program there {@code /etc/netns/<namespace>/hosts} as its
 * {@code /etc/hosts}, which the lab writes.
 *
 * <p>Names carry this JVM's pid and a random tag ({@code rwhost-<pid>-<tag>-…}), so parallel runs never collide, and
 * a run whose JVM was killed is cleaned up by the next one ({@link #removeLeftovers}): its namespaces are deleted,
 * after the processes still inside them are killed. {@link #close} removes everything and is also run by a shutdown
 * hook, so a JVM that is stopped (not killed) leaves nothing behind.
 *
 * <p>Needs root on Linux with {@code ip} (iproute2); cutting a member off with {@link #dropTraffic} needs {@code nft}
 * (nftables). Not thread-safe: one thread sets up, cuts, restores and closes.
 */
final class NetnsLab implements AutoCloseable {

    private static final String PREFIX = "rwhost-";
    private static final String NFT_TABLE = "rwcut";
    /** Where {@code ip netns exec} finds the files it shows a namespace's programs in place of {@code /etc}'s. */
    private static final Path NETNS_ETC = Path.of("/etc/netns");

    private final String tag;
    private final int subnet;
    private final String bridgeNs;
    private final List<String> memberNs = new ArrayList<>();
    private final Thread cleanup = new Thread(this::removeNamespaces, "netns-lab-cleanup");
    private boolean closed;

    private NetnsLab(int members) {
        this.tag = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()).substring(0, 6);
        this.subnet = freeSubnet();
        String base = PREFIX + ProcessHandle.current().pid() + "-" + tag;
        this.bridgeNs = base + "-br";
        for (int i = 1; i <= members; i++) {
            memberNs.add(base + "-m" + i);
        }
    }

    /**
     * Why this machine cannot run the lab ({@code not root}, {@code no ip command}, {@code network namespaces not
     * permitted}), or empty if it can.
     */
    static Optional<String> unavailable() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return Optional.of("not Linux (" + System.getProperty("os.name") + "): network namespaces are Linux's");
        }
        Shell.Result uid = Shell.run(List.of("id", "-u"), "");
        if (uid.status() != 0 || !uid.output().equals("0")) {
            return Optional.of("not root (id -u: " + uid.output() + "): creating network namespaces needs root");
        }
        if (ip() == null) {
            return Optional.of("no ip command in /usr/sbin, /sbin, /usr/bin or /bin (expected: iproute2 installed)");
        }
        String probe = PREFIX + ProcessHandle.current().pid() + "-probe";
        Shell.Result add = Shell.run(List.of(ip(), "netns", "add", probe), "");
        if (add.status() != 0) {
            return Optional.of("network namespaces not permitted here: ip netns add " + probe + ": " + add.output());
        }
        Shell.run(List.of(ip(), "netns", "del", probe), "");
        return Optional.empty();
    }

    /** Why {@link #dropTraffic} cannot run here (no {@code nft}), or empty if it can. */
    static Optional<String> nftUnavailable() {
        return nft() == null ? Optional.of("no nft command in /usr/sbin, /sbin, /usr/bin or /bin (expected: nftables"
                + " installed)") : Optional.empty();
    }

    /** Sets up {@code members} member namespaces and the bridge; on a failure, removes what it made and throws. */
    static NetnsLab create(int members) {
        removeLeftovers();
        NetnsLab lab = new NetnsLab(members);
        Runtime.getRuntime().addShutdownHook(lab.cleanup);
        try {
            lab.build();
            return lab;
        } catch (RuntimeException e) {
            lab.close();
            throw e;
        }
    }

    private void build() {
        String ip = ip();
        Shell.check(ip, "netns", "add", bridgeNs);
        Shell.check(ip, "-n", bridgeNs, "link", "set", "lo", "up");
        Shell.check(ip, "-n", bridgeNs, "link", "add", "br0", "type", "bridge");
        Shell.check(ip, "-n", bridgeNs, "link", "set", "br0", "up");
        for (int i = 0; i < memberNs.size(); i++) {
            String ns = memberNs.get(i);
            String port = "m" + (i + 1);
            Shell.check(ip, "netns", "add", ns);
            writeHosts(ns);
            Shell.check(ip, "-n", ns, "link", "set", "lo", "up");
            Shell.check(ip, "-n", bridgeNs, "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", ns);
            Shell.check(ip, "-n", bridgeNs, "link", "set", port, "master", "br0", "up");
            Shell.check(ip, "-n", ns, "addr", "add", address(i) + "/24", "dev", "eth0");
            Shell.check(ip, "-n", ns, "link", "set", "eth0", "up");
        }
        String rootSide = rootInterface();
        Shell.check(ip, "link", "add", rootSide, "type", "veth", "peer", "name", "host", "netns", bridgeNs);
        Shell.check(ip, "-n", bridgeNs, "link", "set", "host", "master", "br0", "up");
        Shell.check(ip, "addr", "add", clientAddress() + "/24", "dev", rootSide);
        Shell.check(ip, "link", "set", rootSide, "up");
    }

    /** The namespace of member {@code i} (0-based). */
    String namespace(int i) {
        return memberNs.get(i);
    }

    /** Member {@code i}'s address (0-based): {@code 10.77.<n>.<11 + i>}. */
    String address(int i) {
        return "10.77." + subnet + "." + (11 + i);
    }

    /** This JVM's address on the bridge, in the root namespace. */
    String clientAddress() {
        return "10.77." + subnet + ".254";
    }

    /** Member {@code i}'s host name (0-based), known inside the member namespaces only. */
    String hostName(int i) {
        return "host-" + (i + 1) + ".raftwire.test";
    }

    private void writeHosts(String ns) {
        StringBuilder hosts = new StringBuilder("127.0.0.1 localhost\n::1 localhost\n");
        for (int i = 0; i < memberNs.size(); i++) {
            hosts.append(address(i)).append(' ').append(hostName(i)).append('\n');
        }
        try {
            Files.createDirectories(NETNS_ETC.resolve(ns));
            Files.writeString(NETNS_ETC.resolve(ns).resolve("hosts"), hosts, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + NETNS_ETC.resolve(ns).resolve("hosts"), e);
        }
    }

    /** The command prefix that runs a program inside member {@code i}'s namespace. */
    List<String> inNamespace(int i) {
        return List.of(ip(), "netns", "exec", memberNs.get(i));
    }

    /** Cuts member {@code i} off with nftables: every packet in or out of its {@code eth0} is dropped. */
    void dropTraffic(int i) {
        Shell.checkWithInput("table inet " + NFT_TABLE + " {\n"
                + "  chain in { type filter hook input priority 0; policy accept; iifname \"eth0\" drop; }\n"
                + "  chain out { type filter hook output priority 0; policy accept; oifname \"eth0\" drop; }\n"
                + "}\n", ip(), "netns", "exec", memberNs.get(i), nft(), "-f", "-");
    }

    /** Removes the drop rules of {@link #dropTraffic}. */
    void allowTraffic(int i) {
        Shell.check(ip(), "netns", "exec", memberNs.get(i), nft(), "delete", "table", "inet", NFT_TABLE);
    }

    /** Sets member {@code i}'s {@code eth0} down ({@code false}) or up ({@code true}); its address stays configured. */
    void link(int i, boolean up) {
        Shell.check(ip(), "-n", memberNs.get(i), "link", "set", "eth0", up ? "up" : "down");
    }

    /**
     * Removes member {@code i}'s address from its {@code eth0} ({@code false}) or adds it back ({@code true}), as a
     * host whose address is lost and renewed; sockets bound to it stay open meanwhile.
     */
    void addressPresent(int i, boolean present) {
        Shell.check(ip(), "-n", memberNs.get(i), "addr", present ? "add" : "del", address(i) + "/24", "dev", "eth0");
    }

    /** Deletes the namespaces (the processes started in them must have been stopped first). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        removeNamespaces();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook is running or has run
        }
    }

    private void removeNamespaces() {
        List<String> all = new ArrayList<>(memberNs);
        all.add(bridgeNs); // its deletion also deletes the root namespace's veth
        for (String ns : all) {
            killInside(ns);
            Shell.run(List.of(ip(), "netns", "del", ns), "");
            removeEtc(ns);
        }
    }

    private static void removeEtc(String ns) {
        Path dir = NETNS_ETC.resolve(ns);
        try {
            Files.deleteIfExists(dir.resolve("hosts"));
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // left for the next run's removeLeftovers
        }
    }

    private String rootInterface() {
        return "rw" + tag;
    }

    /**
     * Deletes the namespaces of runs whose JVM is gone (killed before it could clean up), with any process still in
     * them, so that they neither hold addresses nor pile up.
     */
    static void removeLeftovers() {
        List<String> names = new ArrayList<>();
        for (String line : Shell.run(List.of(ip(), "netns", "list"), "").output().split("\n")) {
            names.add(line.split(" ")[0]);
        }
        String[] etc = NETNS_ETC.toFile().list();
        if (etc != null) {
            names.addAll(List.of(etc));
        }
        for (String ns : names) {
            if (!ns.startsWith(PREFIX)) {
                continue;
            }
            String[] parts = ns.substring(PREFIX.length()).split("-");
            long pid;
            try {
                pid = Long.parseLong(parts[0]);
            } catch (NumberFormatException e) {
                continue;
            }
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                continue; // another run, still going
            }
            killInside(ns);
            Shell.run(List.of(ip(), "netns", "del", ns), "");
            removeEtc(ns);
        }
    }

    private static void killInside(String ns) {
        for (String pid : Shell.run(List.of(ip(), "netns", "pids", ns), "").output().split("\\s+")) {
            if (pid.matches("\\d+")) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    /** A {@code 10.77.<n>.0/24} that no route of the root namespace uses yet. */
    private static int freeSubnet() {
        String routes = Shell.run(List.of(ip(), "-4", "route", "show", "root", "10.77.0.0/16"), "").output();
        for (int attempt = 0; attempt < 64; attempt++) {
            int n = 1 + ThreadLocalRandom.current().nextInt(254);
            if (!routes.contains("10.77." + n + ".")) {
                return n;
            }
        }
        throw new IllegalStateException("no free 10.77.<n>.0/24 in the root namespace's routes: " + routes);
    }

    private static String ip() {
        return find("ip");
    }

    private static String nft() {
        return find("nft");
    }

    private static String find(String command) {
        for (String dir : List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin")) {
            Path p = Path.of(dir, command);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }
}
