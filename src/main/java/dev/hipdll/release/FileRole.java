package dev.hipdll.release;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyOptions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a PE file of a release package is, and so which checks it is asked. The set is chosen
 * once per role, as the checks not asked ({@link #notAsked()}), and given to the single-DLL verification as
 * checks it does not run: no verdict is rewritten afterwards.
 * <ul>
 *   <li>{@link #BACKEND}: a DLL this project built, named by {@code hip.package.backends}: every check of one
 *       DLL (ABI contract, device code, runtime major, build paths, PDB path, ...), except {@code imports.allowed},
 *       whose question the package's import closure ({@code package.dependencies}) answers for every file;</li>
 *   <li>{@link #REDISTRIBUTED}: a file shipped beside it, built by its vendor (the SDK's {@code hipblas.dll}, a
 *       VC++ runtime): the checks that decide whether the release loads and can be trusted: the PE format,
 *       machine, DLL flag and loadability, the overlay, the deny-list ({@code imports.forbidden}), the import
 *       closure, the hardening flags as configured and the Authenticode signature when required. Not the
 *       build-hygiene checks of the project's own DLL ({@code exports.*}, {@code device-code.*},
 *       {@code runtime.major}, {@code paths.pdb}, {@code paths.build}): a vendor's PDB path such as
 *       {@code D:\a\_work\1\s\binaries\amd64ret\bin\amd64\vcruntime140.amd64.pdb} is not this project's leak.</li>
 * </ul>
 */
public enum FileRole {
    /** A backend this project built: every check. */
    BACKEND(Set.of(CheckIds.IMPORTS_ALLOWED)),
    /** A file redistributed beside the backends: whether it loads and can be trusted. */
    REDISTRIBUTED(Set.of(CheckIds.IMPORTS_ALLOWED, CheckIds.RUNTIME_MAJOR, "exports.", "device-code.", CheckIds.PATHS_PDB,
            CheckIds.PATHS_BUILD));

    private final Set<String> notAsked;

    FileRole(Set<String> notAsked) {
        this.notAsked = notAsked;
    }

    /** The check ids (or groups ending in {@code .}) this role does not ask. */
    public Set<String> notAsked() {
        return notAsked;
    }

    /** The role as reports show it: {@code backend} or {@code redistributed}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a file of this role is asked check {@code id}. */
    public boolean asks(String id) {
        for (String s : notAsked) {
            if (s.equals(id) || s.endsWith(".") && id.startsWith(s)) {
                return false;
            }
        }
        return true;
    }

    /** The single-DLL options of a file of this role: {@code user}'s, with the checks not asked switched off. */
    public VerifyOptions options(VerifyOptions user) {
        Set<String> skip = new LinkedHashSet<>(user.skippedChecks());
        skip.addAll(notAsked);
        return user.toBuilder().skippedChecks(skip).build();
    }

    /**
     * {@code checks} of a file of this role, each check the role did not ask (and {@code user} did not switch off)
     * saying why it did not run instead of "skipped by hip.checks.skip".
     */
    List<Check> explained(List<Check> checks, VerifyOptions user) {
        List<Check> out = new ArrayList<>(checks.size());
        for (Check k : checks) {
            if (k.verdict() == Verdict.SKIP && !asks(k.id()) && !user.skips(k.id())) {
                out.add(Check.of(k.id(), k.id(), Verdict.SKIP, "not asked of a " + label() + " file", why(k.id())));
            } else {
                out.add(k);
            }
        }
        return out;
    }

    private String why(String id) {
        if (id.equals(CheckIds.IMPORTS_ALLOWED)) {
            return "in a package the import closure judges the imports (package.dependencies)";
        }
        return "a redistributed file, built by its vendor: not held to the backend's contract and build hygiene"
                + " (hip.package.backends names the backends)";
    }
}
