package dev.hipdll.report;

import dev.hipdll.verify.Check;
import dev.hipdll.verify.Verdict;
import dev.hipdll.verify.VerifyReport;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a {@link VerifyReport} as a plain-text table for people: one row per check (verdict,
 * id, expected, found), each detail line indented under its row, and a summary line.
 */
public final class TableReport {
    private static final int MAX_CELL = 60;

    /** The table's lines, without trailing newlines. */
    public List<String> render(VerifyReport report) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"RESULT", "CHECK", "EXPECTED", "FOUND"});
        for (Check c : report.checks()) {
            rows.add(new String[] {c.verdict().name(), c.id(), clip(c.expected()), clip(c.found())});
        }
        int[] width = new int[4];
        for (String[] r : rows) {
            for (int i = 0; i < 4; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        List<String> out = new ArrayList<>();
        out.add("hipdll:verify " + report.dll());
        int row = 0;
        for (String[] r : rows) {
            out.add(String.format("%-" + width[0] + "s  %-" + width[1] + "s  %-" + width[2] + "s  %s", r[0], r[1], r[2], r[3])
                    .stripTrailing());
            if (row == 0) {
                out.add("-".repeat(width[0] + width[1] + width[2] + Math.min(width[3], MAX_CELL) + 6));
            } else {
                for (String d : report.checks().get(row - 1).details()) {
                    out.add(" ".repeat(width[0] + 2) + "  - " + d);
                }
            }
            row++;
        }
        out.add(String.format("%d passed, %d failed, %d warnings, %d skipped: %s", report.count(Verdict.PASS),
                report.count(Verdict.FAIL), report.count(Verdict.WARN), report.count(Verdict.SKIP),
                report.passed() ? "DLL VERIFIED" : "DLL REJECTED"));
        return out;
    }

    private static String clip(String s) {
        return s.length() <= MAX_CELL ? s : s.substring(0, MAX_CELL - 3) + "...";
    }
}
