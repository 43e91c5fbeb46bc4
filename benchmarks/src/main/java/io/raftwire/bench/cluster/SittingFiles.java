package io.raftwire.bench.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a sitting script leaves per step, read back for a report (its result lines and its loads), and a report's
 * {@code main}. Stateless.
 */
public final class SittingFiles {

    /** heavy's load lines, and those a script holding the lock for a whole sitting prints itself. */
    private static final Pattern LOAD = Pattern.compile("^(?:heavy|sitting): load (before|after): (\\S+)");

    private SittingFiles() {
    }

    /** A report over the directory a sitting script wrote: prints it and returns the exit status. */
    @FunctionalInterface
    public interface Report {
        int print(Path resultsDir, PrintStream out) throws IOException;
    }

    /**
     * A report's {@code main}: one argument, the results directory {@code script} wrote; exits with the report's
     * status, 2 for a wrong argument or a report refusing its input, 1 for an I/O error.
     */
    public static void main(String[] args, String script, Report report) {
        if (args.length != 1) {
            System.err.println("error: expected RESULTS_DIR (the directory " + script + " wrote), got "
                    + args.length + " arguments");
            System.exit(2);
        }
        try {
            System.exit(report.print(Path.of(args[0]), System.out));
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
        } catch (IOException e) {
            System.err.println("error: " + e);
            System.exit(1);
        }
    }

    /** The {@link ResultLine}s of {@code file}, in order; none if the file is missing. */
    public static List<Map<String, String>> resultLines(Path file) throws IOException {
        List<Map<String, String>> lines = new ArrayList<>();
        if (Files.isRegularFile(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                Map<String, String> r = ResultLine.parse(line);
                if (r != null) {
                    lines.add(r);
                }
            }
        }
        return lines;
    }

    /** {@code before→after} 1-minute loads from a step's log, {@code ?} where one is missing. */
    public static String loads(Path log) throws IOException {
        String before = "?";
        String after = "?";
        if (Files.isRegularFile(log)) {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                Matcher m = LOAD.matcher(line);
                if (m.find()) {
                    if (m.group(1).equals("before")) {
                        before = m.group(2);
                    } else {
                        after = m.group(2);
                    }
                }
            }
        }
        return before + "→" + after;
    }
}
