package dev.hipdll.loadcheck;

import dev.hipdll.findings.Check;
import dev.hipdll.findings.CheckResults;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The result of one load check.
 *
 * @param dll               the DLL checked
 * @param runtimeDir        the configured runtime directory
 * @param checks            the checks, in the order they ran
 * @param boundRuntime      the runtime file the process bound ({@code GetModuleFileNameW}), when it loaded one
 * @param registeredTargets gfx target IDs of the registered device code, bundle order, without duplicates
 * @param resolved          how many requested names {@code GetProcAddress} found
 * @param requested         how many names were requested
 */
public record LoadCheckReport(Path dll, Path runtimeDir, List<Check> checks, Optional<String> boundRuntime,
                              List<String> registeredTargets, int resolved, int requested) implements CheckResults {
    /** Creates a report; lists are copied. */
    public LoadCheckReport {
        checks = List.copyOf(checks);
        registeredTargets = List.copyOf(registeredTargets);
    }
}
