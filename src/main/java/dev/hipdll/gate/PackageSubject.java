package dev.hipdll.gate;

import dev.hipdll.release.PackageLimits;
import java.nio.file.Path;
import java.util.List;

/**
 * A release package to verify, a directory or a zip ({@code hip.package}).
 *
 * @param path           the directory or zip
 * @param backends       file-name globs of the backends held to the ABI contract ({@code hip.package.backends})
 * @param limits         what reading the package may cost
 * @param budgetBytes    the size over which {@code package.size} warns (or fails with {@code failOverBudget}), bytes
 * @param failOverBudget whether a package over the budget fails
 */
public record PackageSubject(Path path, List<String> backends, PackageLimits limits, long budgetBytes,
                             boolean failOverBudget) implements VerificationSubject {
    /** Copies the list. */
    public PackageSubject {
        backends = List.copyOf(backends);
    }
}
