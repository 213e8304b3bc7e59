package dev.hipdll.diagnosis;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a {@link Diagnosis}: a short block for the Maven error (the first line names the cause)
 * and the full analysis written to {@code diagnosis.txt}.
 */
public final class DiagnosisReport {
    private static final int CONTEXT = 6;

    private DiagnosisReport() {
    }

    /**
     * The short block: cause, stage, root error (unless the cause ends with that line), the brief facts (e.g.
     * unresolved symbols by library), what to do, where the full analysis and log are.
     *
     * @param d            the diagnosis
     * @param diagnosisTxt where the full analysis was written
     * @param buildLog     where the compiler's full output is
     */
    public static String shortBlock(Diagnosis d, Path diagnosisTxt, Path buildLog) {
        StringBuilder sb = new StringBuilder();
        sb.append(d.cause()).append('\n');
        sb.append("  stage:       ").append(d.stage()).append("  (rule ").append(d.ruleId()).append(")\n");
        d.rootError().filter(l -> !d.cause().endsWith(l.text().strip()))
                .ifPresent(l -> sb.append("  root error:  ").append(abbreviate(l.text().strip())).append('\n'));
        d.brief().forEach(l -> sb.append("    ").append(l).append('\n'));
        sb.append("  what to do:  ").append(d.action()).append('\n');
        sb.append("  analysis:    ").append(diagnosisTxt).append('\n');
        sb.append("  full log:    ").append(buildLog);
        return sb.toString();
    }

    /**
     * The full analysis: everything in the short block, the details (e.g. symbols by library), the
     * root error with the lines around it, every other error line marked as cascade or not, and the
     * command.
     */
    public static List<String> full(Diagnosis d, FailedRun run, Path buildLog) {
        List<String> out = new ArrayList<>();
        out.add(d.cause());
        out.add("");
        out.add("stage:       " + d.stage());
        out.add("rule:        " + d.ruleId() + " (dev/hipdll/diagnosis/rules.json)");
        out.add("what to do:  " + d.action());
        out.add("exit:        " + (run.timedOut() ? "killed by the timeout" : run.launchError() != null
                ? "did not start: " + run.launchError() : String.valueOf(run.exitCode())));
        out.add("errors:      " + d.errorLines() + " error(s), as clang counts them" + (d.cascades() == 0 ? ""
                : "; " + d.cascades() + " follow-up line(s) ignored (\"N errors generated\", \"linker command failed\", ...)"));
        if (!d.details().isEmpty()) {
            out.add("");
            out.add("details:");
            d.details().forEach(x -> out.add("  " + x));
        }
        d.rootError().ifPresent(root -> {
            out.add("");
            out.add("root error (line " + root.number() + " of the compiler output) in context:");
            List<String> lines = run.output();
            int from = Math.max(0, root.number() - 1 - 2);
            int to = Math.min(lines.size(), root.number() - 1 + CONTEXT);
            for (int i = from; i < to; i++) {
                out.add(String.format("  %s%5d | %s", i == root.number() - 1 ? ">" : " ", i + 1, lines.get(i)));
            }
        });
        out.add("");
        out.add("command:");
        out.add("  " + String.join(" ", run.command()));
        out.add("");
        out.add("full compiler output: " + buildLog);
        return out;
    }

    private static String abbreviate(String s) {
        return s.length() <= 300 ? s : s.substring(0, 297) + "...";
    }
}
