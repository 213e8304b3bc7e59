package dev.hipdll.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hipdll.testing.Toolchain;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loader reader against the compiler. {@value #MUTANTS} mutants of the example loader
 * ({@link LoaderMutants}, seeds 1 to {@value #MUTANTS}) are preprocessed by {@code clang-19 -E} (batched, a
 * few runs in all) with the oracle's own markers in the {@code RESOLVE}/{@code RESOLVE_OPT} definitions; the
 * markers in the output are the names the compiler resolves, required when a required marker is there.
 * The markers are checked against the {@code GetProcAddress} calls in the same output (each name looked up
 * is marked; one followed by the required-symbol check is marked required). Then {@link LoaderSourceParser}
 * alone may fail closed (a {@link ContractException} naming the file and line), but a contract it returns
 * never lacks a name clang resolves, nor calls optional one that clang requires. A clang-19 that is missing
 * fails this test under {@code CI=true} ({@link Toolchain}).
 */
class LoaderContractDifferentialTest {
    static final int MUTANTS = 400;
    private static final Path STUBS = Path.of("src/test/resources/dev/hipdll/contract/stub-include").toAbsolutePath();
    private static final Pattern MARKER = Pattern.compile("(" + LoaderMutants.REQ + "|" + LoaderMutants.OPT
            + ")\\s*\\(\\s*\"([^\"]*)\"\\s*\\)");
    private static final Pattern LOOKUP = Pattern.compile("GetProcAddress\\(b->module, \"coli_cuda_\" \"(\\w+)\"\\)");

    @TempDir
    Path dir;

    /**
     * What clang's output says.
     *
     * @param required names with a required marker
     * @param all      every marked name
     */
    record Names(Set<String> required, Set<String> all) {
    }

    @Test
    void theReaderNeverMissesANameTheCompilerResolves() throws Exception {
        Path clang = Toolchain.tool("clang-19");
        LoaderMutants mutants = new LoaderMutants(Files.readString(LoaderSourceShapesTest.exampleLoader(),
                StandardCharsets.UTF_8));
        List<Path> plain = new ArrayList<>();
        List<Path> marked = new ArrayList<>();
        for (int seed = 1; seed <= MUTANTS; seed++) {
            String m = mutants.mutant(seed);
            plain.add(Files.writeString(dir.resolve("mutant" + seed + ".c"), LoaderMutants.plain(m), StandardCharsets.UTF_8));
            marked.add(Files.writeString(dir.resolve("marked" + seed + ".c"), LoaderMutants.marked(m), StandardCharsets.UTF_8));
        }
        long t0 = System.nanoTime();
        List<Names> oracle = preprocess(clang, marked);
        long t1 = System.nanoTime();
        LoaderSourceParser parser = new LoaderSourceParser("coli_cuda_");
        List<String> misses = new ArrayList<>();
        int decided = 0;
        int failedClosed = 0;
        int refused = 0;
        int throughMacros = 0;
        for (int s = 0; s < MUTANTS; s++) {
            Names truth = oracle.get(s);
            if (truth.all().size() != 48 || !truth.required().containsAll(Set.of("coli_cuda_init", "coli_cuda_shutdown"))) {
                throughMacros++; // the mutant changed what is resolved (a use disabled, made optional or required)
            }
            AbiContract.NamedContract c;
            try {
                c = parser.parse(plain.get(s));
            } catch (ContractException e) {
                assertTrue(e.getMessage().startsWith(plain.get(s) + ":"), e.getMessage());
                if (e.getMessage().contains("cannot decide")) {
                    assertTrue(e.getMessage().matches(Pattern.quote(plain.get(s).toString())
                            + ":(\\d+):\\d+: the loader passes RESOLVE through a macro at line \\1 \\(.+\\): cannot decide;"
                            + " give the SDK \\(-Dhip.sdkRoot\\) or an explicit list \\(hip.exports\\)"), e.getMessage());
                    failedClosed++;
                } else {
                    refused++; // stricter, with a message: allowed
                }
                continue;
            }
            decided++;
            Set<String> missing = new TreeSet<>(truth.required());
            missing.removeAll(c.required());
            Set<String> absent = new TreeSet<>(truth.all());
            absent.removeAll(c.all());
            if (!missing.isEmpty() || !absent.isEmpty()) {
                misses.add("seed " + (s + 1) + " (" + plain.get(s) + "): required by clang, not by the reader: " + missing
                        + "; resolved by clang, not in the contract: " + absent);
            }
        }
        System.out.printf("loader differential: %d mutants, %d decided by the reader, %d failed closed, %d refused"
                + " otherwise, %d misses; clang %d ms, reader %d ms%n", MUTANTS, decided, failedClosed, refused, misses.size(),
                (t1 - t0) / 1_000_000,
                (System.nanoTime() - t1) / 1_000_000);
        assertEquals(List.of(), misses.stream().limit(20).toList(), misses.size() + " of " + MUTANTS
                + " mutants: the reader's contract lacks a name");
        assertTrue(decided >= MUTANTS / 5, "the reader decided only " + decided + " of " + MUTANTS + " mutants");
        assertTrue(failedClosed >= MUTANTS / 10, "only " + failedClosed + " mutants went through macros the reader"
                + " does not expand: the mutants do not test failing closed");
        assertTrue(throughMacros >= MUTANTS / 4, "only " + throughMacros + " mutants changed the names resolved");
    }

    /**
     * The production path ({@link LoaderSourceParser#parse(Path, LoaderPreprocessor)}: the reader's own markers in
     * the definitions it finds, clang-19 through {@code ProcessRunner}, the union with the reader's direct uses) on
     * every 20th mutant: never a name less than the oracle's, never a required name made optional.
     */
    @Test
    void thePreprocessedContractHasEveryNameTheOracleHas() throws Exception {
        Path clang = Toolchain.tool("clang-19");
        LoaderMutants mutants = new LoaderMutants(Files.readString(LoaderSourceShapesTest.exampleLoader(),
                StandardCharsets.UTF_8));
        List<Path> plain = new ArrayList<>();
        List<Path> marked = new ArrayList<>();
        for (int seed = 7; seed <= MUTANTS; seed += 20) {
            String m = mutants.mutant(seed);
            plain.add(Files.writeString(dir.resolve("mutant" + seed + ".c"), LoaderMutants.plain(m), StandardCharsets.UTF_8));
            marked.add(Files.writeString(dir.resolve("marked" + seed + ".c"), LoaderMutants.marked(m), StandardCharsets.UTF_8));
        }
        List<Names> oracle = preprocess(clang, marked);
        LoaderSourceParser parser = new LoaderSourceParser("coli_cuda_");
        for (int i = 0; i < plain.size(); i++) {
            AbiContract.NamedContract c = parser.parse(plain.get(i), LoaderSourceMacroPathsTest.clang());
            assertTrue(c.required().containsAll(oracle.get(i).required()), plain.get(i) + ": " + c.required());
            assertTrue(c.all().containsAll(oracle.get(i).all()), plain.get(i) + ": " + c.all());
            assertTrue(c.origin().contains("names as clang -E preprocesses it"), c.origin());
        }
    }

    /**
     * One {@code clang-19 -E} per 100 files, stdout to a file; split at each file's first line marker
     * ({@code # 1 "path"}). Checks the markers against the {@code GetProcAddress} calls.
     */
    static List<Names> preprocess(Path clang, List<Path> files) throws IOException, InterruptedException {
        List<Names> names = new ArrayList<>();
        for (int from = 0; from < files.size(); from += 100) {
            List<Path> batch = files.subList(from, Math.min(files.size(), from + 100));
            List<String> cmd = new ArrayList<>(List.of(clang.toString(), "-E", "-w", "-nostdinc",
                    "--target=x86_64-pc-windows-msvc", "-x", "c", "-I", STUBS.toString()));
            batch.forEach(f -> cmd.add(f.toString()));
            Path out = batch.get(0).resolveSibling("batch" + from + ".i");
            Path err = batch.get(0).resolveSibling("batch" + from + ".err");
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            // a hang guard, not a speed requirement: 100 files take seconds, but a busy machine (load 25 on 2 cores)
            // took over 120 s
            if (!p.waitFor(15, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                fail("clang-19 -E did not finish in 15 minutes (a hang guard)");
            }
            String errors = read(err);
            assertEquals(0, p.exitValue(), () -> "clang-19 -E failed: " + errors);
            String text = read(out);
            for (int i = 0; i < batch.size(); i++) {
                int start = text.indexOf("# 1 \"" + batch.get(i) + "\"\n");
                int end = i + 1 < batch.size() ? text.indexOf("# 1 \"" + batch.get(i + 1) + "\"\n") : text.length();
                assertTrue(start >= 0 && end > start, "no output for " + batch.get(i));
                names.add(names(text.substring(start, end), batch.get(i)));
            }
        }
        return names;
    }

    /** The marked names of one file's output, checked against its GetProcAddress calls. */
    private static Names names(String output, Path file) {
        Set<String> required = new LinkedHashSet<>();
        Set<String> all = new LinkedHashSet<>();
        Set<String> lookedUp = new LinkedHashSet<>();
        Set<String> checked = new LinkedHashSet<>();
        for (String line : output.split("\n")) {
            if (line.startsWith("#")) {
                continue; // line markers
            }
            Matcher m = MARKER.matcher(line);
            while (m.find()) {
                all.add("coli_cuda_" + m.group(2));
                if (m.group(1).equals(LoaderMutants.REQ)) {
                    required.add("coli_cuda_" + m.group(2));
                }
            }
            Matcher g = LOOKUP.matcher(line);
            while (g.find()) {
                lookedUp.add("coli_cuda_" + g.group(1));
                if (line.startsWith("; if (!b->" + g.group(1) + ")", g.end())) {
                    checked.add("coli_cuda_" + g.group(1));
                }
            }
        }
        assertEquals(lookedUp, all, file + ": the markers are not the names looked up");
        assertTrue(required.containsAll(checked), file + ": a name the loader requires has no required marker");
        return new Names(required, all);
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }
}
