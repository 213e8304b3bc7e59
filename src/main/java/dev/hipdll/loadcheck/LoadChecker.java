package dev.hipdll.loadcheck;

import dev.hipdll.parameter.ParameterHints;
import dev.hipdll.contract.AbiContract;
import dev.hipdll.pe.ExportedSymbol;
import dev.hipdll.pe.ImportedModule;
import dev.hipdll.pe.PeFile;
import dev.hipdll.process.ProcessResult;
import dev.hipdll.process.ProcessRunner;
import dev.hipdll.dllsearch.WindowsApiSets;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Proves that a backend DLL loads the way its host loads it. Builds the loader program
 * ({@link LoaderProgram}) with the SDK's compiler, runs it (natively or under Wine, in one reused
 * prefix that is stopped afterwards) with the runtime directory put into the DLL search order
 * ({@code SetDllDirectoryW}), and turns its report into checks:
 * <ul>
 *   <li>{@code runtime.present}: the runtime directory holds the {@code amdhip64_<major>.dll} the
 *       DLL imports (a DLL linked against another SDK's {@code amdhip64.lib} is named here);</li>
 *   <li>{@code load}: {@code LoadLibraryExW} succeeded (else the Win32 error and what it means);</li>
 *   <li>{@code runtime.bound}: exactly one {@code amdhip64_*.dll} was loaded, and it is the file in
 *       the runtime directory ({@code GetModuleFileNameW});</li>
 *   <li>{@code symbols.required} / {@code symbols.optional} / {@code symbols.count}: every contract
 *       name resolved with {@code GetProcAddress};</li>
 *   <li>{@code device-code.registered} ({@link RegisteredDeviceCode}): the device code registered with the runtime
 *       ({@code __hipRegisterFatBinary}) and which gfx targets it carries: the stand-in runtime
 *       records each registration; every registered address must be an offload bundle inside the
 *       DLL's image (read back from the file). Skipped with a real runtime, which keeps no record.</li>
 * </ul>
 */
public final class LoadChecker {
    private static final Pattern RUNTIME = Pattern.compile("(?i)amdhip64_\\d{1,3}\\.dll");
    /** Windows' own DLLs (KnownDLLs), which every process finds; not listed when a load fails. */
    private static final Set<String> SYSTEM_DLLS = Set.of("kernel32.dll", "kernelbase.dll", "ntdll.dll", "user32.dll",
            "advapi32.dll", "gdi32.dll", "shell32.dll", "ole32.dll", "oleaut32.dll", "ws2_32.dll", "msvcrt.dll",
            "ucrtbase.dll", "bcrypt.dll", "sechost.dll", "rpcrt4.dll", "combase.dll", "shlwapi.dll", "setupapi.dll");

    private final Consumer<String> log;

    /** @param log receives progress lines (prefix creation) */
    public LoadChecker(Consumer<String> log) {
        this.log = log;
    }

    /**
     * Runs the check.
     *
     * @param o           what to check and with which tools
     * @param environment the environment of the compiler and the loader program (the host's)
     * @return the report; a DLL that fails to load is a report with failed checks, not an exception
     * @throws LoadCheckException when the check itself cannot run (see {@link LoadCheckException})
     */
    public LoadCheckReport check(LoadCheckOptions o, Map<String, String> environment) throws LoadCheckException {
        List<Check> checks = new ArrayList<>();
        Path dll = o.dll().toAbsolutePath().normalize();
        Path runtimeDir = o.runtimeDir().toAbsolutePath().normalize();
        if (!Files.isRegularFile(dll)) {
            throw new LoadCheckException("the DLL " + dll + " does not exist (hip.dll); build it first (hipdll:build)");
        }
        if (!Files.isDirectory(runtimeDir)) {
            throw new LoadCheckException("the runtime directory " + runtimeDir + " is not a directory (hip.runtimeDir)");
        }
        List<String> runtimeImports = new ArrayList<>();
        List<String> imports = new ArrayList<>();
        List<String> prefixed = new ArrayList<>();
        try (PeFile pe = PeFile.open(dll)) {
            for (ImportedModule m : pe.imports()) {
                imports.add(m.dllName());
                if (RUNTIME.matcher(m.dllName()).matches()) {
                    runtimeImports.add(m.dllName());
                }
            }
            for (ExportedSymbol s : pe.exports().symbols()) {
                if (s.name() != null && s.name().startsWith(o.contract().prefix())) {
                    prefixed.add(s.name());
                }
            }
        } catch (IOException e) {
            throw new LoadCheckException("cannot read " + dll + " as a PE image: " + e.getMessage());
        }
        List<String> inRuntimeDir = runtimeFiles(runtimeDir);
        checks.add(runtimePresent(dll, runtimeDir, runtimeImports, inRuntimeDir, o.hints()));

        List<String> symbols = o.contract() instanceof AbiContract.NamedContract n ? List.copyOf(n.all()) : prefixed;
        LoaderOutput out = run(o, environment, dll, runtimeDir, symbols);

        String expectedRuntime = runtimeImports.isEmpty() ? null
                : o.launcher().windowsPath(runtimeDir.resolve(runtimeImports.get(0)));
        if (out.loaded()) {
            checks.add(Check.of(CheckIds.LOAD, "LoadLibraryExW loads the DLL", Verdict.PASS, "the DLL loads", "loaded"));
        } else {
            List<String> details = new ArrayList<>();
            WindowsApiSets apiSets = WindowsApiSets.load();
            for (String imp : imports) {
                if (SYSTEM_DLLS.contains(imp.toLowerCase(Locale.ROOT)) || apiSets.resolves(imp)) {
                    continue; // Windows' own (KnownDLLs / API sets of Windows 10's schema): always found
                }
                boolean inDllDir = Files.isRegularFile(dll.resolveSibling(imp));
                boolean inRt = inRuntimeDir.stream().anyMatch(f -> f.equalsIgnoreCase(imp));
                details.add("imports " + imp + (inDllDir ? ": beside the DLL" : inRt ? ": in the runtime directory"
                        : ": neither beside the DLL nor in the runtime directory (only System32, the Windows directory"
                        + " or PATH could supply it)"));
            }
            checks.add(new Check(CheckIds.LOAD, "LoadLibraryExW loads the DLL", Verdict.FAIL, "the DLL loads",
                    "LoadLibraryExW failed: " + WindowsErrors.describe(out.loadError()), details));
        }
        Optional<String> bound = Optional.empty();
        if (out.loaded()) {
            List<String> runtimes = out.modules().stream().filter(m -> RUNTIME.matcher(fileName(m)).matches()).toList();
            bound = runtimes.stream().filter(m -> runtimeImports.stream().anyMatch(i -> fileName(m).equalsIgnoreCase(i)))
                    .findFirst();
            checks.add(runtimeBound(expectedRuntime, runtimes, bound));
        } else {
            checks.add(Check.of(CheckIds.RUNTIME_BOUND, "the configured runtime is bound", Verdict.SKIP,
                    expectedRuntime == null ? "a HIP runtime" : expectedRuntime, "the DLL did not load"));
        }
        checks.addAll(symbolChecks(o.contract(), out, symbols.size()));
        List<String> targets = new ArrayList<>();
        checks.add(RegisteredDeviceCode.check(dll, out, o.requiredTargets(), targets));
        return new LoadCheckReport(dll, runtimeDir, checks, bound, targets, out.resolved().size(), symbols.size());
    }

    private LoaderOutput run(LoadCheckOptions o, Map<String, String> environment, Path dll, Path runtimeDir,
                             List<String> symbols) throws LoadCheckException {
        ProcessRunner runner = new ProcessRunner(o.timeout());
        Path exe = new LoaderProgram(runner, o.hints()).build(o.clang(), o.lldLink(), o.libDirs(), environment, o.workDir());
        Launcher launcher = o.launcher();
        LoaderRequest request = new LoaderRequest(launcher.windowsPath(runtimeDir), null, launcher.windowsPath(dll),
                symbols);
        Path requestFile = o.workDir().resolve("request.txt");
        try {
            Files.writeString(requestFile, request.render(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new LoadCheckException("cannot write " + requestFile + ": " + e.getMessage());
        }
        WinePrefix prefix = launcher instanceof Launcher.Wine w ? new WinePrefix(w, new ProcessRunner(
                o.timeout().plusSeconds(120)), o.hints()) : null;
        ProcessResult r;
        try (WinePrefix.Use held = prefix == null ? null
                : prefix.use(environment, "pid " + ProcessHandle.current().pid() + " (hipdll:load-check)", log)) {
            List<String> cmd = launcher.command(exe, List.of(launcher.windowsPath(requestFile)));
            r = runner.run(Path.of(cmd.get(0)), cmd.subList(1, cmd.size()), launcher.environment(environment),
                    o.workDir(), line -> { });
        }
        Path outFile = o.workDir().resolve("output.txt");
        try {
            Files.write(outFile, r.output(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new LoadCheckException("cannot write " + outFile + ": " + e.getMessage());
        }
        if (r.launchError() != null) {
            throw new LoadCheckException("cannot start " + launcher.command(exe, List.of()).get(0) + " ("
                    + r.launchError() + ")" + (launcher instanceof Launcher.Wine
                    ? ": install Wine (Debian: apt-get install wine64 wine; this project: ./scripts/install/wine)" : ""));
        }
        if (r.timedOut()) {
            throw new LoadCheckException("the loader program ran past " + o.timeout().toSeconds()
                    + " s and was killed with its process tree (hip.loadCheck.timeout); output so far in " + outFile);
        }
        return new LoaderOutputParser().parse(r.output(), r.exitCode());
    }

    private static Check runtimePresent(Path dll, Path runtimeDir, List<String> runtimeImports, List<String> inDir,
                                        ParameterHints hints) {
        String title = "the runtime directory holds the runtime the DLL imports";
        if (runtimeImports.isEmpty()) {
            return Check.of(CheckIds.RUNTIME_PRESENT, title, Verdict.WARN, "an import of amdhip64_<major>.dll",
                    dll.getFileName() + " imports no HIP runtime");
        }
        List<String> missing = runtimeImports.stream()
                .filter(i -> inDir.stream().noneMatch(f -> f.equalsIgnoreCase(i))).toList();
        if (missing.isEmpty()) {
            return Check.of(CheckIds.RUNTIME_PRESENT, title, Verdict.PASS, String.join(", ", runtimeImports) + " in " + runtimeDir,
                    "present");
        }
        String holds = inDir.isEmpty() ? "no amdhip64_<major>.dll at all" : String.join(", ", inDir);
        return new Check(CheckIds.RUNTIME_PRESENT, title, Verdict.FAIL, String.join(", ", runtimeImports) + " in " + runtimeDir,
                "it holds " + holds, List.of(dll.getFileName() + " imports " + String.join(", ", missing)
                        + ", but the runtime directory " + runtimeDir + " holds " + holds
                        + ": the DLL was linked against another HIP SDK's amdhip64.lib than the runtime it is checked"
                        + " with. Rebuild it with the SDK whose runtime you ship, or set " + hints.name("hip.runtimeDir") + " to a"
                        + " directory holding " + String.join(", ", missing) + "."));
    }

    private static Check runtimeBound(String expected, List<String> runtimes, Optional<String> bound) {
        String title = "the configured runtime is bound";
        String want = expected == null ? "a HIP runtime" : expected;
        if (bound.isEmpty()) {
            return new Check(CheckIds.RUNTIME_BOUND, title, expected == null ? Verdict.WARN : Verdict.FAIL, want,
                    "no amdhip64_<major>.dll loaded", runtimes.stream().map(r -> "loaded: " + r).toList());
        }
        List<String> details = new ArrayList<>();
        if (runtimes.size() > 1) {
            details.add("two or more HIP runtimes in one process: " + String.join(", ", runtimes));
        }
        boolean same = expected != null && sameWindowsPath(bound.get(), expected);
        if (!same) {
            details.add("the DLL bound " + bound.get() + " instead of " + want
                    + ": an earlier directory in the DLL search order (the DLL's own directory, or KnownDLLs) holds"
                    + " one; run hipdll:doctor to see the search order");
        }
        return new Check(CheckIds.RUNTIME_BOUND, title, same && runtimes.size() == 1 ? Verdict.PASS : Verdict.FAIL, want,
                bound.get() + (same ? " (the configured one)" : " (NOT the configured one)"), details);
    }

    private static List<Check> symbolChecks(AbiContract contract, LoaderOutput out, int requested) {
        List<Check> checks = new ArrayList<>();
        if (!out.loaded()) {
            checks.add(Check.of(CheckIds.SYMBOLS_REQUIRED, "GetProcAddress resolves every contract name", Verdict.SKIP,
                    requested + " names", "the DLL did not load"));
            return checks;
        }
        Set<String> missing = new LinkedHashSet<>(out.missing());
        if (contract instanceof AbiContract.NamedContract n) {
            List<String> req = n.required().stream().filter(missing::contains).toList();
            int ok = n.required().size() - req.size();
            checks.add(new Check(CheckIds.SYMBOLS_REQUIRED, "GetProcAddress resolves every required name (RESOLVE)",
                    req.isEmpty() ? Verdict.PASS : Verdict.FAIL, n.required().size() + " required names from " + n.origin(),
                    ok + " of " + n.required().size() + " resolved",
                    req.stream().map(s -> "missing required: " + s).toList()));
            if (!n.optional().isEmpty()) {
                List<String> opt = n.optional().stream().filter(missing::contains).toList();
                checks.add(new Check(CheckIds.SYMBOLS_OPTIONAL, "GetProcAddress resolves the optional names (RESOLVE_OPT)",
                        opt.isEmpty() ? Verdict.PASS : Verdict.WARN, n.optional().size() + " optional names",
                        (n.optional().size() - opt.size()) + " of " + n.optional().size() + " resolved",
                        opt.stream().map(s -> "missing optional (the feature degrades): " + s).toList()));
            }
        } else {
            int resolved = out.resolved().size();
            checks.add(new Check(CheckIds.SYMBOLS_COUNT, "GetProcAddress resolves the DLL's " + contract.prefix() + "* exports",
                    resolved == contract.expectedCount() && missing.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                    contract.expectedCount() + " names (" + contract.origin() + ")", resolved + " resolved",
                    missing.stream().map(s -> "exported but not resolvable: " + s).toList()));
        }
        return checks;
    }


    private static List<String> runtimeFiles(Path dir) throws LoadCheckException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (RUNTIME.matcher(n).matches() && Files.isRegularFile(p)) {
                    names.add(n);
                }
            }
        } catch (IOException e) {
            throw new LoadCheckException("cannot list the runtime directory " + dir + ": " + e.getMessage());
        }
        names.sort(null);
        return names;
    }

    private static String fileName(String windowsPath) {
        int i = Math.max(windowsPath.lastIndexOf('\\'), windowsPath.lastIndexOf('/'));
        return windowsPath.substring(i + 1);
    }

    /** Whether two Windows paths name the same file (case-insensitive, either separator). */
    static boolean sameWindowsPath(String a, String b) {
        return a.replace('/', '\\').toLowerCase(Locale.ROOT).equals(b.replace('/', '\\').toLowerCase(Locale.ROOT));
    }
}
