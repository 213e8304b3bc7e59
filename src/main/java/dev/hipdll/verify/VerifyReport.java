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
public record VerifyReport(Path dll, List<Check> checks, Map<String, String> facts) implements CheckResults {
    /** Creates a report; the collections are copied (fact order is kept). */
    public VerifyReport {
        checks = List.copyOf(checks);
        facts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(facts));
    }
}
