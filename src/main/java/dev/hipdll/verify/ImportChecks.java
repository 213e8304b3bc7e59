package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.Verdict;

import dev.hipdll.pe.ImportedModule;
import dev.hipdll.pe.ImportedSymbol;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The import checks: {@code imports.allowed} (every imported DLL, delay-loaded ones included,
 * matches the allow-list), {@code imports.forbidden} (none matches the deny-list, and at most
 * one HIP runtime {@code amdhip64*.dll} is imported) and {@code runtime.major} (the imported
 * {@code amdhip64_<N>.dll} has the expected major version).
 */
final class ImportChecks {
    private static final Pattern HIP_RUNTIME = Pattern.compile("amdhip64(?:_(\\d+))?\\.dll", Pattern.CASE_INSENSITIVE);

    private final VerifyOptions options;

    ImportChecks(VerifyOptions options) {
        this.options = options;
    }

    Check allowed(List<ImportedModule> modules) {
        ImportPolicy p = options.imports();
        List<String> bad = new ArrayList<>();
        for (ImportedModule m : modules) {
            if (firstMatch(p.allowed(), m.dllName()) == null) {
                List<ImportedSymbol> symbols = m.symbols();
                bad.add("not allowed: " + m.dllName() + (m.delayLoad() ? " (delay-load)" : "") + " ("
                        + symbols.size() + " symbols: " + Joined.of(symbols.subList(0, Math.min(5, symbols.size())), ", ")
                        + (symbols.size() > 5 ? ", ..." : "") + ")");
            }
        }
        return new Check(CheckIds.IMPORTS_ALLOWED, "imports only allowed DLLs", bad.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                Joined.of(p.allowed(), ", ") + " [" + p.origin() + "]",
                names(modules), bad);
    }

    Check forbidden(List<ImportedModule> modules) {
        List<String> bad = new ArrayList<>();
        for (ImportedModule m : modules) {
            DllNamePattern f = firstMatch(options.imports().forbidden(), m.dllName());
            if (f != null) {
                bad.add("forbidden: " + m.dllName() + " (matches " + f + ")");
            }
        }
        Set<String> runtimes = new LinkedHashSet<>();
        for (ImportedModule m : modules) {
            if (HIP_RUNTIME.matcher(m.dllName()).matches()) {
                runtimes.add(m.dllName().toLowerCase(Locale.ROOT));
            }
        }
        if (runtimes.size() > 1) {
            bad.add("two HIP runtimes imported: " + String.join(", ", runtimes) + " (one process would load both)");
        }
        String expected = "none of " + Joined.of(options.imports().forbidden(), ", ") + "; at most one amdhip64*.dll";
        return new Check(CheckIds.IMPORTS_FORBIDDEN, "no CUDA DLL, one HIP runtime", bad.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                expected, bad.isEmpty() ? "none" : bad.size() + " problem(s)", bad);
    }

    Check runtimeMajor(List<ImportedModule> modules) {
        List<String> found = new ArrayList<>();
        List<String> majors = new ArrayList<>();
        for (ImportedModule m : modules) {
            Matcher h = HIP_RUNTIME.matcher(m.dllName());
            if (h.matches()) {
                found.add(m.dllName());
                if (h.group(1) != null) {
                    majors.add(decimal(h.group(1)));
                }
            }
        }
        String title = "HIP runtime major version";
        String foundText = found.isEmpty() ? "no amdhip64*.dll import" : String.join(", ", found);
        OptionalInt want = options.runtimeMajor();
        if (want.isEmpty()) {
            return Check.of(CheckIds.RUNTIME_MAJOR, title, found.isEmpty() ? Verdict.WARN : Verdict.SKIP,
                    "any amdhip64_<N>.dll (hip.runtimeMajor not set)", foundText);
        }
        String wanted = Integer.toString(want.getAsInt());
        boolean ok = !majors.isEmpty();
        for (String major : majors) {
            if (!major.equals(wanted)) {
                ok = false;
                break;
            }
        }
        return Check.of(CheckIds.RUNTIME_MAJOR, title, ok ? Verdict.PASS : Verdict.FAIL,
                "amdhip64_" + want.getAsInt() + ".dll", foundText);
    }

    /**
     * The digits of a DLL name's major version without leading zeros, compared as text: a hostile
     * name such as {@code amdhip64_99999999999.dll} holds more digits than any integer type.
     */
    private static String decimal(String digits) {
        return digits.replaceFirst("^0+(?=.)", "");
    }

    /** The first of {@code patterns} that matches {@code dllName}, or {@code null}. */
    private static DllNamePattern firstMatch(List<DllNamePattern> patterns, String dllName) {
        for (DllNamePattern p : patterns) {
            if (p.matches(dllName)) {
                return p;
            }
        }
        return null;
    }

    private static String names(List<ImportedModule> modules) {
        if (modules.isEmpty()) {
            return "no imports";
        }
        List<String> names = new ArrayList<>(modules.size());
        for (ImportedModule m : modules) {
            names.add(m.dllName() + (m.delayLoad() ? " (delay-load)" : ""));
        }
        return String.join(", ", names);
    }
}
