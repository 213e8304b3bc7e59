package dev.hipdll.release;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.verify.DllNamePattern;
import dev.hipdll.verify.DllVerifier;
import dev.hipdll.verify.ImageSummary;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyOptions;
import dev.hipdll.verify.VerifyReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Verifies a release package, a directory or a zip (issue 22 item 3): every PE file in it goes through the
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
 *       with each gfx target's device code summed over the files.</li>
 * </ul>
 * A library (a file whose name matches no {@link PackageOptions#backends()} glob) is not held to the backend's
 * ABI contract ({@code exports.*} do not apply), needs device code only if it carries some, and a HIP runtime
 * major ({@code hip.runtimeMajor}) only if it imports a HIP runtime.
 */
public final class PackageVerifier {
    private static final Pattern HIP_RUNTIME = Pattern.compile("amdhip64(?:_(\\d+))?\\.dll", Pattern.CASE_INSENSITIVE);

    private final WindowsDlls windows;

    /** A verifier with the Windows DLL lists shipped with the plugin. */
    public PackageVerifier() {
        this(WindowsDlls.load());
    }

    /** A verifier with other Windows DLL lists (tests). */
    public PackageVerifier(WindowsDlls windows) {
        this.windows = windows;
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
        try (PackageContents c = new PackageReader(options.limits(), options.temporaryParent()).read(path)) {
            Map<String, String> facts = new LinkedHashMap<>();
            facts.put("kind", c.kind());
            facts.put("size", Long.toString(c.bytes()));
            facts.put("entries", Integer.toString(c.entries()));
            facts.put("peFiles", Integer.toString(c.files().size()));
            List<Check> packageChecks = new ArrayList<>();
            packageChecks.add(contents(c));
            List<PackageReport.FileReport> files = new ArrayList<>();
            if (c.stopped() != null) {
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
            for (PackageFile f : c.files()) {
                boolean backend = backend(f, options);
                VerifyOptions o = backend ? options.verify() : library(options.verify());
                VerifyReport r = new DllVerifier().verify(f.file(), o);
                List<Check> checks = new ArrayList<>();
                for (Check k : r.checks()) {
                    checks.add(packageSkip(k, backend, options.verify(), r.image()));
                }
                checks.add(o.skips(CheckIds.PACKAGE_DEPENDENCIES) ? skipped(CheckIds.PACKAGE_DEPENDENCIES)
                        : dependencies(f, r.image(), shipped, allNames, o));
                checks.add(o.skips(CheckIds.PACKAGE_KNOWN_DLLS) ? skipped(CheckIds.PACKAGE_KNOWN_DLLS)
                        : knownDlls(r.image(), shipped));
                checks.addAll(more.checks(f, backend));
                files.add(new PackageReport.FileReport(f.name(), r.withChecks(checks)));
            }
            packageChecks.add(options.verify().skips(CheckIds.PACKAGE_RUNTIME) ? skipped(CheckIds.PACKAGE_RUNTIME)
                    : runtime(files, shipped));
            packageChecks.add(options.verify().skips(CheckIds.PACKAGE_SIZE) ? skipped(CheckIds.PACKAGE_SIZE)
                    : size(c, files, options));
            return new PackageReport(path, facts, packageChecks, files);
        }
    }

    private static boolean backend(PackageFile f, PackageOptions options) {
        for (String g : options.backends()) {
            if (new DllNamePattern(g).matches(f.fileName())) {
                return true;
            }
        }
        return false;
    }

    /** The options of a library: no contract checks, device code only where there is some. */
    private static VerifyOptions library(VerifyOptions o) {
        Set<String> skip = new LinkedHashSet<>(o.skippedChecks());
        skip.add("exports.");
        return o.withSkippedChecks(skip).withDeviceCode(o.deviceCode().optional());
    }

    /**
     * A check the package switched off reads as such: {@code imports.allowed} (the import closure,
     * {@code package.dependencies}, judges the imports in a package) and, for a library, {@code exports.*}.
     */
    private static Check packageSkip(Check k, boolean backend, VerifyOptions user, ImageSummary image) {
        if (!backend && k.id().equals(CheckIds.RUNTIME_MAJOR) && k.verdict() == Verdict.FAIL && !importsHip(image)) {
            return Check.of(k.id(), k.title(), Verdict.SKIP, k.expected(),
                    "a library of the package that imports no HIP runtime (the backends must)");
        }
        if (k.id().equals(CheckIds.IMPORTS_ALLOWED) && !user.skips(k.id())) {
            return Check.of(k.id(), k.title(), k.verdict() == Verdict.FAIL ? Verdict.SKIP : k.verdict(), k.expected(),
                    k.verdict() == Verdict.FAIL ? "in a package the import closure judges the imports (package.dependencies);"
                            + " " + k.found() : k.found());
        }
        if (!backend && k.id().startsWith("exports.") && k.verdict() == Verdict.SKIP && !user.skips(k.id())) {
            return Check.of(k.id(), k.id(), Verdict.SKIP, "the backend's ABI contract",
                    "a library of the package, not a backend (hip.package.backends): its exports are its own");
        }
        return k;
    }

    private static boolean importsHip(ImageSummary image) {
        for (String dll : image.imports()) {
            if (HIP_RUNTIME.matcher(dll).matches()) {
                return true;
            }
        }
        return false;
    }

    private static Check skipped(String id) {
        return Check.of(id, id, Verdict.SKIP, "switched off", "skipped by hip.checks.skip");
    }

    /** {@code package.contents}: what was read, and every entry refused. */
    private static Check contents(PackageContents c) {
        List<String> details = new ArrayList<>();
        if (c.stopped() != null) {
            details.add("refused: " + c.stopped());
        }
        details.addAll(c.refused());
        boolean empty = c.stopped() == null && c.files().isEmpty();
        if (empty) {
            details.add("no PE file in the package (" + String.join(", ", PackageReader.PE_EXTENSIONS) + ", or MZ)");
        }
        String found = c.stopped() != null ? "refused: " + c.stopped()
                : c.files().size() + " PE file(s) of " + c.entries() + " entries (" + c.kind() + ", " + c.bytes() + " bytes)"
                + (c.refused().isEmpty() ? "" : ", " + c.refused().size() + " entr" + (c.refused().size() == 1 ? "y" : "ies")
                + " refused");
        return new Check(CheckIds.PACKAGE_CONTENTS, "the package is safe to read and has PE files",
                details.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                "no path traversal, link or duplicate entry; within hip.package.maxEntries, maxUnpackedMiB, maxRatio",
                found, details);
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
            String lower = dll.toLowerCase(Locale.ROOT);
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
        String found = image.imports().size() + " DLL(s): " + inPackage + " in the package, " + windowsDll + " Windows', "
                + allowed + " allowed runtime" + (missing.isEmpty() ? "" : ", " + missing.size() + " missing");
        return new Check(CheckIds.PACKAGE_DEPENDENCIES, title, hardMissing ? Verdict.FAIL : missing.isEmpty() ? Verdict.PASS
                : Verdict.WARN, expected, found, details);
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
            List<String> here = shipped.get(dll.toLowerCase(Locale.ROOT));
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
