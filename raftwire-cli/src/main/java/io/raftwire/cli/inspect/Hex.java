package io.raftwire.cli.inspect;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.io.ByteArrayOutputStream;

/** Parses the {@code --hex} argument. */
final class Hex {

    private Hex() {
    }

    /**
     * Hex digits to bytes; blanks and {@code :} are ignored, and so is a leading {@code 0x}.
     *
     * @throws ParameterException naming the first bad character and its position, or an odd digit count
     */
    static byte[] parse(String text, CommandLine cmd) {
        String s = text.strip();
        if (s.startsWith("0x") || s.startsWith("0X")) {
            s = s.substring(2);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length() / 2);
        int high = -1;
        int digits = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || c == ':') {
                continue;
            }
            int v = Character.digit(c, 16);
            if (v < 0) {
                throw new ParameterException(cmd, "--hex: character " + (i + 1) + " is '" + Text.escape(
                        String.valueOf(c)) + "' (expected: hex digits 0-9 a-f; blanks and ':' are ignored)");
            }
            digits++;
            if (high < 0) {
                high = v;
            } else {
                out.write(high << 4 | v);
                high = -1;
            }
        }
        if (high >= 0) {
            throw new ParameterException(cmd, "--hex: " + digits + " hex digits (expected: an even number, two per"
                    + " byte)");
        }
        if (digits == 0) {
            throw new ParameterException(cmd, "--hex: no hex digits (expected: at least one frame)");
        }
        return out.toByteArray();
    }
}
