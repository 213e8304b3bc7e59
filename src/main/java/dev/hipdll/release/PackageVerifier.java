package dev.hipdll.release;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.DetailBound;
import dev.hipdll.verify.DllNamePattern;
import dev.hipdll.verify.DllVerifier;
import dev.hipdll.verify.ImageSummary;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Verifies a release package, a directory or a zip: every PE file in it goes through the
 * single-DLL pipeline ({@link DllVerifier}, the same options, so every check of one DLL applies per file),
 * then the package's checks run on what those verifications read ({@link ImageSummary}):
 * <ul>
 *   <li>{@code package.contents}: what was read; entries refused (path traversal, links, duplicates) are named,
 *       a zip bomb or too many entries refuse the package;</li>
 *   <li>{@code package.dependencies}, per file: each imported DLL is in the package, a Windows DLL (KnownDLLs,
 *       an API set, System32: {@link WindowsDlls}) or an allowed runtime (the import allow-list,
 *       {@code hip.allowedImports}); a missing one is what fails with {@code ERROR_MOD_NOT_FOUND} (126) on the
 *       user's machine. This replaces {@code imports.allowed} in a package;</li>
 *   <li>{@code package.known-dlls}, per file: an import of a KnownDLL the package ships its own copy of (Windows
 *       maps System32's; the package's copy is never loaded);</li>
 *   <li>{@code package.runtime}: one HIP runtime major in the whole package ({@code amdhip64_6.dll} and
 *       {@code amdhip64_7.dll} in one process are two runtimes);</li>
 *   <li>{@code package.size}: the package's size against a budget (GitHub's 2 GiB per release asset by default),
 *       with each gfx target's device code summed over the backends (a redistributed file's device code is
 *       not read).</li>
 * </ul>
 * Each file has a role ({@link FileRole}): a backend (its name matches a {@link PackageOptions#backends()} glob)
 * gets every check; a redistributed file the checks that decide whether the release loads and can be trusted.
 * The package is a release, not a bag of files:
 * <ul>
 *   <li>{@code package.backends}: every backend named is a PE file of the package, under its name (Windows
 *       matches it case-insensitively); a file Windows would rename on extraction is not it;</li>
 *   <li>{@code package.names}: every name Windows cannot hold or rewrites ({@link WindowsNames}) and every name
 *       differing from another only in case, refused by name, the file neither unpacked nor verified;</li>
 *   <li>bounds: at most {@link PackageLimits#maxFiles()} PE files, the package's time limit
 *       ({@link PackageOptions#timeLimit()}), and in a package of more than
 *       {@link PackageOptions#detailedFiles()} files a passing file reported as one {@code package.file} line.</li>
 * </ul>
 */
public final class PackageVerifier {
    private static final Pattern HIP_RUNTIME = Pattern.compile("amdhip64(?:_(\\d+))?\\.dll", Pattern.CASE_INSENSITIVE);

    private final WindowsDlls windows;
    private final LongSupplier nanoClock;

    /** A verifier with the Windows DLL lists shipped with the plugin. */
    public PackageVerifier() {
        this(WindowsDlls.load());
    }

    /** A verifier with other Windows DLL lists (tests). */
    public PackageVerifier(WindowsDlls windows) {
        this(windows, System::nanoTime);
    }

    /**
     * A verifier with other Windows DLL lists and another clock (tests of the package's time limit).
     *
     * @param nanoClock a monotonic clock in nanoseconds, read before each file ({@link System#nanoTime()})
     */
    public PackageVerifier(WindowsDlls windows, LongSupplier nanoClock) {
        this.windows = windows;
        this.nanoClock = nanoClock;
    }

    /**
     * Verifies the package at {@code path}.
     *
     * @throws IOException when the package cannot be read at all (no such file, a temporary directory cannot be made)
     */
    public PackageReport verify(Path path, PackageOptions options) throws IOException {
        return verify(path, options, PackageFileCheck.NONE);
    }

    /**
     * As {@link #verify(Path, PackageOptions)}, with {@code more} checks for each PE file after its own.
     *
     * @throws IOException when the package cannot be read at all (no such file, a temporary directory cannot be made)
     */
    public PackageReport verify(Path path, PackageOptions options, PackageFileCheck more) throws IOException {
        long start = nanoClock.getAsLong();
        try (PackageContents c = new PackageReader(options.limits(), options.temporaryParent()).read(path)) {
            Map<String, String> facts = new LinkedHashMap<>();
            facts.put("kind", c.kind());
            facts.put("size", Long.toString(c.bytes()));
            facts.put("entries", Integer.toString(c.entries()));
            facts.put("peFiles", Integer.toString(c.files().size()));
            List<Check> packageChecks = new ArrayList<>();
            List<PackageReport.FileReport> files = new ArrayList<>();
            if (c.stopped() != null) {
                packageChecks.add(contents(c, null));
                packageChecks.add(names(c));
                return new PackageReport(path, facts, packageChecks, files);
            }
            Map<String, List<String>> shipped = new TreeMap<>();  // lower-case file name -> paths in the package
            for (PackageFile f : c.files()) {
                shipped.computeIfAbsent(f.fileName().toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(f.name());
            }
            Set<String> allNames = new HashSet<>();
            for (String n : c.otherNames()) {
                allNames.add(n.toLowerCase(Locale.ROOT));
            }
            boolean summarise = c.files().size() > options.detailedFiles();
            String timedOut = null;
            VerifyOptions user = options.verify();
            for (int i = 0; i < c.files().size(); i++) {
                PackageFile f = c.files().get(i);
                long left = options.timeLimit().toNanos() - (nanoClock.getAsLong() - start);
                if (left <= 0) {
                    timedOut = unverified(c.files().subList(i, c.files().size()), options.timeLimit());
                    break;
                }
                FileRole role = role(f, options);
                VerifyOptions o = role.options(user);
                Duration budget = o.limits().time().compareTo(Duration.ofNanos(left)) <= 0 ? o.limits().time()
                        : Duration.ofNanos(left);
                VerifyReport r = new DllVerifier().verify(f.file(), o.toBuilder().limits(o.limits().toBuilder().time(budget).build())
                        .build());
                List<Check> checks = role.explained(r.checks(), user);
                checks.add(user.skips(CheckIds.PACKAGE_DEPENDENCIES) ? skipped(CheckIds.PACKAGE_DEPENDENCIES)
                        : dependencies(f, r.image(), shipped, allNames, o));
                checks.add(user.skips(CheckIds.PACKAGE_KNOWN_DLLS) ? skipped(CheckIds.PACKAGE_KNOWN_DLLS)
                        : knownDlls(r.image(), shipped));
                checks.addAll(more.checks(f, role));
                Map<String, String> fileFacts = new LinkedHashMap<>();
                fileFacts.put("role", role.label());
                fileFacts.putAll(r.facts());
                VerifyReport full = new VerifyReport(r.dll(), checks, fileFacts, r.image());
                files.add(new PackageReport.FileReport(f.name(), summarise && full.passed() ? summary(full, role, options)
                        : full, role));
            }
            packageChecks.add(contents(c, timedOut));
            packageChecks.add(names(c));
            packageChecks.add(user.skips(CheckIds.PACKAGE_BACKENDS) ? skipped(CheckIds.PACKAGE_BACKENDS)
                    : backends(c, options));
            packageChecks.add(user.skips(CheckIds.PACKAGE_RUNTIME) ? skipped(CheckIds.PACKAGE_RUNTIME)
                    : runtime(files, shipped));
            packageChecks.add(user.skips(CheckIds.PACKAGE_SIZE) ? skipped(CheckIds.PACKAGE_SIZE)
                    : size(c, files, options));
            return new PackageReport(path, facts, packageChecks, files);
        }
    }

    /** The role of {@code f}: a backend when a {@link PackageOptions#backends()} glob matches its file name. */
    private static FileRole role(PackageFile f, PackageOptions options) {
        for (String g : options.backends()) {
            if (new DllNamePattern(g).matches(f.fileName())) {
                return FileRole.BACKEND;
            }
        }
        return FileRole.REDISTRIBUTED;
    }

    /** Why the files from the first one not reached on were not verified: the package's time limit passed. */
    private static String unverified(List<PackageFile> rest, Duration limit) {
        List<String> shown = new ArrayList<>();
        for (PackageFile f : rest.subList(0, Math.min(rest.size(), 5))) {
            shown.add(f.name());
        }
        return "the package's time limit of " + limit.toSeconds() + " s (hip.package.timeLimit) passed with " + rest.size()
                + " PE file(s) not verified: " + String.join(", ", shown) + (rest.size() > shown.size() ? ", ..." : "");
    }

    /**
     * A passing file of a package of many, as one {@code package.file} check: its verdict counts and the ids of its
     * warnings; facts and the image summary are kept (the package's checks read them).
     */
    private static VerifyReport summary(VerifyReport full, FileRole role, PackageOptions options) {
        List<String> warned = new ArrayList<>();
        for (Check k : full.checks()) {
            if (k.verdict() == Verdict.WARN) {
                warned.add(k.id());
            }
        }
        String found = role.label() + ": " + full.count(Verdict.PASS) + " passed, " + (warned.isEmpty() ? "0 warnings"
                : warned.size() + " warning(s) (" + String.join(", ", warned) + ")") + ", " + full.count(Verdict.SKIP)
                + " skipped";
        Check one = Check.of(CheckIds.PACKAGE_FILE, "every check of the file passed", warned.isEmpty() ? Verdict.PASS
                        : Verdict.WARN, "no failed check; in a package of more than " + options.detailedFiles()
                        + " PE files a passing file is this one line (hip.package.detailedFiles)", found);
        return new VerifyReport(full.dll(), List.of(one), full.facts(), full.image());
    }

    private static Check skipped(String id) {
        return Check.of(id, id, Verdict.SKIP, "switched off", "skipped by hip.checks.skip");
    }

    /** {@code package.contents}: what was read, and every entry refused. */
    private static Check contents(PackageContents c, String timedOut) {
        List<String> details = new ArrayList<>();
        if (c.stopped() != null) {
            details.add("refused: " + c.stopped());
        }
        if (timedOut != null) {
            details.add(timedOut);
        }
        details.addAll(c.refused());
        boolean empty = c.stopped() == null && c.files().isEmpty();
        if (empty) {
            details.add("no PE file in the package (" + String.join(", ", PackageReader.PE_EXTENSIONS) + ", or MZ)");
        }
        String found = c.stopped() != null ? "refused: " + c.stopped() : timedOut != null ? timedOut
                : c.files().size() + " PE file(s) of " + c.entries() + " entries (" + c.kind() + ", " + c.bytes() + " bytes)"
                + (c.refused().isEmpty() ? "" : ", " + c.refused().size() + " entr" + (c.refused().size() == 1 ? "y" : "ies")
                + " refused");
        return new Check(CheckIds.PACKAGE_CONTENTS, "the package is safe to read and has PE files",
                details.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                "no path traversal, link or duplicate entry; within hip.package.maxEntries, maxFiles, maxUnpackedMiB,"
                        + " maxRatio, timeLimit", found, details);
    }

    /** {@code package.names}: every entry refused for a name Windows cannot hold, rewrites, or holds twice. */
    private static Check names(PackageContents c) {
        List<String> details = new ArrayList<>();
        for (RefusedName n : c.badNames()) {
            details.add(n.line());
        }
        return new Check(CheckIds.PACKAGE_NAMES, "every name is one Windows creates as it is",
                details.isEmpty() ? Verdict.PASS : Verdict.FAIL, "no trailing period or space, reserved device name (CON,"
                + " PRN, AUX, NUL, COM1-9, LPT1-9, COM\u00b9-\u00b3, LPT\u00b9-\u00b3, with any extension), reserved character"
                + " (< > : \" | ? *) or names differing only in case (Microsoft, Naming Files, Paths, and Namespaces)",
                details.isEmpty() ? "none refused" : details.size() + " refused (neither unpacked nor verified)", details);
    }

    /**
     * {@code package.backends}: each backend named ({@link PackageOptions#backends()}) is a PE file of the package;
     * a refused name Windows would turn into it is named as not being it.
     */
    private static Check backends(PackageContents c, PackageOptions options) {
        String title = "every backend named is in the package";
        String expected = "a PE file named " + String.join(", ", options.backends()) + " (hip.package.backends)";
        if (options.backends().isEmpty()) {
            return Check.of(CheckIds.PACKAGE_BACKENDS, title, Verdict.SKIP, "the backends named by hip.package.backends",
                    "none named: every PE file is redistributed");
        }
        List<String> missing = new ArrayList<>();
        List<String> found = new ArrayList<>();
        List<String> details = new ArrayList<>();
        for (String g : options.backends()) {
            DllNamePattern p = new DllNamePattern(g);
            List<String> here = new ArrayList<>();
            for (PackageFile f : c.files()) {
                if (p.matches(f.fileName())) {
                    here.add(f.name());
                }
            }
            if (!here.isEmpty()) {
                found.add(String.join(", ", here));
                continue;
            }
            missing.add(g);
            StringBuilder line = new StringBuilder("missing: " + g + ": no PE file of the package is named so (hip.package.backends)");
            for (RefusedName n : c.badNames()) {
                String windows = WindowsNames.stripTrailing(n.fileName());
                if (!windows.equals(n.fileName()) && p.matches(windows)) {
                    line.append("; '").append(PackageReader.printable(n.path())).append("' is not it: Windows would extract"
                            + " it as '").append(windows).append("' (package.names)");
                }
            }
            details.add(line.toString());
        }
        return new Check(CheckIds.PACKAGE_BACKENDS, title, missing.isEmpty() ? Verdict.PASS : Verdict.FAIL, expected,
                missing.isEmpty() ? String.join("; ", found) : "missing: " + String.join(", ", missing), details);
    }

    /** {@code package.dependencies} of one file. */
    private Check dependencies(PackageFile f, ImageSummary image, Map<String, List<String>> shipped, Set<String> allNames,
                               VerifyOptions o) {
        String title = "every imported DLL is in the package, Windows' or an allowed runtime";
        String expected = "in the package, KnownDLLs, an API set, Windows System32, or on the import allow-list ("
                + allowList(o) + ")";
        if (!image.read()) {
            return Check.of(CheckIds.PACKAGE_DEPENDENCIES, title, Verdict.SKIP, expected, "no import table read (see pe.format)");
        }
        List<String> missing = new ArrayList<>();
        List<String> resolved = new ArrayList<>();
        boolean hardMissing = false;
        int inPackage = 0;
        int windowsDll = 0;
        int allowed = 0;
        for (String dll : image.imports()) {
            String lower = WindowsDlls.loaderName(dll);
            boolean delay = image.delayImports().contains(dll);
            String source = windows.windowsSource(dll);
            List<String> here = shipped.get(lower);
            if (source != null && !source.equals("Windows System32")) {
                windowsDll++;  // KnownDLLs, API sets: not listed, every Windows has them
            } else if (here != null) {
                inPackage++;
                resolved.add(dll + ": in the package (" + String.join(", ", here) + ")");
            } else if (allNames.contains(lower)) {
                inPackage++;
                resolved.add(dll + ": in the package, but not a PE image there");
            } else if (source != null) {
                windowsDll++;
            } else if (matches(o, dll)) {
                allowed++;
                resolved.add(dll + ": allowed runtime, not shipped (" + o.imports().origin() + ")");
            } else {
                hardMissing |= !delay;
                missing.add("missing: " + dll + (delay ? " (delay-load: fails when first called)" : "")
                        + ": not in the package, not a Windows DLL (KnownDLLs, API set, System32), not on the import"
                        + " allow-list (" + allowList(o) + "): loading " + f.fileName() + " fails with ERROR_MOD_NOT_FOUND (126)");
            }
        }
        List<String> details = new ArrayList<>(missing);
        details.addAll(resolved);
        boolean capped = details.size() > DetailBound.DEFAULT;
        if (capped) {  // a file importing thousands of missing DLLs must not hold a line for each in memory
            details = new ArrayList<>(details.subList(0, DetailBound.DEFAULT));
        }
        String found = image.imports().size() + " DLL(s): " + inPackage + " in the package, " + windowsDll + " Windows', "
                + allowed + " allowed runtime" + (missing.isEmpty() ? "" : ", " + missing.size() + " missing");
        return new Check(CheckIds.PACKAGE_DEPENDENCIES, title, hardMissing ? Verdict.FAIL : missing.isEmpty() ? Verdict.PASS
                : Verdict.WARN, expected, found, details, capped);
    }

    /** The allow-list and where it came from: {@code "amdhip64_*.dll, KERNEL32.dll: static MSVC runtime (...)"}. */
    private static String allowList(VerifyOptions o) {
        List<String> globs = new ArrayList<>();
        for (DllNamePattern p : o.imports().allowed()) {
            globs.add(p.toString());
        }
        return String.join(", ", globs) + ": " + o.imports().origin();
    }

    private static boolean matches(VerifyOptions o, String dll) {
        for (DllNamePattern p : o.imports().allowed()) {
            if (p.matches(dll)) {
                return true;
            }
        }
        return false;
    }

    /** {@code package.known-dlls} of one file: imports of KnownDLLs the package also ships. */
    private Check knownDlls(ImageSummary image, Map<String, List<String>> shipped) {
        List<String> bad = new ArrayList<>();
        for (String dll : image.imports()) {
            List<String> here = shipped.get(WindowsDlls.loaderName(dll));
            if (windows.isKnown(dll) && here != null) {
                bad.add("imports " + dll + ", which Windows maps from System32 (KnownDLLs): the package's own "
                        + String.join(", ", here) + " is never loaded; drop it from the package or link another name");
            }
        }
        return new Check(CheckIds.PACKAGE_KNOWN_DLLS, "no import of a KnownDLL the package ships",
                bad.isEmpty() ? Verdict.PASS : Verdict.FAIL, "a KnownDLL taken from System32 is not shipped",
                bad.isEmpty() ? "none" : bad.size() + " shadowed", bad);
    }

    /** {@code package.runtime}: one HIP runtime major across the package's imports and shipped runtimes. */
    private static Check runtime(List<PackageReport.FileReport> files, Map<String, List<String>> shipped) {
        Map<String, List<String>> byRuntime = new TreeMap<>();
        for (PackageReport.FileReport f : files) {
            for (String dll : f.report().image().imports()) {
                Matcher m = HIP_RUNTIME.matcher(dll);
                if (m.matches()) {
                    byRuntime.computeIfAbsent(dll.toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add("imported by " + f.name());
                }
            }
        }
        for (Map.Entry<String, List<String>> e : shipped.entrySet()) {
            if (HIP_RUNTIME.matcher(e.getKey()).matches()) {
                byRuntime.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add("shipped as " + String.join(", ", e.getValue()));
            }
        }
        List<String> details = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : byRuntime.entrySet()) {
            details.add(e.getKey() + ": " + String.join("; ", e.getValue()));
        }
        String title = "one HIP runtime major in the package";
        String expected = "one amdhip64_<N>.dll (two majors load two runtimes into one process)";
        if (byRuntime.isEmpty()) {
            return Check.of(CheckIds.PACKAGE_RUNTIME, title, Verdict.PASS, expected, "no HIP runtime imported or shipped");
        }
        boolean ok = byRuntime.size() == 1;
        return new Check(CheckIds.PACKAGE_RUNTIME, title, ok ? Verdict.PASS : Verdict.FAIL, expected,
                ok ? byRuntime.keySet().iterator().next() : String.join(" and ", byRuntime.keySet()) + " in one package",
                details);
    }

    /** {@code package.size}: the package against the budget, device code per target summed over the files. */
    private static Check size(PackageContents c, List<PackageReport.FileReport> files, PackageOptions o) {
        Map<String, Long> perTarget = new LinkedHashMap<>();
        long device = 0;
        long cuda = 0;
        List<String> details = new ArrayList<>();
        for (PackageReport.FileReport f : files) {
            ImageSummary s = f.report().image();
            List<String> parts = new ArrayList<>();
            for (Map.Entry<String, Long> e : s.deviceCodeBytes().entrySet()) {
                perTarget.merge(e.getKey(), e.getValue(), Long::sum);
                device += e.getValue();
                parts.add(e.getKey() + " " + e.getValue() + " B");
            }
            if (s.cudaDeviceCodeBytes() > 0) {
                cuda += s.cudaDeviceCodeBytes();
                parts.add("CUDA " + s.cudaDeviceCodeBytes() + " B");
            }
            if (!parts.isEmpty()) {
                details.add(f.name() + ": " + String.join(", ", parts));
            }
        }
        List<String> totals = new ArrayList<>();
        for (Map.Entry<String, Long> e : perTarget.entrySet()) {
            totals.add(e.getKey() + " " + e.getValue() + " B");
        }
        if (cuda > 0) {
            totals.add("CUDA " + cuda + " B");
        }
        boolean over = c.bytes() > o.budgetBytes();
        String found = c.bytes() + " bytes; device code " + (device + cuda) + " bytes"
                + (totals.isEmpty() ? "" : " (" + String.join(", ", totals) + ")");
        if (over) {
            details.add(0, "the package's " + c.bytes() + " bytes are over the budget of " + o.budgetBytes()
                    + " bytes (hip.package.maxMiB; GitHub refuses a release asset over 2 GiB)");
        }
        return new Check(CheckIds.PACKAGE_SIZE, "the package within its size budget",
                !over ? Verdict.PASS : o.failOverBudget() ? Verdict.FAIL : Verdict.WARN,
                "at most " + o.budgetBytes() + " bytes (hip.package.maxMiB" + (o.failOverBudget() ? "" : ", warns") + ")",
                found, details);
    }
}
