package dev.hipdll.gate;

import dev.hipdll.release.PackageLimits;
import dev.hipdll.release.PackageOptions;
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
 * @param timeLimit      the whole package's verification time ({@code hip.package.timeLimit}); files not reached by
 *                       then fail {@code package.contents}
 * @param detailedFiles  up to how many files every check of a passing file is reported
 *                       ({@code hip.package.detailedFiles}); past it a passing file is one line
 */
public record PackageSubject(Path path, List<String> backends, PackageLimits limits, long budgetBytes,
                             boolean failOverBudget, java.time.Duration timeLimit, int detailedFiles)
        implements VerificationSubject {
    /** Copies the list; a missing time limit is the default of {@code PackageOptions}. */
    public PackageSubject {
        backends = List.copyOf(backends);
        timeLimit = timeLimit == null ? PackageOptions.DEFAULT_TIME_LIMIT : timeLimit;
    }

    /**
     * {@code path} with {@link PackageOptions#of}'s defaults: backend {@code coli_hip.dll}, the
     * default limits, a 2 GiB budget that warns, the default time limit and number of detailed files.
     */
    public static PackageSubject of(Path path) {
        return new PackageSubject(path, List.of(PackageOptions.DEFAULT_BACKEND), PackageLimits.DEFAULT,
                PackageOptions.GITHUB_RELEASE_ASSET, false, PackageOptions.DEFAULT_TIME_LIMIT,
                PackageOptions.DEFAULT_DETAILED_FILES);
    }
}
