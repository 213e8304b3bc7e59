package dev.hipdll.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.testing.Exec;
import dev.hipdll.testing.Toolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Differential test against a real C preprocessor: clang-19 compiles every loader variant
 * ({@code -fsyntax-only}, against the stub headers in {@code stub-include/}) and preprocesses it
 * ({@code -E}); the names in its {@code GetProcAddress(...)} calls, string literals concatenated
 * (C11 5.1.1.2 phase 6), are the names the host really looks up. The contract must name exactly
 * those when every optional feature macro is defined, and at least those when none is (the
 * contract is the union over configurations). Then the same against seeded mutants of the
 * example: line splices inside names, comments between tokens, arguments broken over lines,
 * CR/LF/CR LF line ends, uses disabled by {@code #if 0} or a {@code //} comment.
 */
class LoaderSourceClangOracleTest {
    private static final Path STUBS = Path.of("src/test/resources/dev/hipdll/contract/stub-include").toAbsolutePath();
    private static final List<String> ALL_FEATURES = List.of("-DCOLI_HAVE_ACTIVATIONS", "-DCOLI_GRAPHS");
    private static final LoaderSourceParser PARSER = new LoaderSourceParser("coli_cuda_");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"backend_loader.c", "multiline-full-names.c", "splices.c", "conditionals.c", "decoys.c",
        "impl-macro.c", "wrapper-macros.c"})
    void agreesWithClang(String variant) throws Exception {
        Path f = variant.equals("backend_loader.c") ? LoaderSourceShapesTest.exampleLoader()
                : LoaderSourceShapesTest.LOADERS.resolve(variant).toAbsolutePath();
        Exec.ok(dir, clang(f, "-fsyntax-only", ALL_FEATURES));
        Set<String> ours = PARSER.parse(f).all();
        List<String> lookedUp = clangNames(f, ALL_FEATURES);
        assertEquals(48, lookedUp.size(), lookedUp.toString());
        assertEquals(new LinkedHashSet<>(lookedUp), ours);
        List<String> noFeatures = clangNames(f, List.of());
        assertTrue(ours.containsAll(noFeatures), noFeatures + " not all in " + ours);
    }

    @Test
    void seededMutantsOfTheExample() throws Exception {
        String example = Files.readString(LoaderSourceShapesTest.exampleLoader(), StandardCharsets.UTF_8);
        int bodyStart = example.indexOf("static int coli_backend_resolve");
        int bodyEnd = example.indexOf("return 1;", bodyStart);
        Random random = new Random(20261129L);
        int disabled = 0;
        for (int m = 0; m < 30; m++) {
            String body = mutate(example.substring(bodyStart, bodyEnd), random);
            String text = example.substring(0, bodyStart) + body + example.substring(bodyEnd);
            String ends = List.of("\n", "\r\n", "\r").get(m % 3);
            Path f = dir.resolve("mutant" + m + ".c");
            Files.writeString(f, text.replace("\n", ends), StandardCharsets.UTF_8);
            AbiContract.NamedContract ours;
            try {
                ours = PARSER.parse(f);
            } catch (ContractException e) {
                throw new AssertionError("mutant " + m + " (kept in " + f + "): " + e.getMessage(), e);
            }
            List<String> lookedUp = clangNames(f, List.of());
            assertEquals(new LinkedHashSet<>(lookedUp), ours.all(), "mutant " + m);
            disabled += 48 - lookedUp.size();
        }
        assertTrue(disabled > 0, "the mutants disabled no use: the oracle compared nothing but the unchanged set");
    }

    /** Semantics may change (a use disabled); clang says what the result is. */
    private static String mutate(String body, Random r) {
        String[] lines = body.split("\n", -1);
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            String l = line;
            if (l.contains("RESOLVE")) {
                switch (r.nextInt(7)) {
                    case 0 -> l = "#if 0\n" + l + "\n#endif";
                    case 1 -> l = "    // " + l.strip();
                    case 2 -> l = l.replace(", ", ",\n        ");
                    case 3 -> l = l.replace("(", " /* name: */ (\n        ").replace(")", "\n    )");
                    default -> {
                    }
                }
                // a line splice at a random place inside the use (phase 2 joins it back)
                int at = 4 + r.nextInt(Math.max(1, l.length() - 4));
                if (r.nextBoolean() && at < l.length() && !l.startsWith("#") && !l.startsWith("    //")) {
                    l = l.substring(0, at) + "\\\n" + l.substring(at);
                }
            }
            out.append(l).append('\n');
        }
        return out.substring(0, out.length() - 1);
    }

    private List<String> clang(Path f, String mode, List<String> defines) {
        List<String> cmd = new ArrayList<>(List.of(Toolchain.tool("clang-19").toString(), mode, "-x", "c",
                "--target=x86_64-pc-windows-msvc", "-nostdinc", "-I", STUBS.toString()));
        cmd.addAll(defines);
        cmd.add("--");
        cmd.add(f.toString());
        return cmd;
    }

    /** The names in the preprocessed file's GetProcAddress(...) calls, in order. */
    private List<String> clangNames(Path f, List<String> defines) {
        List<String> cmd = clang(f, "-E", defines);
        cmd.add(cmd.size() - 2, "-P");
        // the preprocessed text goes to a file: clang's warnings (stderr) would land anywhere inside it
        Path out = dir.resolve(f.getFileName() + ".i");
        cmd.add(cmd.size() - 2, "-o");
        cmd.add(cmd.size() - 2, out.toString());
        Exec.ok(dir, cmd);
        String pre;
        try {
            pre = Files.readString(out, StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        List<String> names = new ArrayList<>();
        Pattern literal = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
        for (int i = pre.indexOf("GetProcAddress("); i >= 0; i = pre.indexOf("GetProcAddress(", i + 1)) {
            int depth = 0;
            int end = i + "GetProcAddress".length();
            for (; end < pre.length(); end++) {
                char c = pre.charAt(end);
                depth += c == '(' ? 1 : c == ')' ? -1 : 0;
                if (depth == 0) {
                    break;
                }
            }
            StringBuilder name = new StringBuilder();
            Matcher m = literal.matcher(pre.substring(i, end));
            while (m.find()) {
                name.append(m.group(1));
            }
            if (name.length() > 0) {
                names.add(name.toString());
            }
        }
        return names;
    }
}
