package dev.hipdll.verify;

import java.nio.file.Path;
import java.util.List;

/**
 * Every check run on one DLL.
 *
 * @param dll    the verified file
 * @param checks the checks, in the order they ran
 */
public record VerifyReport(Path dll, List<Check> checks) {
    /** Creates a report; the list is copied. */
    public VerifyReport {
        checks = List.copyOf(checks);
    }

    /** Whether no check failed. */
    public boolean passed() {
        return checks.stream().noneMatch(c -> c.verdict() == Verdict.FAIL);
    }

    /** How many checks have {@code verdict}. */
    public long count(Verdict verdict) {
        return checks.stream().filter(c -> c.verdict() == verdict).count();
    }
}
