package dev.hipdll.verify;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.pe.ExportedSymbol;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The export checks against an {@link AbiContract}: the count of prefixed names, and for a named
 * contract the missing required (fail) and optional (warning) names and extra prefixed names
 * (fail); decorated or C++-mangled names and duplicate names always fail.
 */
final class ExportChecks {
    private final AbiContract contract;

    ExportChecks(AbiContract contract) {
        this.contract = contract;
    }

    List<Check> run(List<ExportedSymbol> symbols) {
        List<Check> checks = new ArrayList<>();
        String prefix = contract.prefix();
        Set<String> names = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        List<String> decorated = new ArrayList<>();
        for (ExportedSymbol s : symbols) {
            if (s.name() == null) {
                continue;
            }
            names.add(s.name());
            seen.merge(s.name(), 1, Integer::sum);
            if (s.name().contains(prefix) && !s.name().startsWith(prefix) || s.name().startsWith("?")
                    || s.name().startsWith(prefix) && s.name().contains("@")) {
                decorated.add(s.name());
            }
        }
        List<String> prefixed = names.stream().filter(n -> n.startsWith(prefix) && !n.contains("@")).toList();
        List<String> others = names.stream().filter(n -> !n.startsWith(prefix)).toList();

        String expectedCount = contract.expectedCount() + " names " + prefix + "* (" + contract.origin() + ")";
        List<String> countDetails = new ArrayList<>();
        others.forEach(n -> countDetails.add("other export: " + n));
        checks.add(new Check("exports.count", "exported " + prefix + "* names",
                prefixed.size() == contract.expectedCount() ? Verdict.PASS : Verdict.FAIL, expectedCount,
                prefixed.size() + " names " + prefix + "*" + (others.isEmpty() ? "" : ", " + others.size() + " other"),
                countDetails));

        if (contract instanceof AbiContract.NamedContract named) {
            List<String> missingRequired = named.required().stream().filter(n -> !names.contains(n)).toList();
            checks.add(new Check("exports.required", "every required entry point exported",
                    missingRequired.isEmpty() ? Verdict.PASS : Verdict.FAIL, named.required().size() + " required names",
                    missingRequired.isEmpty() ? "all present" : missingRequired.size() + " missing",
                    missingRequired.stream().map(n -> "missing required: " + n).toList()));
            List<String> missingOptional = named.optional().stream().filter(n -> !names.contains(n)).toList();
            checks.add(new Check("exports.optional", "optional entry points exported",
                    missingOptional.isEmpty() ? Verdict.PASS : Verdict.WARN, named.optional().size() + " optional names",
                    missingOptional.isEmpty() ? "all present" : missingOptional.size() + " missing (feature degrades)",
                    missingOptional.stream().map(n -> "missing optional: " + n).toList()));
            Set<String> all = named.all();
            List<String> extra = prefixed.stream().filter(n -> !all.contains(n)).toList();
            checks.add(new Check("exports.extra", "no " + prefix + "* name outside the contract",
                    extra.isEmpty() ? Verdict.PASS : Verdict.FAIL, "only contract names with prefix " + prefix,
                    extra.isEmpty() ? "none" : extra.size() + " extra", extra.stream().map(n -> "extra: " + n).toList()));
        }
        List<String> dupes = seen.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).sorted().toList();
        List<String> undecoratedDetails = new ArrayList<>();
        decorated.forEach(n -> undecoratedDetails.add("decorated or mangled: " + n));
        dupes.forEach(n -> undecoratedDetails.add("exported more than once: " + n));
        checks.add(new Check("exports.undecorated", "names undecorated and unique",
                undecoratedDetails.isEmpty() ? Verdict.PASS : Verdict.FAIL, "extern \"C\" names, each once",
                undecoratedDetails.isEmpty() ? "ok" : undecoratedDetails.size() + " problem(s)", undecoratedDetails));
        return checks;
    }
}
