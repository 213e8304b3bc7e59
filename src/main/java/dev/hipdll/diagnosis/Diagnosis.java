package dev.hipdll.diagnosis;

import java.util.List;
import java.util.Optional;

/**
 * The classified cause of a failed compiler run.
 *
 * @param ruleId       the id of the rule in {@code rules.json} that matched
 * @param stage        where the run failed
 * @param cause        one sentence naming the root cause
 * @param action       what to do about it
 * @param rootError    the first root error line (cascade lines skipped), when the log has one
 * @param details      further facts (e.g. unresolved symbols grouped by library), one per line, complete
 * @param brief        the same facts shortened for the Maven error block (e.g. at most ten symbols per
 *                     library, then "and N more"), one per line; possibly empty
 * @param errorLines   how many errors the log has, as clang counts them (follow-up lines not included)
 * @param cascades     how many follow-up lines of an earlier error ("2 errors generated", "linker command failed")
 *                     the log has besides, ignored
 */
public record Diagnosis(String ruleId, Stage stage, String cause, String action, Optional<LogLine> rootError,
                        List<String> details, List<String> brief, int errorLines, int cascades) {
    /** Creates a diagnosis; the lists are copied. */
    public Diagnosis {
        details = List.copyOf(details);
        brief = List.copyOf(brief);
    }
}
