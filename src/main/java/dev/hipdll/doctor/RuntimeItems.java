package dev.hipdll.doctor;

import dev.hipdll.parameter.ParameterHints;
import dev.hipdll.dllsearch.DllSearchOrder;
import dev.hipdll.dllsearch.SearchInputs;
import dev.hipdll.dllsearch.SearchLocation;
import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Doctor's runtime items: every {@code amdhip64_<major>.dll} in the runtime directory, the
 * application folder and System32 (Windows) and the PATH entries, with versions
 * ({@code runtime.files}); and on Windows which of them the loader binds by the standard DLL search
 * order ({@code runtime.search-order}) and with the runtime directory set by
 * {@code SetDllDirectoryW} ({@code runtime.with-dll-directory}), compared by SHA-256 with the
 * configured file.
 */
public final class RuntimeItems {
    private final DoctorHost host;
    private final FileProbe probe;
    private final ParameterHints hints;

    /** Findings worded for Maven ({@link ParameterHints#MAVEN}). @param host the host; @param probe its file system */
    public RuntimeItems(DoctorHost host, FileProbe probe) {
        this(host, probe, ParameterHints.MAVEN);
    }

    /**
     * @param host  the host
     * @param probe its file system
     * @param hints how the front end words a parameter ({@code -Dhip.runtimeDir})
     */
    public RuntimeItems(DoctorHost host, FileProbe probe, ParameterHints hints) {
        this.host = host;
        this.probe = probe;
        this.hints = java.util.Objects.requireNonNull(hints, "hints");
    }

    /**
     * @param runtimeDir           the configured runtime directory, or {@code null} when none is known
     * @param knownName            the runtime's file name when the SDK names it, else {@code null} (then
     *                             the newest-named {@code amdhip64_*.dll} in the directory)
     * @param applicationDirectory the host application's folder, or {@code null}
     */
    public RuntimeFindings examine(String runtimeDir, String knownName, String applicationDirectory) {
        List<Check> checks = new ArrayList<>();
        String runtimeName = knownName != null ? knownName : runtimeDir == null ? null : probe.fileNames(runtimeDir)
                .stream().filter(n -> RuntimeDllScanner.RUNTIME_NAME.matcher(n).matches()).reduce((a, b) -> b).orElse(null);
        List<ScanDirectory> dirs = new ArrayList<>();
        if (runtimeDir != null) {
            dirs.add(new ScanDirectory("runtime directory", runtimeDir));
        }
        if (host.windows()) {
            if (applicationDirectory != null) {
                dirs.add(new ScanDirectory("application folder", applicationDirectory));
            }
            dirs.add(new ScanDirectory("System32", host.system32()));
        }
        int i = 0;
        for (String e : host.pathEntries()) {
            dirs.add(new ScanDirectory("PATH entry #" + ++i, e));
        }
        List<RuntimeDll> dlls = new RuntimeDllScanner(probe).scan(dedupe(host, dirs));
        checks.add(runtimeFiles(host, dlls, runtimeDir, runtimeName));

        List<SearchLocation> order = List.of();
        Optional<String> first = Optional.empty();
        if (!host.windows()) {
            String why = "not a Windows host: the DLL search order is Windows'; hipdll:load-check"
                    + " " + hints.set("hip.loadCheck.launcher", "wine") + " shows what a Windows loader binds";
            checks.add(Check.of(CheckIds.RUNTIME_SEARCH_ORDER, "Windows loads the configured runtime first", Verdict.SKIP,
                    "-", why));
        } else if (runtimeDir == null || runtimeName == null) {
            checks.add(Check.of(CheckIds.RUNTIME_SEARCH_ORDER, "Windows loads the configured runtime first", Verdict.SKIP,
                    "a runtime directory", "no runtime directory or no amdhip64_<major>.dll in it"));
        } else {
            order = DllSearchOrder.of(new SearchInputs(applicationDirectory, null, host.systemRoot(), null,
                    host.pathEntries(), true));
            List<SearchLocation> hits = DllSearchOrder.hits(order, runtimeName, (d, n) -> probe.file(d, n).isPresent());
            first = hits.stream().findFirst().map(l -> host.join(l.directory(), runtimeName));
            checks.add(searchOrderCheck(CheckIds.RUNTIME_SEARCH_ORDER, "without a chosen runtime directory, Windows loads the"
                    + " configured runtime first", host, order, hits, runtimeDir, runtimeName, dlls));
            List<SearchLocation> withDir = DllSearchOrder.of(new SearchInputs(applicationDirectory, runtimeDir,
                    host.systemRoot(), null, host.pathEntries(), true));
            checks.add(searchOrderCheck(CheckIds.RUNTIME_WITH_DLL_DIRECTORY, "with SetDllDirectory(runtime directory), Windows"
                    + " loads the configured runtime first", host, withDir,
                    DllSearchOrder.hits(withDir, runtimeName, (d, n) -> probe.file(d, n).isPresent()), runtimeDir,
                    runtimeName, dlls));
        }
        return new RuntimeFindings(checks, dlls, runtimeName == null ? "" : runtimeName, order, first);
    }

    private Check runtimeFiles(DoctorHost host, List<RuntimeDll> dlls, String runtimeDir, String runtimeName) {
        List<String> details = new ArrayList<>();
        for (RuntimeDll d : dlls) {
            details.add(d.location() + ": " + host.join(d.directory(), d.name()) + "  file version " + d.versionText()
                    + "  sha256 " + (d.sha256().length() >= 12 ? d.sha256().substring(0, 12) : "?"));
        }
        if (runtimeDir == null) {
            return new Check(CheckIds.RUNTIME_FILES, "HIP runtime DLLs on this machine", Verdict.FAIL,
                    "amdhip64_<major>.dll in the runtime directory", "no runtime directory (no SDK resolved, no "
                    + hints.name("hip.runtimeDir") + ")",
                    details);
        }
        if (runtimeName == null) {
            return new Check(CheckIds.RUNTIME_FILES, "HIP runtime DLLs on this machine", Verdict.FAIL,
                    "amdhip64_<major>.dll in " + runtimeDir, "none in the runtime directory", details);
        }
        Map<String, List<RuntimeDll>> byName = dlls.stream().collect(Collectors.groupingBy(
                d -> d.name().toLowerCase(java.util.Locale.ROOT)));
        long builds = byName.getOrDefault(runtimeName.toLowerCase(java.util.Locale.ROOT), List.of()).stream()
                .map(RuntimeDll::sha256).distinct().count();
        boolean several = builds > 1;
        return new Check(CheckIds.RUNTIME_FILES, "HIP runtime DLLs on this machine", several ? Verdict.WARN : Verdict.PASS,
                runtimeName + " in " + runtimeDir, dlls.size() + " found" + (several ? ", " + builds + " different builds of "
                + runtimeName : ""), details);
    }

    private static Check searchOrderCheck(String id, String title, DoctorHost host, List<SearchLocation> order,
                                          List<SearchLocation> hits, String runtimeDir, String name, List<RuntimeDll> dlls) {
        List<String> details = new ArrayList<>();
        int n = 0;
        for (SearchLocation l : order) {
            boolean hit = hits.contains(l);
            details.add(++n + ". " + l + (hit ? "  <- holds " + name : ""));
        }
        String configured = host.join(runtimeDir, name);
        if (hits.isEmpty()) {
            return new Check(id, title, Verdict.WARN, configured, "no directory of this order holds " + name
                    + ": a host must choose the runtime directory (SetDllDirectoryW) or preload the runtime by path", details);
        }
        SearchLocation first = hits.get(0);
        String firstFile = host.join(first.directory(), name);
        if (host.sameDirectory(first.directory(), runtimeDir)) {
            return new Check(id, title, Verdict.PASS, configured, firstFile + " (the configured one)", details);
        }
        Optional<RuntimeDll> a = find(host, dlls, first.directory(), name);
        Optional<RuntimeDll> b = find(host, dlls, runtimeDir, name);
        boolean identical = a.isPresent() && b.isPresent() && !a.get().sha256().isEmpty()
                && a.get().sha256().equals(b.get().sha256());
        details.add(0, "Windows would load " + firstFile + " (" + first + ", file version "
                + a.map(RuntimeDll::versionText).orElse("?") + ") before the configured " + configured
                + " (file version " + b.map(RuntimeDll::versionText).orElse("?") + ")"
                + (identical ? ": an identical copy" : ": a different build"));
        return new Check(id, title, identical ? Verdict.WARN : Verdict.FAIL, configured,
                firstFile + (identical ? " (an identical copy)" : " (NOT the configured one)"), details);
    }

    private static Optional<RuntimeDll> find(DoctorHost host, List<RuntimeDll> dlls, String dir, String name) {
        return dlls.stream().filter(d -> host.sameDirectory(d.directory(), dir) && d.name().equalsIgnoreCase(name)).findFirst();
    }

    private static List<ScanDirectory> dedupe(DoctorHost host, List<ScanDirectory> dirs) {
        List<ScanDirectory> out = new ArrayList<>();
        for (ScanDirectory d : dirs) {
            if (out.stream().noneMatch(o -> host.sameDirectory(o.directory(), d.directory()))) {
                out.add(d);
            }
        }
        return out;
    }
}
