package dev.hipdll.windowstier;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One start of probe.exe (src/test/windows-tier/programs/probe.c) as it recorded it in
 * {@code <its directory>\probe-log\<pid>-<tick>.txt}: the command line, the arguments as its C runtime split
 * them, the text of each {@code @file}, the working directory and the environment block in its order.
 *
 * @param file        the record
 * @param commandLine the whole command line
 * @param arguments   argv[1..]
 * @param responseFiles the text of each {@code @file} argument's file
 * @param environment {@code NAME=value} entries, as in the process's environment block
 */
record ProbeLog(Path file, String commandLine, List<String> arguments, List<String> responseFiles,
                List<String> environment) {

    /** Every record under {@code toolDir\probe-log}, oldest first by file name. */
    static List<ProbeLog> read(Path toolDir) throws IOException {
        Path dir = toolDir.resolve("probe-log");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<ProbeLog> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.sorted().toList()) {
                out.add(parse(f));
            }
        }
        return out;
    }

    /** Deletes the records under {@code toolDir\probe-log}. */
    static void clear(Path toolDir) throws IOException {
        WindowsTier.delete(toolDir.resolve("probe-log"));
    }

    static ProbeLog parse(Path f) throws IOException {
        String cmd = "";
        List<String> args = new ArrayList<>();
        List<String> rsp = new ArrayList<>();
        List<String> env = new ArrayList<>();
        for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            String key = line.substring(0, eq);
            String value = unescape(line.substring(eq + 1));
            switch (key) {
                case "cmdline" -> cmd = value;
                case "arg" -> args.add(value);
                case "rsp" -> rsp.add(value);
                case "env" -> env.add(value);
                default -> { }
            }
        }
        return new ProbeLog(f, cmd, List.copyOf(args), List.copyOf(rsp), List.copyOf(env));
    }

    private static String unescape(String v) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '\\' && i + 1 < v.length()) {
                char n = v.charAt(++i);
                b.append(n == 'n' ? '\n' : n == 'r' ? '\r' : n);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** The entries whose name is {@code name} in any case (Windows names are case-insensitive). */
    List<String> variables(String name) {
        return environment.stream().filter(e -> {
            int eq = e.indexOf('=', 1); // "=C:=C:\\..." entries start with '='
            return eq > 0 && e.substring(0, eq).equalsIgnoreCase(name);
        }).toList();
    }

    /** The value of {@code name} (any case), if exactly one entry has it. */
    Optional<String> variable(String name) {
        List<String> v = variables(name);
        return v.size() == 1 ? Optional.of(v.get(0).substring(v.get(0).indexOf('=', 1) + 1)) : Optional.empty();
    }

    /** The arguments after expanding each {@code @file} (split as clang's gcc-like driver splits it: GNU rules). */
    List<String> expandedArguments() {
        List<String> out = new ArrayList<>();
        int r = 0;
        for (String a : arguments) {
            if (a.startsWith("@") && r < responseFiles.size()) {
                out.addAll(gnuSplit(responseFiles.get(r++)));
            } else {
                out.add(a);
            }
        }
        return out;
    }

    /**
     * Splits response-file text by the rules of {@code llvm::cl::TokenizeGNUCommandLine}: blanks separate;
     * a backslash takes the next character literally (outside quotes and inside double quotes); double and
     * single quotes group (no escapes inside single quotes).
     */
    static List<String> gnuSplit(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder token = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                if (token != null) {
                    out.add(token.toString());
                    token = null;
                }
                continue;
            }
            if (token == null) {
                token = new StringBuilder();
            }
            if (c == '\\' && i + 1 < text.length()) {
                token.append(text.charAt(++i));
            } else if (c == '"' || c == '\'') {
                for (i++; i < text.length() && text.charAt(i) != c; i++) {
                    if (c == '"' && text.charAt(i) == '\\' && i + 1 < text.length()) {
                        i++;
                    }
                    token.append(text.charAt(i));
                }
            } else {
                token.append(c);
            }
        }
        if (token != null) {
            out.add(token.toString());
        }
        return out;
    }
}
