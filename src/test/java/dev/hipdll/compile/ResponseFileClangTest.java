package dev.hipdll.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The response files hipdll:build writes, read back by the real tokenizer: clang-19's gcc-like driver with its
 * default quoting (GNU rules on every host, as the Windows tier shows for clang.exe on Windows) must see exactly
 * the arguments we wrote. Each value travels as
 * {@code -DA<i>=<value>}; clang's {@code -###} prints the {@code -cc1} line with every argument
 * quoted, which {@link #jobArguments} splits (the parser of those lines, {@code ClangJobLine}, left
 * the main code with the single hipcc call whose {@code -v} output it read). Values: paths with spaces and non-ASCII
 * characters, Windows paths ending in a backslash, quotes, backslashes before quotes, a UNC path,
 * {@code $}, {@code '}, {@code #}, a tab, two spaces, an empty value.
 */
class ResponseFileClangTest {
    @TempDir
    Path dir;

    private static final List<String> VALUES = List.of(
            "/check/work/main/target/standin sdk/include",
            "/tmp/rp/a b/ünï/src/main/hip/backend_cuda.cu",
            "C:\\Program Files\\AMD\\ROCm\\7.1\\",
            "C:\\dir with space\\\\",
            "C:\\plain\\path",
            "\\\\server\\share name\\x",
            "a\"b",
            "a\\\"b",
            "say \"hi\" \\",
            "it's",
            "$HOME and ${PATH}",
            "#not a comment",
            "tab\there",
            "two  spaces",
            "");

    @Test
    void clangReadsBackWhatWeWrote() throws Exception {
        Path clang = Toolchain.tool("clang-19");
        List<String> args = new ArrayList<>();
        for (int i = 0; i < VALUES.size(); i++) {
            args.add("-DA" + i + "=" + VALUES.get(i));
        }
        Path rsp = dir.resolve("hipcc ünï.rsp");
        ResponseFile.write(rsp, args);
        String out = Exec.ok(dir, List.of(clang.toString(), "-###", "-fsyntax-only", "-x", "c",
                "/dev/null", "@" + rsp));
        String cc1 = out.lines().filter(l -> l.contains("\"-cc1\"")).findFirst().orElseThrow(() -> new AssertionError(out));
        List<String> cc1Args = jobArguments(cc1);
        List<String> seen = new ArrayList<>();
        for (int i = 0; i + 1 < cc1Args.size(); i++) {
            if (cc1Args.get(i).equals("-D") && cc1Args.get(i + 1).startsWith("A")) {
                seen.add(cc1Args.get(i + 1).replaceFirst("^A[0-9]+=", ""));
            }
        }
        assertEquals(VALUES, seen, () -> "clang saw: " + cc1);
    }

    /**
     * The arguments of one job line of clang's {@code -###}: each argument is printed in double quotes,
     * with {@code "}, {@code \\} and {@code $} escaped by a backslash (llvm::sys::printArg with quoting),
     * separated by single spaces. The program comes first.
     *
     * @throws AssertionError when the line is not of that form
     */
    static List<String> jobArguments(String line) {
        List<String> args = new ArrayList<>();
        int i = 0;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (c == ' ') {
                i++;
                continue;
            }
            if (c != '"') {
                throw new AssertionError("not a quoted argument at column " + i + ": " + line);
            }
            StringBuilder a = new StringBuilder();
            i++;
            while (true) {
                if (i >= n) {
                    throw new AssertionError("unterminated argument: " + line);
                }
                char d = line.charAt(i++);
                if (d == '\\' && i < n) {
                    a.append(line.charAt(i++));
                } else if (d == '"') {
                    break;
                } else {
                    a.append(d);
                }
            }
            args.add(a.toString());
        }
        return args;
    }

    @Test
    void jobArgumentsUndoesClangsQuoting() {
        assertEquals(List.of("/usr/bin/clang", "-cc1", "-D", "A=a \"b\" \\ $X", ""),
                jobArguments(" \"/usr/bin/clang\" \"-cc1\" \"-D\" \"A=a \\\"b\\\" \\\\ \\$X\" \"\""));
    }
}
