package dev.hipdll.process;

import java.util.ArrayList;
import java.util.List;

/**
 * Encodes a child's arguments for a Windows command line, so that the child's C runtime
 * ({@code CommandLineToArgvW}, the MSVC and mingw-w64 start-up code, LLVM's {@code TokenizeWindowsCommandLine})
 * splits it back into exactly the arguments given.
 *
 * <p>Why the JDK cannot be left to do it: on Windows, {@code ProcessBuilder} joins the arguments into one
 * command line and, in its default mode ({@code jdk.lang.Process.allowAmbiguousCommands} not {@code false}),
 * only wraps an argument holding a space or tab in double quotes: a double quote inside an argument is
 * passed as it is, so {@code -DVERSION="1.0"} arrives as {@code -DVERSION=1.0} and {@code q"uote} swallows
 * every later argument (found on the Windows tier, {@code ProcessTreeTest}); an argument that already starts
 * and ends with a quote is passed verbatim. So each argument that needs it is encoded here, by the rules of
 * Microsoft's "Parsing C command-line arguments": wrapped in quotes; a run of {@code n} backslashes before a
 * quote written as {@code 2n+1} backslashes and the quote; other backslashes as they are. The encoded
 * argument starts and ends with a quote and never ends with {@code \"}, the JDK's sign of "not properly
 * quoted": trailing backslashes are written after the closing quote, doubled, followed by an empty quoted
 * string ({@code "a b"\\""} is {@code a b\}).
 *
 * <p>An argument without a space, tab, line feed, carriage return, vertical tab or quote, and not empty, is left as it is: the
 * C runtime takes it literally. Batch files ({@code .bat}, {@code .cmd}) are run by cmd.exe, which has other
 * rules; their arguments are not encoded (the build refuses a batch hipcc, {@code HipccLaunch}).
 */
public final class WindowsArguments {
    private WindowsArguments() {
    }

    /**
     * The arguments as handed to {@code ProcessBuilder} on Windows for {@code executable}.
     *
     * @param executable the program (a batch file's arguments are returned unchanged)
     * @param arguments  the arguments, one element each
     * @return the encoded arguments, in order
     */
    public static List<String> encode(String executable, List<String> arguments) {
        if (dev.hipdll.host.Host.isBatchFile(java.nio.file.Path.of(executable))) {
            return arguments;
        }
        List<String> out = new ArrayList<>(arguments.size());
        for (String a : arguments) {
            out.add(encode(a));
        }
        return out;
    }

    /**
     * One argument encoded (see the class comment).
     *
     * @param arg the argument
     * @return {@code arg} itself when the C runtime takes it literally, else its quoted form
     */
    public static String encode(String arg) {
        if (!arg.isEmpty() && arg.chars().noneMatch(c -> c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x0B || c == '"')) {
            return arg;
        }
        int end = arg.length();
        while (end > 0 && arg.charAt(end - 1) == '\\') {
            end--;
        }
        int trailing = arg.length() - end;
        StringBuilder b = new StringBuilder(arg.length() + 8).append('"');
        int backslashes = 0;
        for (int i = 0; i < end; i++) {
            char c = arg.charAt(i);
            if (c == '\\') {
                backslashes++;
                continue;
            }
            if (c == '"') {
                b.append("\\".repeat(2 * backslashes + 1)).append('"');
            } else {
                b.append("\\".repeat(backslashes)).append(c);
            }
            backslashes = 0;
        }
        b.append('"');
        if (trailing > 0) {
            b.append("\\".repeat(2 * trailing)).append("\"\"");
        }
        return b.toString();
    }
}
