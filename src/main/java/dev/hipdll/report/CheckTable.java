package dev.hipdll.report;

import dev.hipdll.verify.Check;
import dev.hipdll.verify.Verdict;
import dev.hipdll.verify.VerifyReport;
import java.util.ArrayList;
import java.util.List;

/**
 * The one plain-text table of {@link Check}s that {@code hipdll:verify}, {@code hipdll:doctor} and
 * {@code hipdll:load-check} print: a title line, a header, one row per check (verdict, id, expected,
 * found), then the row's detail lines indented under it, and a summary line ending in the caller's
 * verdict words.
 *
 * <p>Cells longer than {@value #MAX_CELL} characters are clipped with {@code ...} to keep the table
 * readable; the full text of a clipped cell is then printed as a detail line under its row
 * ({@code - found: <full text>}), so no reason is only in the JSON report. Detail lines are never clipped;
 * a check shows its first {@link DetailBound#max()} detail lines and a line saying how many more there are.
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

    /** The widest cell, in characters, before it is clipped. */
    public static final int MAX_CELL = 60;

    /** The indentation of a detail line; a line starting with it belongs to the row above. */
    public static final String DETAIL_INDENT = "    ";

    /**
     * A verify report's table: title {@code hipdll:verify <dll>}, verdict words {@code DLL VERIFIED} /
     * {@code DLL REJECTED}.
     */
    public List<String> render(VerifyReport report) {
        return render("hipdll:verify " + report.dll(), report.checks(), "DLL VERIFIED", "DLL REJECTED");
    }

    /**
     * A release package's tables (issue 22 item 3): the package's checks, then one table per PE file (title
     * {@code <path in the package>}, verdict words {@code FILE VERIFIED} / {@code FILE REJECTED}), then one line
     * for the whole package ending in {@code PACKAGE VERIFIED} or {@code PACKAGE REJECTED}.
     */
    public List<String> render(dev.hipdll.release.PackageReport report) {
        List<String> out = new ArrayList<>(render("hipdll:verify package " + report.source() + " (" + report.files().size()
                + " PE file(s))", report.packageChecks(), "PACKAGE CHECKS PASSED", "PACKAGE CHECKS FAILED"));
        for (dev.hipdll.release.PackageReport.FileReport f : report.files()) {
            out.add("");
            out.addAll(render(f.name(), f.report().checks(), "FILE VERIFIED", "FILE REJECTED"));
        }
        List<Check> all = report.checks();
        int failedFiles = 0;
        for (dev.hipdll.release.PackageReport.FileReport f : report.files()) {
            failedFiles += f.report().passed() ? 0 : 1;
        }
        out.add("");
        out.add(String.format("package: %d file(s), %d rejected; %d passed, %d failed, %d warnings, %d skipped: %s",
                report.files().size(), failedFiles, count(all, Verdict.PASS), count(all, Verdict.FAIL),
                count(all, Verdict.WARN), count(all, Verdict.SKIP), report.passed() ? "PACKAGE VERIFIED" : "PACKAGE REJECTED"));
        return out;
    }

    /**
     * @param title   the first line
     * @param checks  the rows
     * @param passed  the words for a list without a failed check, e.g. "DLL LOADS"
     * @param failed  the words otherwise
     * @return the lines, without line terminators
     */
    public List<String> render(String title, List<Check> checks, String passed, String failed) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"RESULT", "CHECK", "EXPECTED", "FOUND"});
        for (Check c : checks) {
            rows.add(new String[] {c.verdict().name(), c.id(), clip(c.expected()), clip(c.found())});
        }
        int[] width = new int[4];
        for (String[] r : rows) {
            for (int i = 0; i < 4; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        String indent = " ".repeat(width[0] + 2) + DETAIL_INDENT.substring(2) + "- ";
        List<String> out = new ArrayList<>();
        out.add(title);
        for (int row = 0; row < rows.size(); row++) {
            String[] r = rows.get(row);
            out.add(String.format("%-" + width[0] + "s  %-" + width[1] + "s  %-" + width[2] + "s  %s", r[0], r[1], r[2], r[3])
                    .stripTrailing());
            if (row == 0) {
                out.add("-".repeat(width[0] + width[1] + width[2] + Math.min(width[3], MAX_CELL) + 6));
                continue;
            }
            Check c = checks.get(row - 1);
            if (c.expected().length() > MAX_CELL) {
                out.add(indent + "expected: " + c.expected());
            }
            if (c.found().length() > MAX_CELL) {
                out.add(indent + "found: " + c.found());
            }
            for (String d : bound.shown(c)) {
                out.add(indent + d);
            }
            java.util.Optional<String> tail = bound.tail(c);  // no lambda: verify runs in a cold JVM
            if (tail.isPresent()) {
                out.add(indent + tail.get());
            }
        }
        boolean ok = count(checks, Verdict.FAIL) == 0;
        out.add(String.format("%d passed, %d failed, %d warnings, %d skipped: %s", count(checks, Verdict.PASS),
                count(checks, Verdict.FAIL), count(checks, Verdict.WARN), count(checks, Verdict.SKIP), ok ? passed : failed));
        return out;
    }

    /**
     * Whether each line is part of a failed check (its row or a detail line under it), index by index
     * with {@code lines}; callers log those at ERROR.
     *
     * @param lines lines from {@link #render}
     */
    public static List<Boolean> failureLines(List<String> lines) {
        List<Boolean> out = new ArrayList<>();
        boolean inFailedRow = false;
        for (String l : lines) {
            if (l.startsWith(Verdict.FAIL.name() + " ")) {
                inFailedRow = true;
            } else if (!l.startsWith(" ")) {
                inFailedRow = false;
            }
            out.add(inFailedRow);
        }
        return out;
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

    private static String clip(String s) {
        return s.length() <= MAX_CELL ? s : s.substring(0, MAX_CELL - 3) + "...";
    }
}
