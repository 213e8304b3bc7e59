package dev.hipdll.gate;

import dev.hipdll.findings.CheckResults;
import dev.hipdll.findings.DetailBound;
import dev.hipdll.release.PackageReport;
import dev.hipdll.report.CheckTable;
import dev.hipdll.report.JUnitXmlReport;
import dev.hipdll.report.JsonReport;
import dev.hipdll.report.SarifReport;
import dev.hipdll.verify.VerifyReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What one {@link VerificationRequest} gave: one report with every check (a {@link VerifyReport} for a DLL, a
 * {@link PackageReport} for a package), what the verdict did to the build stamp, and the messages for the front end
 * to log. The table, {@code verify.json}, the JUnit XML and {@code verify.sarif} are views of the report, bounded alike.
 *
 * @param report  every check, in report order
 * @param subject what was verified, for messages: the DLL's path, or {@code the package <path>}
 * @param stamp   what the verdict did to the DLL's build stamp
 * @param events  messages to log after the reports, in order
 * @param bound   how many detail lines per check the views show
 */
public record VerificationOutcome(CheckResults report, String subject, StampOutcome stamp, List<GateEvent> events,
                                  DetailBound bound) {
    /** Copies the list; the report is a {@link VerifyReport} or a {@link PackageReport}. */
    public VerificationOutcome {
        if (!(report instanceof VerifyReport) && !(report instanceof PackageReport)) {
            throw new IllegalArgumentException("a DLL's or a package's report, not " + report.getClass().getName());
        }
        events = List.copyOf(events);
    }

    /** Whether no check failed. */
    public boolean passed() {
        return report.passed();
    }

    /**
     * The words a front end fails with when a check failed: {@code hipdll:verify rejected <subject>: N check(s)
     * failed: <ids> (table above, <dir>/verify.json)}.
     *
     * @param reportDirectory where the reports were written
     */
    public String rejection(Path reportDirectory) {
        return "hipdll:verify rejected " + subject + ": " + report.count(dev.hipdll.findings.Verdict.FAIL)
                + " check(s) failed: " + report.failureSummary() + " (table above, "
                + reportDirectory.resolve(JsonReport.FILE_NAME) + ")";
    }

    /** The check table, one row per check (a package: one group per file). */
    public CheckTable.Table table() {
        CheckTable t = new CheckTable(bound);
        return report instanceof PackageReport p ? t.table(p) : t.table((VerifyReport) report);
    }

    /**
     * Writes {@code verify.json}, {@code TEST-hipdll-verify.xml} and {@code verify.sarif} into {@code dir}, the
     * SARIF's paths relative to the working directory ({@link #writeReports(Path, Path)}).
     *
     * @return the three files written
     * @throws IOException when one cannot be written
     */
    public List<Path> writeReports(Path dir) throws IOException {
        return writeReports(dir, Path.of("").toAbsolutePath());
    }

    /**
     * Writes {@code verify.json}, {@code TEST-hipdll-verify.xml} and {@code verify.sarif} into {@code dir}.
     *
     * @param dir  the report directory
     * @param base the directory the SARIF's artifact paths are relative to (in CI, the checkout: GitHub code
     *             scanning reads them relative to the repository's root)
     * @return the three files written, in that order
     * @throws IOException when one cannot be written
     */
    public List<Path> writeReports(Path dir, Path base) throws IOException {
        Path json = dir.resolve(JsonReport.FILE_NAME);
        Path xml = dir.resolve(JUnitXmlReport.FILE_NAME);
        Path sarif = dir.resolve(SarifReport.FILE_NAME);
        if (report instanceof PackageReport p) {
            new JsonReport(bound).write(p, json);
            new JUnitXmlReport(bound).write(p, xml);
            new SarifReport(bound, base).write(p, sarif);
        } else {
            new JsonReport(bound).write((VerifyReport) report, json);
            new JUnitXmlReport(bound).write((VerifyReport) report, xml);
            new SarifReport(bound, base).write((VerifyReport) report, sarif);
        }
        return List.of(json, xml, sarif);
    }
}
