package dev.hipdll.testing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a build's log (the lines of {@code StepProgress}) for tests: "step 3 of 9: device compile x.cu [gfx1151]
 * (source x.cu changed)" is a step that ran, "... reused (inputs unchanged)" one that did not.
 */
public final class StepLog {
    private static final Pattern STEP = Pattern.compile("^step \\d+ of \\d+: (.+) \\(([^()]|\\([^()]*\\))*\\)$");

    private StepLog() {
    }

    /** The steps that really ran, as "device compile x.cu [gfx1151]", sorted. */
    public static List<String> ran(List<String> log) {
        List<String> out = new ArrayList<>();
        for (String l : log) {
            Matcher m = STEP.matcher(l);
            if (m.matches() && !l.contains(" reused (")) {
                out.add(m.group(1));
            }
        }
        Collections.sort(out);
        return out;
    }
}
