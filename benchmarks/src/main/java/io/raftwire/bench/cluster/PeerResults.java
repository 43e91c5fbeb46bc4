package io.raftwire.bench.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The peer clusters' results of the same sitting, read from the {@code RESULT} lines that
 * {@code peer-clusters/run.sh} writes to {@code results/results-<time>.txt} (fields {@code lib}, {@code mode},
 * {@code config}, {@code round}, {@code seq_ops_s}, {@code seq_p50_us}, ...). Only the text format is shared; no code of
 * the peer harness is used. Immutable.
 */
final class PeerResults {

    private final Map<String, List<Map<String, String>>> byLibrary;
    private final String mode;

    private PeerResults(Map<String, List<Map<String, String>>> byLibrary, String mode) {
        this.byLibrary = byLibrary;
        this.mode = mode;
    }

    /** No peer results. */
    static PeerResults none() {
        return new PeerResults(Map.of(), "none");
    }

    /**
     * Reads the lines of {@code mode} ({@code inproc} or {@code multiproc}) and {@code config}
     * ({@code default}: fsync as the libraries ship) from {@code file}.
     *
     * @throws IOException              if the file cannot be read
     * @throws IllegalArgumentException if it holds no such line
     */
    static PeerResults load(Path file, String mode, String config) throws IOException {
        Map<String, List<Map<String, String>>> byLibrary = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            Map<String, String> r = ResultLine.parse(line);
            if (r != null && mode.equals(r.get("mode")) && config.equals(r.get("config")) && r.get("lib") != null) {
                byLibrary.computeIfAbsent(r.get("lib"), k -> new ArrayList<>()).add(r);
            }
        }
        if (byLibrary.isEmpty()) {
            throw new IllegalArgumentException("peer results " + file + " hold no RESULT line with mode=" + mode
                    + " config=" + config + " (expected: the results file of peer-clusters/run.sh)");
        }
        return new PeerResults(byLibrary, mode);
    }

    /** Library names in file order, for example {@code ratis-netty}, {@code jraft}, {@code ratis-grpc}. */
    List<String> libraries() {
        return List.copyOf(byLibrary.keySet());
    }

    /** The result lines of {@code library} (one per round). */
    List<Map<String, String>> rounds(String library) {
        return byLibrary.getOrDefault(library, List.of());
    }

    /** The layout the lines were taken from. */
    String mode() {
        return mode;
    }

    boolean isEmpty() {
        return byLibrary.isEmpty();
    }
}
