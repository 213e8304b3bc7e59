package dev.hipdll.compile;

import dev.hipdll.host.OsFamily;
import dev.hipdll.process.WindowsArguments;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A compiler response file ({@code @file}): one argument per line, UTF-8, quoted the way clang's gcc-like
 * driver tokenizes response files on every host: GNU rules ({@code llvm::cl::TokenizeGNUCommandLine}), which
 * clang uses unless it runs as clang-cl or is given {@code --rsp-quoting=windows} (clang's driver.cpp) -- so
 * also clang.exe on Windows, which hipcc.exe starts. An argument without whitespace, quotes, apostrophes or
 * backslashes is written as is; any other is written in double quotes with {@code \} written {@code \\} and
 * {@code "} written {@code \"}. (Until the Windows tier ran a real Windows clang.exe, Windows response files
 * were written by the CommandLineToArgvW rules, and clang.exe read {@code src\main\hip\a.cu} as
 * {@code srcmainhipa.cu}.)
 *
 * <p>{@link #commandLineLength} measures the command line the arguments make when passed directly: on
 * Windows as {@link WindowsArguments} encodes them for {@code CreateProcess}, elsewhere as {@code execve}
 * takes them (each argument and a separator).
 */
public final class ResponseFile {
    private ResponseFile() {
    }

    /**
     * The length in characters of the command line {@code executable args...} as it would be handed to the
     * operating system: on Windows each element encoded as {@link WindowsArguments} does (the program quoted),
     * elsewhere each element as it is; one separator between elements.
     */
    public static long commandLineLength(Path executable, List<String> args, OsFamily os) {
        long n = executable.toString().length() + 2;
        for (String a : args) {
            n += 1 + (os == OsFamily.WINDOWS ? WindowsArguments.encode(a).length() : a.length());
        }
        return n;
    }

    /** {@code arg} quoted for one line of a response file (see the class comment). */
    public static String quote(String arg) {
        boolean plain = !arg.isEmpty() && arg.chars().noneMatch(c -> Character.isWhitespace(c) || c == '"' || c == '\\'
                || c == '\'');
        if (plain) {
            return arg;
        }
        return "\"" + arg.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /**
     * Writes {@code args} to {@code file}.
     *
     * @throws IllegalArgumentException when an argument contains a line break (it cannot be one line), or is empty
     *                                  (clang's GNU tokenizer drops an empty {@code ""}: the arguments would shift)
     * @throws IOException              when the file cannot be written
     */
    public static void write(Path file, List<String> args) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String a : args) {
            if (a.isEmpty()) {
                throw new IllegalArgumentException("an empty argument cannot go into a response file (clang drops it,"
                        + " and the next argument takes its place): remove the empty element from compilerArgs");
            }
            if (a.indexOf('\n') >= 0 || a.indexOf('\r') >= 0) {
                throw new IllegalArgumentException("argument with a line break cannot go into a response file: " + a);
            }
            lines.add(quote(a));
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
    }
}
