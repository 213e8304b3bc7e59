package dev.hipdll.compile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads the job lines clang's driver prints with {@code -v} just before it runs each job (clang's
 * {@code Compilation::ExecuteCommand}: the executable in double quotes, with {@code \} escaped,
 * then the arguments unquoted), e.g.
 * <pre> "/usr/lib/llvm-19/bin/clang" -cc1 -triple amdgcn-amd-amdhsa ... -target-cpu gfx1151 ... -main-file-name backend_cuda.cu ...
 * "C:\\Program Files\\AMD\\ROCm\\6.4\\lib\\llvm\\bin\\lld-link.exe" -out:coli_hip.dll ...</pre>
 * and says which {@link CompileStep} it starts: a device compile ({@code -cc1} with an
 * {@code amdgcn} triple), a host compile ({@code -cc1} with another triple), the link
 * ({@code lld-link}/{@code link}); any other job (the device {@code lld}, the
 * {@code clang-offload-bundler}, {@code -cc1as}) continues the current step.
 */
public final class ClangJobLine {
    private ClangJobLine() {
    }

    /** Whether {@code line} is a driver job line (one leading space, then a quoted executable). */
    public static boolean isJobLine(String line) {
        return line.startsWith(" \"") && line.indexOf('"', 2) > 2;
    }

    /**
     * The step {@code line} starts.
     *
     * @return the step, or empty when the line is no job line or continues the current step
     */
    public static Optional<CompileStep> stepOf(String line) {
        if (!isJobLine(line)) {
            return Optional.empty();
        }
        int end = closingQuote(line);
        if (end < 0) {
            return Optional.empty();
        }
        String exe = line.substring(2, end).replace("\\\\", "\\");
        String name = exe.substring(Math.max(exe.lastIndexOf('/'), exe.lastIndexOf('\\')) + 1).toLowerCase(Locale.ROOT);
        if (name.endsWith(".exe")) {
            name = name.substring(0, name.length() - 4);
        }
        List<String> args = arguments(line.substring(end + 1));
        if (name.equals("lld-link") || name.equals("link")) {
            return Optional.of(new CompileStep(CompileStep.Kind.LINK, "", ""));
        }
        if (!args.isEmpty() && args.get(0).equals("-cc1")) {
            String triple = valueAfter(args, "-triple");
            String source = valueAfter(args, "-main-file-name");
            if (triple.startsWith("amdgcn")) {
                return Optional.of(new CompileStep(CompileStep.Kind.DEVICE, source, valueAfter(args, "-target-cpu")));
            }
            return Optional.of(new CompileStep(CompileStep.Kind.HOST, source, triple));
        }
        return Optional.empty();
    }

    /**
     * The arguments after the executable, split as clang prints them ({@code llvm::sys::printArg}): an
     * argument holding a space, {@code "}, {@code \\} or {@code $} is written in double quotes with
     * those three escaped by a backslash (e.g. {@code -main-file-name "a b.cu"}); any other is bare.
     */
    static List<String> arguments(String rest) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = rest.length();
        while (i < n) {
            while (i < n && rest.charAt(i) == ' ') {
                i++;
            }
            if (i >= n) {
                break;
            }
            StringBuilder arg = new StringBuilder();
            if (rest.charAt(i) == '"') {
                i++;
                while (i < n && rest.charAt(i) != '"') {
                    if (rest.charAt(i) == '\\' && i + 1 < n) {
                        i++;
                    }
                    arg.append(rest.charAt(i++));
                }
                i++;
            } else {
                while (i < n && rest.charAt(i) != ' ') {
                    arg.append(rest.charAt(i++));
                }
            }
            out.add(arg.toString());
        }
        return out;
    }

    private static int closingQuote(String line) {
        for (int i = 2; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return -1;
    }

    private static String valueAfter(List<String> args, String option) {
        int i = args.indexOf(option);
        return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : "?";
    }
}
