package dev.hipdll.verify;

import dev.hipdll.pe.ImportedModule;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

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
            if (p.allowed().stream().noneMatch(a -> a.matches(m.dllName()))) {
                bad.add("not allowed: " + m.dllName() + (m.delayLoad() ? " (delay-load)" : "") + " ("
                        + m.symbols().size() + " symbols: " + m.symbols().stream().limit(5).map(Object::toString)
                        .collect(Collectors.joining(", ")) + (m.symbols().size() > 5 ? ", ..." : "") + ")");
            }
        }
        return new Check("imports.allowed", "imports only allowed DLLs", bad.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                p.allowed().stream().map(Object::toString).collect(Collectors.joining(", ")) + " [" + p.origin() + "]",
                names(modules), bad);
    }

    Check forbidden(List<ImportedModule> modules) {
        List<String> bad = new ArrayList<>();
        for (ImportedModule m : modules) {
            options.imports().forbidden().stream().filter(f -> f.matches(m.dllName())).findFirst()
                    .ifPresent(f -> bad.add("forbidden: " + m.dllName() + " (matches " + f + ")"));
        }
        List<String> runtimes = modules.stream().map(ImportedModule::dllName)
                .filter(n -> HIP_RUNTIME.matcher(n).matches()).map(n -> n.toLowerCase(Locale.ROOT)).distinct().toList();
        if (runtimes.size() > 1) {
            bad.add("two HIP runtimes imported: " + String.join(", ", runtimes) + " (one process would load both)");
        }
        String expected = "none of " + options.imports().forbidden().stream().map(Object::toString)
                .collect(Collectors.joining(", ")) + "; at most one amdhip64*.dll";
        return new Check("imports.forbidden", "no CUDA DLL, one HIP runtime", bad.isEmpty() ? Verdict.PASS : Verdict.FAIL,
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
            return Check.of("runtime.major", title, found.isEmpty() ? Verdict.WARN : Verdict.SKIP,
                    "any amdhip64_<N>.dll (hip.runtimeMajor not set)", foundText);
        }
        String wanted = Integer.toString(want.getAsInt());
        boolean ok = !majors.isEmpty() && majors.stream().allMatch(wanted::equals);
        return Check.of("runtime.major", title, ok ? Verdict.PASS : Verdict.FAIL,
                "amdhip64_" + want.getAsInt() + ".dll", foundText);
    }

    /**
     * The digits of a DLL name's major version without leading zeros, compared as text: a hostile
     * name such as {@code amdhip64_99999999999.dll} holds more digits than any integer type.
     */
    private static String decimal(String digits) {
        return digits.replaceFirst("^0+(?=.)", "");
    }

    private static String names(List<ImportedModule> modules) {
        return modules.isEmpty() ? "no imports" : modules.stream()
                .map(m -> m.dllName() + (m.delayLoad() ? " (delay-load)" : "")).collect(Collectors.joining(", "));
    }
}
