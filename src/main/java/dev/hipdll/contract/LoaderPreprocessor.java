package dev.hipdll.contract;

import dev.hipdll.process.ProcessResult;
import dev.hipdll.process.ProcessRunner;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The names a loader source resolves, as the compiler sees them: the HIP SDK's clang preprocesses
 * ({@code clang -E}, C11 translation phases 1 to 4) a copy of the loader in which each function-like
 * {@code #define} of {@code RESOLVE} or {@code RESOLVE_OPT} (found by {@link LoaderScan}, in any group)
 * begins its replacement list with a marker: {@code __hipdll_required_<nonce>__(#name)} or
 * {@code __hipdll_optional_<nonce>__(#name)}, {@code name} its first parameter, the nonce random per run.
 * Nothing else changes: the loader's own definitions, {@code #undef}s, conditionals and line structure stay,
 * so every path by which the compiler invokes {@code RESOLVE} (a wrapper, an X-macro list, the macro passed
 * as an argument, {@code RESOLVE_OPT} redefined as {@code RESOLVE}, a digraph directive, a pasted name, an
 * included list) leaves the marker with the argument's spelling in the output, where the output's line
 * markers ({@code # 142 "backend_loader.c"}) say where the outermost invocation was ({@link PreprocessedOutput}).
 * A name with a required marker is required, whatever else marks it.
 *
 * <p>clang runs through {@link ProcessRunner} (arguments as a list, the runner's timeout, the process tree
 * ended) as {@code clang -E -dD -w -nostdinc --target=x86_64-pc-windows-msvc -x c -iquote <loader's directory>
 * -idirafter <stubs> -o <out> -- <copy>}: the target the host is compiled for; no system header directory,
 * so the result does not depend on which Windows SDK or C library the verifying machine has. A header that is
 * not found (first those the loader names, then each one clang reports as {@code 'x.h' file not found}, at
 * most {@value #MAX_STUBS}) is read as an empty file, and the contract's origin names it. {@code -dD} keeps
 * every {@code #define} in the output: one of {@code RESOLVE}/{@code RESOLVE_OPT} without the marker (one
 * in a header, or one this reader did not see) fails closed, and so does an object-like one that is not
 * another name for the other ({@code #define RESOLVE_OPT RESOLVE} is).
 *
 * <p>Errors ({@link ContractException}), each naming the loader, and the line when there is one: clang cannot
 * be started, times out, or fails (its first error lines, the copy's path replaced by the loader's); the
 * output is larger than {@value #MAX_OUTPUT_MIB} MiB; a marker's argument is not one identifier.
 */
public final class LoaderPreprocessor {
    /** How long one {@code clang -E} may run by default. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);
    /** The most headers read as empty files. */
    static final int MAX_STUBS = 64;
    /** The largest preprocessed output read, in MiB. */
    static final int MAX_OUTPUT_MIB = 64;
    private static final Pattern NOT_FOUND = Pattern.compile("fatal error: '([^']{1,1024})' file not found");

    private final Path clang;
    private final ProcessRunner runner;
    private final Map<String, String> environment;

    /**
     * @param clang       the SDK's clang executable
     * @param runner      runs it (carries the timeout)
     * @param environment its complete environment, without another install's variables ({@code HIP_PATH}, ...) and
     *                    those that edit a compiler's command line or run code:
     *                    {@code dev.hipdll.environment.CompilerVariables#withoutToolchainVariables}
     */
    public LoaderPreprocessor(Path clang, ProcessRunner runner, Map<String, String> environment) {
        this.clang = clang;
        this.runner = runner;
        this.environment = Map.copyOf(environment);
    }

    /** The clang executable. */
    public Path clang() {
        return clang;
    }

    /**
     * One marker in the output.
     *
     * @param macro    {@code RESOLVE} for a required marker, {@code RESOLVE_OPT} for an optional one
     * @param required whether it is a required marker
     * @param argument the spelling of the first argument the macro was invoked with
     * @param where    {@code file:line} of the outermost macro invocation that led to it
     */
    record Use(String macro, boolean required, String argument, String where) {
    }

    /**
     * What the preprocessing found.
     *
     * @param uses the markers in output order
     * @param note for the contract's origin: how the names were read, and the headers read as empty
     */
    record Preprocessed(List<Use> uses, String note) {
    }

    /**
     * Preprocesses {@code text}, the loader {@code loader}'s text.
     *
     * @param sites   the function-like definitions of {@code RESOLVE}/{@code RESOLVE_OPT} in {@code text}
     * @param headers the headers its {@code #include}s name, as written
     * @throws ContractException see the class description
     * @throws IOException       when the temporary directory cannot be written
     */
    Preprocessed preprocess(Path loader, String text, List<LoaderScan.DefinitionSite> sites, List<String> headers)
            throws ContractException, IOException {
        byte[] random = new byte[8];
        new SecureRandom().nextBytes(random);
        String nonce = HexFormat.of().formatHex(random);
        PreprocessedOutput.Markers markers = new PreprocessedOutput.Markers("__hipdll_required_" + nonce + "__",
                "__hipdll_optional_" + nonce + "__");
        Path dir = Files.createTempDirectory("hipdll-contract");
        try {
            Path copy = Files.createDirectories(dir.resolve("src")).resolve(loader.getFileName().toString());
            Path stubs = Files.createDirectories(dir.resolve("stubs"));
            Path out = dir.resolve("out.i");
            Files.writeString(copy, rewrite(text, sites, markers), StandardCharsets.UTF_8);
            Set<String> stubbed = new LinkedHashSet<>();
            for (String h : headers) {
                stub(stubs, h, stubbed);
            }
            Path loaderDir = loader.toAbsolutePath().getParent();
            List<String> args = new ArrayList<>(List.of("-E", "-dD", "-w", "-nostdinc", "--target=x86_64-pc-windows-msvc",
                    "-x", "c"));
            if (loaderDir != null) {
                args.addAll(List.of("-iquote", loaderDir.toString()));
            }
            args.addAll(List.of("-idirafter", stubs.toString(), "-o", out.toString(), "--", copy.toString()));
            for (int attempt = 0; ; attempt++) {
                Files.deleteIfExists(out);
                ProcessResult r = runner.run(clang, args, environment, dir, line -> { });
                if (r.launchError() != null) {
                    throw new ContractException(loader + ": cannot start the SDK's clang " + clang + " to preprocess"
                            + " the loader (" + r.launchError() + ")");
                }
                if (r.timedOut()) {
                    throw new ContractException(loader + ": clang -E did not finish in " + runner.timeout().toSeconds()
                            + " s (" + clang + ")");
                }
                if (r.succeeded()) {
                    break;
                }
                String missing = r.output().stream().map(NOT_FOUND::matcher).filter(Matcher::find)
                        .map(m -> m.group(1)).findFirst().orElse(null);
                if (missing != null && attempt < MAX_STUBS && stub(stubs, missing, stubbed)) {
                    continue;
                }
                List<String> lines = r.output().stream().filter(l -> l.contains("error")).limit(10)
                        .map(l -> l.replace(copy.toString(), loader.toString())).toList();
                throw new ContractException(loader + ": clang -E failed (exit " + r.exitCode() + ", " + clang + "): "
                        + (lines.isEmpty() ? String.join(" | ", r.output().stream().limit(10).toList())
                        : String.join(" | ", lines)));
            }
            String output = read(loader, out);
            PreprocessedOutput.Result result = PreprocessedOutput.read(output, markers, copy.toString(), loader.toString(),
                    stubs.toString());
            List<String> empty = result.stubsRead();
            return new Preprocessed(result.uses(), "names as clang -E preprocesses it"
                    + (empty.isEmpty() ? "" : ", headers not found read as empty: " + String.join(", ", empty)));
        } finally {
            delete(dir);
        }
    }

    /**
     * {@code text} with each site's marker inserted right after its parameter list: the line structure,
     * and so every line number, stays.
     */
    static String rewrite(String text, List<LoaderScan.DefinitionSite> sites, PreprocessedOutput.Markers markers) {
        List<LoaderScan.DefinitionSite> sorted = new ArrayList<>(sites);
        sorted.sort(Comparator.comparingInt(LoaderScan.DefinitionSite::afterList));
        StringBuilder s = new StringBuilder(text.length() + 64 * sites.size());
        int from = 0;
        for (LoaderScan.DefinitionSite d : sorted) {
            s.append(text, from, d.afterList());
            String marker = d.macro().equals(LoaderScan.RESOLVE) ? markers.required() : markers.optional();
            s.append(' ').append(marker).append('(').append(d.firstParam() == null ? "\"\"" : "#" + d.firstParam())
                    .append(") ");
            from = d.afterList();
        }
        return s.append(text, from, text.length()).toString();
    }

    /** Creates an empty {@code header} under {@code stubs}; false when it is no relative path or exists. */
    private static boolean stub(Path stubs, String header, Set<String> stubbed) throws IOException {
        if (header.isEmpty() || stubbed.size() >= MAX_STUBS || header.indexOf('\0') >= 0 || header.contains(":")) {
            return false;
        }
        Path p;
        try {
            Path h = Path.of(header);
            if (h.isAbsolute() || h.getRoot() != null) {
                return false;
            }
            p = stubs.resolve(h).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
        if (!p.startsWith(stubs) || p.equals(stubs) || Files.exists(p)) {
            return false;
        }
        Files.createDirectories(p.getParent());
        Files.createFile(p);
        stubbed.add(header);
        return true;
    }

    private static String read(Path loader, Path out) throws IOException, ContractException {
        long size = Files.size(out);
        if (size > (long) MAX_OUTPUT_MIB << 20) {
            throw new ContractException(loader + ": clang -E wrote " + size + " bytes; expected at most " + MAX_OUTPUT_MIB
                    + " MiB for a loader source");
        }
        try (InputStream in = Files.newInputStream(out)) {
            return new String(in.readNBytes((int) size), StandardCharsets.UTF_8);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // a temporary file left behind costs nothing but space
                }
            });
        } catch (IOException e) {
            // as above
        }
    }
}
