package dev.hipdll.report;

import dev.hipdll.verify.Check;
import dev.hipdll.verify.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders any list of {@link Check}s as a plain-text table: a title line, one row per check
 * (verdict, id, expected, found; long cells clipped to 60 characters), each detail line indented
 * under its row (never clipped), and a summary line ending in the caller's verdict words.
 */
public final class CheckTable {
    private static final int MAX_CELL = 60;

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
        List<String> out = new ArrayList<>();
        out.add(title);
        for (int row = 0; row < rows.size(); row++) {
            String[] r = rows.get(row);
            out.add(String.format("%-" + width[0] + "s  %-" + width[1] + "s  %-" + width[2] + "s  %s", r[0], r[1], r[2], r[3])
                    .stripTrailing());
            if (row == 0) {
                out.add("-".repeat(width[0] + width[1] + width[2] + Math.min(width[3], MAX_CELL) + 6));
            } else {
                for (String d : checks.get(row - 1).details()) {
                    out.add(" ".repeat(width[0] + 2) + "  - " + d);
                }
            }
        }
        boolean ok = checks.stream().noneMatch(c -> c.verdict() == Verdict.FAIL);
        out.add(String.format("%d passed, %d failed, %d warnings, %d skipped: %s", count(checks, Verdict.PASS),
                count(checks, Verdict.FAIL), count(checks, Verdict.WARN), count(checks, Verdict.SKIP), ok ? passed : failed));
        return out;
    }

    private static long count(List<Check> checks, Verdict v) {
        return checks.stream().filter(c -> c.verdict() == v).count();
    }

    private static String clip(String s) {
        return s.length() <= MAX_CELL ? s : s.substring(0, MAX_CELL - 3) + "...";
    }
}
