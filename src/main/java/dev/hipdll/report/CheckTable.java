package dev.hipdll.report;

import dev.hipdll.findings.DetailBound;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.Verdict;
import dev.hipdll.verify.VerifyReport;
import java.util.ArrayList;
import java.util.List;

/**
 * The one plain-text table of {@link Check}s that {@code hipdll:verify}, {@code hipdll:doctor} and
 * {@code hipdll:load-check} print: a title line, a header, one row per check (verdict, id, expected,
 * found), then the row's detail lines and notes indented under it, and a summary line ending in the
 * caller's verdict words.
 *
 * <p>Each cell is printed once and whole. An EXPECTED cell longer than {@value #MAX_CELL} characters
 * wraps, at a space, never within a word (a digest stays whole), onto continuation lines under its own column, so the FOUND
 * column stays aligned; FOUND, the last column, is never cut (it ends the line). Before, a long cell
 * was clipped with {@code ...} and then printed again in full as a detail line, so its text appeared
 * twice. Detail lines are never cut either; a check shows its first {@link DetailBound#max()} detail
 * lines (its details, then its notes) and a line saying how many more there are.
 */
public final class CheckTable {
    private final DetailBound bound;

    /** A table showing at most {@link DetailBound#DEFAULT} detail lines per check. */
    public CheckTable() {
        this(DetailBound.standard());
    }

    /** A table showing at most {@code bound} detail lines per check, then how many more there are. */
    public CheckTable(DetailBound bound) {
        this.bound = bound;
    }

    /** The widest EXPECTED cell, in characters, before it wraps onto a continuation line. */
    public static final int MAX_CELL = 60;

    /** The indentation of a detail line; a line starting with it belongs to the row above. */
    public static final String DETAIL_INDENT = "    ";

    /**
     * The rendered table.
     *
     * @param lines    the lines, without line terminators
     * @param failures index by index with {@code lines}: whether the line reports a failure (a failed
     *                 check's row, its continuation lines and its details, not its notes); callers log
     *                 those at ERROR, the others at INFO
     */
    public record Table(List<String> lines, List<Boolean> failures) {
        /** Copies both lists; they must be of the same length. */
        public Table {
            lines = List.copyOf(lines);
            failures = List.copyOf(failures);
            if (lines.size() != failures.size()) {
                throw new IllegalArgumentException(lines.size() + " lines but " + failures.size() + " failure flags");
            }
        }
    }

    /**
     * A verify report's table: title {@code hipdll:verify <dll>}, verdict words {@code DLL VERIFIED} /
     * {@code DLL REJECTED}.
     */
    public List<String> render(VerifyReport report) {
        return table(report).lines();
    }

    /** {@link #render(VerifyReport)} with each line's failure flag. */
    public Table table(VerifyReport report) {
        return table("hipdll:verify " + report.dll(), report.checks(), "DLL VERIFIED", "DLL REJECTED");
    }

    /**
     * A release package's tables: the package's checks, then one table per PE file (title
     * {@code <path in the package> (<role>)}, verdict words {@code FILE VERIFIED} / {@code FILE REJECTED}) or, for a
     * file summarised to one {@code package.file} check, one line {@code PASS  <path>: <role>: N passed, ...}; then
     * one line for the whole package ending in {@code PACKAGE VERIFIED} or {@code PACKAGE REJECTED}.
     */
    public List<String> render(dev.hipdll.release.PackageReport report) {
        return table(report).lines();
    }

    /** {@link #render(dev.hipdll.release.PackageReport)} with each line's failure flag. */
    public Table table(dev.hipdll.release.PackageReport report) {
        Table first = table("hipdll:verify package " + report.source() + " (" + report.files().size()
                + " PE file(s))", report.packageChecks(), "PACKAGE CHECKS PASSED", "PACKAGE CHECKS FAILED");
        List<String> out = new ArrayList<>(first.lines());
        List<Boolean> failures = new ArrayList<>(first.failures());
        for (dev.hipdll.release.PackageReport.FileReport f : report.files()) {
            if (f.summarised()) {  // a passing file of a package of many: one line
                Check one = f.report().checks().get(0);
                out.add(String.format("%-4s  %s: %s", one.verdict().name(), f.name(), one.found()));
                failures.add(false);
                continue;
            }
            Table file = table(f.name() + " (" + f.role().label() + ")", f.report().checks(), "FILE VERIFIED",
                    "FILE REJECTED");
            out.add("");
            failures.add(false);
            out.addAll(file.lines());
            failures.addAll(file.failures());
        }
        List<Check> all = report.checks();
        int failedFiles = 0;
        for (dev.hipdll.release.PackageReport.FileReport f : report.files()) {
            failedFiles += f.report().passed() ? 0 : 1;
        }
        out.add("");
        // the package's own checks apart from the files' (a package without its backend has no rejected file)
        out.add(String.format("package: %d file(s), %d rejected, %d package check(s) failed; %d passed, %d failed,"
                + " %d warnings, %d skipped: %s",
                report.files().size(), failedFiles, count(report.packageChecks(), Verdict.FAIL),
                count(all, Verdict.PASS), count(all, Verdict.FAIL),
                count(all, Verdict.WARN), count(all, Verdict.SKIP), report.passed() ? "PACKAGE VERIFIED" : "PACKAGE REJECTED"));
        failures.add(false);
        failures.add(false);
        return new Table(out, failures);
    }

    /**
     * @param title   the first line
     * @param checks  the rows
     * @param passed  the words for a list without a failed check, e.g. "DLL LOADS"
     * @param failed  the words otherwise
     * @return the lines, without line terminators
     */
    public List<String> render(String title, List<Check> checks, String passed, String failed) {
        return table(title, checks, passed, failed).lines();
    }

    /** {@link #render(String, List, String, String)} with each line's failure flag. */
    public Table table(String title, List<Check> checks, String passed, String failed) {
        int[] width = {"RESULT".length(), "CHECK".length(), "EXPECTED".length(), "FOUND".length()};
        for (Check c : checks) {
            width[0] = Math.max(width[0], c.verdict().name().length());
            width[1] = Math.max(width[1], c.id().length());
            width[2] = Math.max(width[2], Math.min(c.expected().length(), MAX_CELL));
            width[3] = Math.max(width[3], c.found().length());
        }
        String rowFormat = "%-" + width[0] + "s  %-" + width[1] + "s  %-" + width[2] + "s  %s";
        String continuation = " ".repeat(width[0] + 2 + width[1] + 2);
        String indent = " ".repeat(width[0] + 2) + DETAIL_INDENT.substring(2) + "- ";
        List<String> out = new ArrayList<>();
        List<Boolean> failures = new ArrayList<>();
        out.add(title);
        out.add(String.format(rowFormat, "RESULT", "CHECK", "EXPECTED", "FOUND").stripTrailing());
        out.add("-".repeat(width[0] + width[1] + width[2] + Math.min(width[3], MAX_CELL) + 6));
        failures.addAll(List.of(false, false, false));
        for (Check c : checks) {
            boolean failure = c.verdict() == Verdict.FAIL;
            List<String> expected = wrap(c.expected());
            out.add(String.format(rowFormat, c.verdict().name(), c.id(), expected.get(0), c.found()).stripTrailing());
            failures.add(failure);
            for (String part : expected.subList(1, expected.size())) {
                out.add(continuation + part);
                failures.add(failure);
            }
            List<String> shown = bound.shown(c); // its details, then its notes, which are no failure lines
            for (int i = 0; i < shown.size(); i++) {
                out.add(indent + shown.get(i));
                failures.add(failure && i < c.details().size());
            }
            java.util.Optional<String> tail = bound.tail(c);  // no lambda: verify runs in a cold JVM
            if (tail.isPresent()) {
                out.add(indent + tail.get());
                failures.add(failure);
            }
        }
        boolean ok = count(checks, Verdict.FAIL) == 0;
        out.add(String.format("%d passed, %d failed, %d warnings, %d skipped: %s", count(checks, Verdict.PASS),
                count(checks, Verdict.FAIL), count(checks, Verdict.WARN), count(checks, Verdict.SKIP), ok ? passed : failed));
        failures.add(false);
        return new Table(out, failures);
    }

    /**
     * {@code text} in pieces of at most {@link #MAX_CELL} characters, broken after the last space that
     * fits (the space itself dropped); a word longer than {@link #MAX_CELL} (a 64-digit SHA-256, a path) is never
     * cut: it is a piece of its own, whole (a digest cut mid-hex could not be copied); at least one
     * piece.
     */
    static List<String> wrap(String text) {
        List<String> parts = new ArrayList<>();
        String rest = text;
        while (rest.length() > MAX_CELL) {
            int space = rest.lastIndexOf(' ', MAX_CELL);
            if (space <= 0) {
                space = rest.indexOf(' ');
                if (space < 0) {
                    break;
                }
            }
            int cut = space;
            parts.add(rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut).stripLeading();
        }
        parts.add(rest);
        return parts;
    }

    private static long count(List<Check> checks, Verdict v) {
        long n = 0;
        for (Check c : checks) {
            if (c.verdict() == v) {
                n++;
            }
        }
        return n;
    }
}
