package io.raftwire.hosts;

import io.raftwire.cli.RaftwireCommand;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The certificates of a cluster, as {@code raftwire certs} writes them into one directory: {@code ca.crt},
 * {@code member-<id>.crt}/{@code .key} per member, {@code client-<id>.crt}/{@code .key} and
 * {@code admin-<id>.crt}/{@code .key}.
 */
final class Certificates {

    /** The client certificate's id. */
    static final String CLIENT = "workload";
    /** The admin certificate's id. */
    static final String ADMIN = "ops";

    private final Path dir;

    private Certificates(Path dir) {
        this.dir = dir;
    }

    /**
     * Makes a CA for {@code cluster}, a member certificate for each of {@code memberIds}, one client ({@link #CLIENT})
     * and one admin ({@link #ADMIN}) certificate, in {@code dir}.
     *
     * <p>With the program's own commands, run in this JVM: {@code raftwire certs ca --dir DIR --cluster NAME},
     * {@code raftwire certs member --dir DIR --id ID} per member, {@code raftwire certs client --dir DIR --id workload}
     * and {@code raftwire certs admin --dir DIR --id ops}.
     */
    static Certificates make(Path dir, String cluster, List<String> memberIds) {
        certs("ca", "--dir", dir.toString(), "--cluster", cluster);
        for (String id : memberIds) {
            certs("member", "--dir", dir.toString(), "--id", id);
        }
        certs("client", "--dir", dir.toString(), "--id", CLIENT);
        certs("admin", "--dir", dir.toString(), "--id", ADMIN);
        return new Certificates(dir);
    }

    private static void certs(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] command = new String[args.length + 1];
        command[0] = "certs";
        System.arraycopy(args, 0, command, 1, args.length);
        int status = RaftwireCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), command);
        if (status != 0) {
            throw new IllegalStateException("raftwire " + String.join(" ", command) + " exited with " + status + ": "
                    + err + out);
        }
    }

    /** The CA certificate every party trusts. */
    Path trust() {
        return dir.resolve("ca.crt");
    }

    /** Member {@code id}'s certificate. */
    Path memberCertificate(String id) {
        return dir.resolve("member-" + id + ".crt");
    }

    /** Member {@code id}'s private key. */
    Path memberKey(String id) {
        return dir.resolve("member-" + id + ".key");
    }

    /** The certificate of {@code role} ({@code client} or {@code admin}) {@code id}. */
    Path certificate(String role, String id) {
        return dir.resolve(role + "-" + id + ".crt");
    }

    /** The private key of {@code role} {@code id}. */
    Path key(String role, String id) {
        return dir.resolve(role + "-" + id + ".key");
    }
}
