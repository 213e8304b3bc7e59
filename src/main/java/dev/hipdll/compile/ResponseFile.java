package dev.hipdll.compile;

import dev.hipdll.host.OsFamily;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A compiler response file ({@code @file}): one argument per line, UTF-8, quoted the way clang
 * tokenizes response files on the host (clang's {@code --rsp-quoting}: {@code windows} on
 * Windows, {@code posix} elsewhere). An argument without whitespace, quotes or backslashes is
 * written as is; any other is written in double quotes:
 * <ul>
 *   <li>Windows ({@code CommandLineToArgvW} rules): backslashes are literal except before a
 *       quote, where they are doubled, and a quote is written {@code \"};</li>
 *   <li>POSIX: {@code \} is written {@code \\} and {@code "} is written {@code \"}.</li>
 * </ul>
 */
public final class ResponseFile {
    private ResponseFile() {
    }

    /**
     * The length in characters of the command line {@code executable args...} as it would be
     * handed to the operating system (each element quoted as on the command line, separated by
     * one space).
     */
    public static long commandLineLength(Path executable, List<String> args, OsFamily os) {
        long n = quote(executable.toString(), os).length();
        for (String a : args) {
            n += 1 + quote(a, os).length();
        }
        return n;
    }

    /** {@code arg} quoted for one line of a response file on {@code os} (see the class comment). */
    public static String quote(String arg, OsFamily os) {
        boolean plain = !arg.isEmpty() && arg.chars().noneMatch(c -> Character.isWhitespace(c) || c == '"' || c == '\\'
                || c == '\'');
        if (plain) {
            return arg;
        }
        return os == OsFamily.WINDOWS ? windows(arg) : posix(arg);
    }

    private static String posix(String arg) {
        return "\"" + arg.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String windows(String arg) {
        boolean needsQuotes = arg.isEmpty() || arg.chars().anyMatch(c -> c == ' ' || c == '\t' || c == '"');
        if (!needsQuotes) {
            return arg;
        }
        StringBuilder sb = new StringBuilder("\"");
        int backslashes = 0;
        for (int i = 0; i < arg.length(); i++) {
            char c = arg.charAt(i);
            if (c == '\\') {
                backslashes++;
                continue;
            }
            if (c == '"') {
                sb.append("\\".repeat(backslashes * 2 + 1)).append('"');
            } else {
                sb.append("\\".repeat(backslashes)).append(c);
            }
            backslashes = 0;
        }
        sb.append("\\".repeat(backslashes * 2)).append('"');
        return sb.toString();
    }

    /**
     * Writes {@code args} to {@code file}.
     *
     * @throws IllegalArgumentException when an argument contains a line break (it cannot be one line)
     * @throws IOException              when the file cannot be written
     */
    public static void write(Path file, List<String> args, OsFamily os) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String a : args) {
            if (a.indexOf('\n') >= 0 || a.indexOf('\r') >= 0) {
                throw new IllegalArgumentException("argument with a line break cannot go into a response file: " + a);
            }
            lines.add(quote(a, os));
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
    }
}
