package dev.hipdll.verify;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Every check run on one DLL.
 *
 * @param dll    the verified file
 * @param checks the checks, in the order they ran
 * @param facts  what was read about the image, for reports: {@code size} (bytes), {@code machine},
 *               {@code format}, {@code fileVersion}, {@code productVersion} when present
 */
public record VerifyReport(Path dll, List<Check> checks, Map<String, String> facts) {
    /** Creates a report; the collections are copied (fact order is kept). */
    public VerifyReport {
        checks = List.copyOf(checks);
        facts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(facts));
    }

    /** Whether no check failed. */
    public boolean passed() {
        return checks.stream().noneMatch(c -> c.verdict() == Verdict.FAIL);
    }

    /** How many checks have {@code verdict}. */
    public long count(Verdict verdict) {
        return checks.stream().filter(c -> c.verdict() == verdict).count();
    }

    /** The check with {@code id}, if it ran. */
    public java.util.Optional<Check> check(String id) {
        return checks.stream().filter(c -> c.id().equals(id)).findFirst();
    }
}
