package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.findings.CheckIds;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.pe.ExportedSymbol;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The export checks against an {@link AbiContract}:
 * <ul>
 *   <li>{@code exports.count} (count contract): the number of undecorated names with the prefix;</li>
 *   <li>{@code exports.required} (named contract): required names missing (fail);</li>
 *   <li>{@code exports.optional}: optional names missing (warning: the feature degrades);</li>
 *   <li>{@code exports.extra}: prefixed names the contract does not name (fail, or warning when
 *       {@link VerifyOptions#failOnExtraExports()} is off);</li>
 *   <li>{@code exports.other}: exports without the prefix that the contract does not name, listed (warning);</li>
 *   <li>{@code exports.decorated}: decorated or C++-mangled names (MSVC {@code ?name@@...},
 *       Itanium {@code _Z...}, {@code _name@8} / {@code @name@8} stdcall/fastcall, a leading
 *       underscore before the prefix): the host's {@code GetProcAddress} would not find them (fail),
 *       unless a named contract lists the decorated name itself;</li>
 *   <li>{@code exports.duplicates}: a name exported twice or one export address table entry
 *       exported under several names (fail).</li>
 * </ul>
 */
final class ExportChecks {
    private final AbiContract contract;
    private final boolean failOnExtra;

    ExportChecks(AbiContract contract, boolean failOnExtra) {
        this.contract = contract;
        this.failOnExtra = failOnExtra;
    }

    /** Whether {@code name} is decorated or mangled, given the contract prefix. */
    static boolean decorated(String name, String prefix) {
        return name.startsWith("?") || name.startsWith("_Z") || name.startsWith("@") || name.contains("@")
                || !prefix.isEmpty() && name.contains(prefix) && !name.startsWith(prefix);
    }

    /** Whether a named contract lists {@code name} as it is exported. */
    private boolean named(String name) {
        return contract instanceof AbiContract.NamedContract n && n.all().contains(name);
    }

    List<Check> run(List<ExportedSymbol> symbols) {
        List<Check> checks = new ArrayList<>();
        String prefix = contract.prefix();
        Set<String> names = new LinkedHashSet<>();
        Map<String, Integer> timesByName = new LinkedHashMap<>();
        Map<Long, List<String>> namesByOrdinal = new TreeMap<>();
        List<String> decorated = new ArrayList<>();
        for (ExportedSymbol s : symbols) {
            if (s.name() == null) {
                continue;
            }
            names.add(s.name());
            Integer times = timesByName.get(s.name());
            timesByName.put(s.name(), times == null ? 1 : times + 1);
            List<String> atOrdinal = namesByOrdinal.get(s.ordinal());
            if (atOrdinal == null) {
                atOrdinal = new ArrayList<>();
                namesByOrdinal.put(s.ordinal(), atOrdinal);
            }
            atOrdinal.add(s.name());
            if (decorated(s.name(), prefix) && !named(s.name())) {
                decorated.add(s.name());  // a decorated name the contract lists (hip.exports: _JNI_OnLoad@8) is wanted
            }
        }
        List<String> prefixed = new ArrayList<>();
        List<String> others = new ArrayList<>();
        for (String n : names) {
            if (decorated(n, prefix)) {
                continue;
            }
            if (n.startsWith(prefix)) {
                prefixed.add(n);
            } else if (!named(n)) {  // a name the contract asks for (hip.exports: JNI_OnLoad) is no "other" export
                others.add(n);
            }
        }

        if (contract instanceof AbiContract.NamedContract named && named.loaderPrefix().isPresent()) {
            AbiContract.LoaderPrefix lp = named.loaderPrefix().get();
            checks.add(Check.of(CheckIds.EXPORTS_PREFIX, "export prefix from the loader",
                    lp.disagrees() ? Verdict.FAIL : Verdict.PASS,
                    lp.configured().isPresent() ? "hip.exportPrefix \"" + lp.configured().get() + "\""
                            : "the prefix the loader spells",
                    lp.disagrees() ? "hip.exportPrefix is \"" + lp.configured().get() + "\" but the loader looks names up as \""
                            + lp.prefix() + "\" + name (" + lp.where() + "); checked the loader's names"
                            : "\"" + lp.prefix() + "\" from " + lp.where()));
        }
        if (contract instanceof AbiContract.NamedContract named) {
            List<String> missingRequired = Absent.from(named.required(), names);
            checks.add(new Check(CheckIds.EXPORTS_REQUIRED, "every required entry point exported",
                    missingRequired.isEmpty() ? Verdict.PASS : Verdict.FAIL,
                    named.required().size() + " required names (" + named.origin() + ")",
                    missingRequired.isEmpty() ? "all " + named.required().size() + " present"
                            : missingRequired.size() + " missing",
                    DetailLines.each("missing required: ", missingRequired)));
            List<String> missingOptional = Absent.from(named.optional(), names);
            checks.add(new Check(CheckIds.EXPORTS_OPTIONAL, "optional entry points exported",
                    missingOptional.isEmpty() ? Verdict.PASS : Verdict.WARN, named.optional().size() + " optional names",
                    missingOptional.isEmpty() ? "all " + named.optional().size() + " present"
                            : missingOptional.size() + " missing (feature degrades)",
                    DetailLines.each("missing optional: ", missingOptional)));
            Set<String> all = named.all();
            List<String> extra = Absent.from(prefixed, all);
            checks.add(new Check(CheckIds.EXPORTS_EXTRA, "no " + prefix + "* name outside the contract",
                    extra.isEmpty() ? Verdict.PASS : failOnExtra ? Verdict.FAIL : Verdict.WARN,
                    "only contract names with prefix " + prefix + (failOnExtra ? "" : " (hip.failOnExtraExports=false)"),
                    extra.isEmpty() ? "none (" + prefixed.size() + " names " + prefix + "*)" : extra.size() + " extra",
                    DetailLines.each("extra: ", extra)));
        } else {
            checks.add(new Check(CheckIds.EXPORTS_COUNT, "exported " + prefix + "* names",
                    prefixed.size() == contract.expectedCount() ? Verdict.PASS : Verdict.FAIL,
                    contract.expectedCount() + " names " + prefix + "* (" + contract.origin() + ")",
                    prefixed.size() + " names " + prefix + "*", List.of()));
        }
        checks.add(new Check(CheckIds.EXPORTS_OTHER, "exports without the prefix listed",
                others.isEmpty() ? Verdict.PASS : Verdict.WARN, "only " + prefix + "* names",
                others.isEmpty() ? "none" : others.size() + " other export(s)",
                DetailLines.each("other export: ", others)));
        checks.add(new Check(CheckIds.EXPORTS_DECORATED, "names undecorated (extern \"C\")",
                decorated.isEmpty() ? Verdict.PASS : Verdict.FAIL, "plain C names, no C++ mangling or @N decoration",
                decorated.isEmpty() ? "none decorated" : decorated.size() + " decorated or mangled",
                DetailLines.each("decorated or mangled: ", decorated)));
        List<String> dupes = new ArrayList<>();
        for (Map.Entry<String, Integer> e : timesByName.entrySet()) {
            if (e.getValue() > 1) {
                dupes.add("name exported " + e.getValue() + " times: " + e.getKey());
            }
        }
        for (Map.Entry<Long, List<String>> e : namesByOrdinal.entrySet()) {
            List<String> ns = e.getValue();
            if (ns.size() > 1) {
                dupes.add("ordinal " + e.getKey() + " exported under " + ns.size() + " names: " + String.join(", ", ns));
            }
        }
        checks.add(new Check(CheckIds.EXPORTS_DUPLICATES, "each name and ordinal exported once",
                dupes.isEmpty() ? Verdict.PASS : Verdict.FAIL, "unique names and ordinals",
                dupes.isEmpty() ? "none duplicated" : dupes.size() + " duplicate(s)", dupes));
        return checks;
    }
}
