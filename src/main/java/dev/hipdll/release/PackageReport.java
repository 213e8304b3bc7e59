package dev.hipdll.release;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckIds;
import dev.hipdll.findings.CheckResults;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A release package's verification: the package-level checks and one group of checks per PE file (the
 * single-DLL checks and the file's own package checks), for the table, {@code verify.json} and the JUnit XML.
 *
 * @param source        the directory or zip verified
 * @param facts         about the package: {@code kind}, {@code size}, {@code entries}, {@code peFiles}
 * @param packageChecks {@code package.contents}, {@code package.names}, {@code package.backends},
 *                      {@code package.runtime}, {@code package.size}
 * @param files         one report per PE file, in the package's order
 */
public record PackageReport(Path source, Map<String, String> facts, List<Check> packageChecks, List<FileReport> files)
        implements CheckResults {
    /** Creates the value; the collections are copied. */
    public PackageReport {
        facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts));
        packageChecks = List.copyOf(packageChecks);
        files = List.copyOf(files);
    }

    /**
     * One PE file's group.
     *
     * @param name   its path in the package, {@code /}-separated
     * @param report its checks (those of a single DLL its role asks, then {@code package.dependencies} and
     *               {@code package.known-dlls}), or, summarised, the one {@code package.file} line of a passing
     *               file in a package of many ({@link PackageOptions#detailedFiles()}); its facts name the
     *               {@code role}; {@link VerifyReport#dll()} is where it was read
     * @param role   whether it is a backend or redistributed, which decided the checks it was asked
     */
    public record FileReport(String name, VerifyReport report, FileRole role) {
        /** Whether the file's checks are summarised to one {@code package.file} line. */
        public boolean summarised() {
            return report.checks().size() == 1 && report.checks().get(0).id().equals(CheckIds.PACKAGE_FILE);
        }
    }

    /** Every check: the package's, then each file's, in order. */
    @Override
    public List<Check> checks() {
        List<Check> all = new ArrayList<>(packageChecks);
        for (FileReport f : files) {
            all.addAll(f.report().checks());
        }
        return all;
    }

    /**
     * Every failed check with its first finding, each prefixed with where it is: {@code "package:
     * package.runtime: ...; bin/hipblas.dll: package.dependencies: missing: rocm_kpack.dll ..."}.
     */
    @Override
    public String failureSummary() {
        StringBuilder sb = new StringBuilder();
        append(sb, "package", packageChecks);
        for (FileReport f : files) {
            append(sb, f.name(), f.report().checks());
        }
        return sb.toString();
    }

    private static void append(StringBuilder sb, String where, List<Check> checks) {
        for (Check c : checks) {
            if (c.verdict() != Verdict.FAIL) {
                continue;
            }
            List<Check> one = List.of(c);
            CheckResults single = new CheckResults() {  // the single-DLL wording of one check's failure
                @Override
                public List<Check> checks() {
                    return one;
                }
            };
            sb.append(sb.length() == 0 ? "" : "; ").append(where).append(": ").append(single.failureSummary());
        }
    }
}
