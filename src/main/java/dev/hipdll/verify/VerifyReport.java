package dev.hipdll.verify;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckResults;

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
 * @param image  the imports and device code read, for a release package's checks ({@link ImageSummary#none()}
 *               when not read)
 */
public record VerifyReport(Path dll, List<Check> checks, Map<String, String> facts, ImageSummary image)
        implements CheckResults {
    /** Creates a report; the collections are copied (fact order is kept). */
    public VerifyReport {
        checks = List.copyOf(checks);
        facts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(facts));
    }

    /** A report without an {@link ImageSummary}. */
    public VerifyReport(Path dll, List<Check> checks, Map<String, String> facts) {
        this(dll, checks, facts, ImageSummary.none());
    }

    /** This report with other checks (the image summary kept). */
    public VerifyReport withChecks(List<Check> other) {
        return new VerifyReport(dll, other, facts, image);
    }
}
