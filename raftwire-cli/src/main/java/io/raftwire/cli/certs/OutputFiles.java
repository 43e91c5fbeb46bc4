package io.raftwire.cli.certs;

import io.raftwire.cli.CliFailure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The files one {@code raftwire certs} command writes into its directory: checked all together before anything is
 * written, then each written to a temporary file beside it and moved into place, so a reader never sees a
 * half-written file. Private keys get mode 0600 from their creation on where the file system has POSIX permissions,
 * certificates 0644. Not thread-safe: one per command.
 */
final class OutputFiles {

    private static final Set<PosixFilePermission> SECRET = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> PUBLIC = PosixFilePermissions.fromString("rw-r--r--");

    private final Path dir;
    private final Map<String, Boolean> names = new LinkedHashMap<>();

    /** @param dir the directory the files go to */
    OutputFiles(Path dir) {
        this.dir = dir;
    }

    /** Adds a file by its name in the directory; {@code secret} for a private key. */
    OutputFiles add(String name, boolean secret) {
        names.put(name, secret);
        return this;
    }

    /** Where {@code name} is written. */
    Path path(String name) {
        return dir.resolve(name);
    }

    /** The files of this set that exist already, in the order they were added. */
    List<Path> existing() {
        List<Path> existing = new ArrayList<>();
        for (String name : names.keySet()) {
            if (Files.exists(path(name), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                existing.add(path(name));
            }
        }
        return existing;
    }

    /** Whether the directory's file system has POSIX permissions (private keys are then 0600). */
    boolean posix() {
        try {
            return Files.getFileStore(dirOrParent()).supportsFileAttributeView("posix");
        } catch (IOException e) {
            return false;
        }
    }

    private Path dirOrParent() {
        Path p = dir.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        return p == null ? dir.toAbsolutePath().getRoot() : p;
    }

    /**
     * Writes every file of the set, in the order given to {@code contents}; replaces existing ones only when
     * {@code replace} (the caller has refused otherwise, see {@link #existing()}).
     *
     * @param contents each added file's name and its text
     * @throws CliFailure naming the file that cannot be written and why
     */
    void write(Map<String, String> contents, boolean replace) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new CliFailure("cannot create " + dir + ": " + e + " (expected: a directory this user may write)", e);
        }
        boolean posix = posix();
        for (Map.Entry<String, String> e : contents.entrySet()) {
            Boolean secret = names.get(e.getKey());
            if (secret == null) {
                throw new IllegalArgumentException(e.getKey() + " was not added to this set");
            }
            try {
                writeOne(path(e.getKey()), e.getValue(), secret, posix, replace);
            } catch (IOException x) {
                throw new CliFailure("cannot write " + path(e.getKey()) + ": " + x + " (expected: a directory this"
                        + " user may write)", x);
            }
        }
    }

    private void writeOne(Path target, String text, boolean secret, boolean posix, boolean replace)
            throws IOException {
        FileAttribute<?>[] attributes = posix ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(SECRET)}
                : new FileAttribute<?>[0];
        Path temporary = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp", attributes);
        try {
            Files.writeString(temporary, text, StandardCharsets.US_ASCII);
            if (posix && !secret) {
                Files.setPosixFilePermissions(temporary, PUBLIC);
            }
            move(temporary, target, replace);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static void move(Path from, Path to, boolean replace) throws IOException {
        if (!replace) {
            try {
                // a file that appeared since the check is not replaced: without REPLACE_EXISTING the move refuses it
                Files.move(from, to);
            } catch (FileAlreadyExistsException e) {
                throw new IOException(to + " appeared while it was being written (expected: no other writer in "
                        + to.getParent() + "; --force replaces it)", e);
            }
            return;
        }
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
