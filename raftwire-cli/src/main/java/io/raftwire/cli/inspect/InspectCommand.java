package io.raftwire.cli.inspect;

import io.raftwire.cli.CliFailure;
import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.cli.inspect.FrameInput.BrokenInput;
import io.raftwire.cli.inspect.FrameInput.Format;
import io.raftwire.serializer.Serializers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code raftwire inspect}: decodes frames into readable text, header field by field and message field by field, from
 * a file of raw frames, a capture file, hex on the command line, or stdin. A frame that cannot be decoded is shown
 * with the reason and inspection goes on with the next one.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
        description = {
            "Decodes raftwire frames into readable text: every header field by name (length, magic, version,"
                    + " serializer, flags and frame kind, message type, correlation id), then every field of the"
                    + " message, or of the handshake, error or ping of a control frame.",
            "Input: a file of raw frames as they travel on the wire (each with its 4-byte length), a capture file"
                    + " written by a node (recognised by its magic \"RWCP\"), '-' for stdin, or --hex.",
            "Decodes with the catalog and the Raft engine types, through whichever installed serializer the frame"
                    + " names."},
        footer = {"", "Exit status: 0 every frame decoded; " + ExitCodes.FOUND_PROBLEMS + " a frame could not be"
                + " decoded or the input is cut short; " + ExitCodes.USAGE + " bad arguments or an empty input; "
                + ExitCodes.FAILURE + " the input could not be read."})
public final class InspectCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "Raw frames or a capture file; '-' reads stdin.")
    private String file;

    @Option(names = "--hex", paramLabel = "HEX",
            description = "Frames as hex digits instead of a file (blanks, ':' and a leading 0x are ignored).")
    private String hex;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "auto",
            description = "auto, raw or capture. Default: ${DEFAULT-VALUE} (a capture file is recognised by its"
                    + " magic).")
    private Format format;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        FrameInspector inspector = new FrameInspector(InspectRegistry.registry(), Serializers.providers());
        int[] counts = new int[2];
        String broken = null;
        try (InputStream in = new BufferedInputStream(open(), 64 * 1024)) {
            requireNotEmpty(in);
            FrameInput.read(in, format, frame -> {
                FrameInspector.Result result = inspector.inspect(frame.frame());
                counts[result.decoded() ? 0 : 1]++;
                out.println("frame " + frame.index() + " (" + frame.origin() + "), " + frame.frame().length
                        + " bytes");
                result.lines().forEach(out::println);
            });
        } catch (BrokenInput e) {
            broken = e.getMessage();
        } catch (NoSuchFileException e) {
            throw new CliFailure("no such file: " + e.getFile() + " (expected: a file of raw frames or a capture"
                    + " file)", e);
        } catch (IOException e) {
            throw new CliFailure("cannot read " + (file == null ? "the input" : file) + ": " + e.getMessage(), e);
        }
        int total = counts[0] + counts[1];
        if (broken != null) {
            out.println("input cut short: " + Text.message(broken));
        }
        out.println(total + (total == 1 ? " frame: " : " frames: ") + counts[0] + " decoded, " + counts[1]
                + " could not be decoded" + (broken != null ? "; the rest of the input could not be read" : ""));
        out.flush();
        return counts[1] == 0 && broken == null ? ExitCodes.OK : ExitCodes.FOUND_PROBLEMS;
    }

    private InputStream open() throws IOException {
        if (file != null && hex != null) {
            throw new ParameterException(spec.commandLine(), "both FILE and --hex given (expected: one input)");
        }
        if (hex != null) {
            return new ByteArrayInputStream(Hex.parse(hex, spec.commandLine()));
        }
        if (file == null) {
            throw new ParameterException(spec.commandLine(), "no input (expected: FILE, '-' for stdin, or --hex)");
        }
        if (file.equals("-")) {
            return new NonClosingInputStream(System.in);
        }
        return Files.newInputStream(Path.of(file));
    }

    /**
     * Refuses an empty file or stdin as {@code --hex} refuses no digits: with nothing to inspect, the input named is
     * not the one meant.
     */
    private void requireNotEmpty(InputStream in) throws IOException {
        in.mark(1);
        if (in.read() >= 0) {
            in.reset();
            return;
        }
        String input = hex != null ? "--hex" : file.equals("-") ? "stdin" : "FILE " + file;
        throw new ParameterException(spec.commandLine(), input + " is empty (expected: at least one frame)");
    }

    /** Keeps {@code System.in} open when the command closes its input. */
    private static final class NonClosingInputStream extends java.io.FilterInputStream {
        NonClosingInputStream(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // System.in belongs to the JVM
        }
    }
}
