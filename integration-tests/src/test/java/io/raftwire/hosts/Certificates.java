package io.raftwire.hosts;

import io.raftwire.it.TestPki;
import io.raftwire.it.TestPki.MemberFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
     * <p>For now with the test PKI ({@link TestPki}, Netty's pkitesting); once {@code raftwire certs} is merged, the
     * lead switches this one method to {@code raftwire certs ca --dir DIR --cluster NAME}, {@code raftwire certs
     * member --dir DIR --id ID} per member, {@code raftwire certs client --dir DIR --id workload} and
     * {@code raftwire certs admin --dir DIR --id ops}, which write the same file names.
     */
    static Certificates make(Path dir, String cluster, List<String> memberIds) {
        Path work = dir.resolve("test-pki");
        try {
            Files.createDirectories(work);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TestPki pki = new TestPki(work, cluster);
        MemberFiles trust = null;
        for (String id : memberIds) {
            trust = place(pki.member(cluster, id), dir, "member-" + id);
        }
        place(pki.named("raftwire://" + cluster + "/client/" + CLIENT, "client-" + CLIENT), dir, "client-" + CLIENT);
        place(pki.named("raftwire://" + cluster + "/admin/" + ADMIN, "admin-" + ADMIN), dir, "admin-" + ADMIN);
        copy(trust.trust(), dir.resolve("ca.crt"));
        return new Certificates(dir);
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

    private static MemberFiles place(MemberFiles files, Path dir, String name) {
        copy(files.certificate(), dir.resolve(name + ".crt"));
        copy(files.privateKey(), dir.resolve(name + ".key"));
        return files;
    }

    private static void copy(Path from, Path to) {
        try {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
