package dev.hipdll.loadcheck;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Parses the loader program's stdout (the protocol in {@code hipdll_loadcheck.c}): the first line
 * is {@code loadcheck 1}, the last {@code end}; every other line starts with a known key. Lines
 * before {@code loadcheck 1} and after {@code end} (a launcher's own noise) are skipped. Anything else is an error that
 * quotes the line, so a crash or a foreign program is never mistaken for a result.
 */
public final class LoaderOutputParser {

    /**
     * @param lines    the program's output lines
     * @param exitCode its exit code
     * @throws LoadCheckException when the output is not the protocol (the message quotes the output)
     */
    public LoaderOutput parse(List<String> lines, int exitCode) throws LoadCheckException {
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals("loadcheck 1")) {
                start = i;
                break;
            }
        }
        if (start < 0) {
            throw bad("no 'loadcheck 1' line: the loader program did not start", lines, exitCode);
        }
        long dirError = 0;
        long preloadError = 0;
        boolean loaded = false;
        long loadError = 0;
        boolean sawLoad = false;
        boolean ended = false;
        List<String> resolved = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        List<String> modules = new ArrayList<>();
        OptionalInt registrations = OptionalInt.empty();
        OptionalInt functions = OptionalInt.empty();
        List<RegisteredBundle> bundles = new ArrayList<>();
        for (int i = start + 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1);
            }
            if (ended) {
                break; // what a launcher prints after the program ended is not the program's
            }
            String[] f = line.split(" ", 3);
            try {
                switch (f[0]) {
                    case "runtime-dir" -> dirError = f[1].equals("ok") ? 0 : Long.parseLong(f[2]);
                    case "preload" -> preloadError = f[1].equals("ok") ? 0 : Long.parseLong(f[2]);
                    case "load" -> {
                        sawLoad = true;
                        loaded = f[1].equals("ok");
                        loadError = loaded ? 0 : Long.parseLong(f[2]);
                    }
                    case "symbol" -> (f[1].equals("ok") ? resolved : missing).add(f[2]);
                    case "module" -> modules.add(line.substring("module ".length()));
                    case "modules" -> { } // enumeration failed; the module list stays empty
                    case "registrations" -> {
                        if (!f[1].equals("unknown")) {
                            registrations = OptionalInt.of(Integer.parseInt(f[1]));
                        }
                    }
                    case "functions" -> functions = OptionalInt.of(Integer.parseInt(f[1]));
                    case "bundle" -> {
                        String[] b = line.split(" ");
                        int index = Integer.parseInt(b[1]);
                        bundles.add(b[2].equals("outside") ? new RegisteredBundle(index, -1, "")
                                : new RegisteredBundle(index, Long.parseLong(b[2], 16), b[3]));
                    }
                    case "error" -> throw bad("the loader program rejected its request: " + line.substring(6), lines,
                            exitCode);
                    case "end" -> ended = true;
                    default -> throw bad("unknown line: " + line, lines, exitCode);
                }
            } catch (ArrayIndexOutOfBoundsException | NumberFormatException e) {
                throw bad("malformed line: " + line, lines, exitCode);
            }
        }
        if (!ended) {
            throw bad("no 'end' line: the loader program stopped early (crashed in the DLL's initialization?)", lines,
                    exitCode);
        }
        if (!sawLoad) {
            throw bad("no 'load' line", lines, exitCode);
        }
        return new LoaderOutput(dirError, preloadError, loaded, loadError, resolved, missing, modules, registrations,
                functions, bundles, exitCode);
    }

    private static LoadCheckException bad(String what, List<String> lines, int exitCode) {
        List<String> shown = lines.size() <= 40 ? lines : lines.subList(lines.size() - 40, lines.size());
        return new LoadCheckException("unexpected output from the loader program (exit " + exitCode + "): " + what
                + (shown.isEmpty() ? " (no output)" : "\n  | " + String.join("\n  | ", shown)));
    }
}
