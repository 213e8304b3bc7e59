package dev.hipdll.release;

import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What a release package is verified against.
 *
 * @param verify          the single-DLL options every PE file is verified with (the same pipeline, the same
 *                        checks: what a later check such as a required signature asks applies per file), less
 *                        the checks its role does not ask ({@link FileRole#options})
 * @param backends        file-name globs ({@code *}, {@code ?}, case-insensitive) of the backends, whose exports
 *                        must match the contract ({@code hip.package.backends}; default {@code coli_hip.dll}); each
 *                        must name a PE file of the package ({@code package.backends}); the files it names have the
 *                        role {@link FileRole#BACKEND}, every other one {@link FileRole#REDISTRIBUTED}
 * @param limits          what reading the package may cost (a zip bomb, too many entries)
 * @param budgetBytes     the package size, in bytes, over which {@code package.size} warns (or fails with
 *                        {@code failOverBudget}); GitHub's limit for one release asset is 2 GiB
 * @param failOverBudget  whether a package over {@code budgetBytes} fails ({@code hip.package.failOverBudget})
 * @param temporaryParent where a zip is unpacked (a fresh directory inside, deleted after), or {@code null} for
 *                        {@code java.io.tmpdir}
 * @param timeLimit       the wall-clock time verifying the whole package may take ({@code hip.package.timeLimit});
 *                        each file also keeps its own limit ({@code hip.verifyTimeLimit}, the smaller of the two
 *                        applies); files not reached in time are not verified and fail {@code package.contents}
 * @param detailedFiles   in a package of more PE files than this ({@code hip.package.detailedFiles}), a file
 *                        without a failed check is reported as one {@code package.file} line (its verdict counts),
 *                        and only a failing file keeps every check and detail
 */
public record PackageOptions(VerifyOptions verify, List<String> backends, PackageLimits limits, long budgetBytes,
                             boolean failOverBudget, Path temporaryParent, Duration timeLimit, int detailedFiles) {
    /** GitHub's limit for one release asset, 2 GiB: the default {@link #budgetBytes()}. */
    public static final long GITHUB_RELEASE_ASSET = 2L << 30;
    /** The default backend name. */
    public static final String DEFAULT_BACKEND = "coli_hip.dll";
    /** The default {@link #timeLimit()}: 10 minutes. */
    public static final Duration DEFAULT_TIME_LIMIT = Duration.ofMinutes(10);
    /** The default {@link #detailedFiles()}: 20 PE files. */
    public static final int DEFAULT_DETAILED_FILES = 20;

    /**
     * Creates the options; {@code backends} is copied.
     *
     * @throws IllegalArgumentException when the budget is below 1 byte, the time limit not positive or
     *                                  {@code detailedFiles} negative
     */
    public PackageOptions {
        backends = List.copyOf(backends);
        if (budgetBytes < 1) {
            throw new IllegalArgumentException("budgetBytes " + budgetBytes);
        }
        if (timeLimit == null || timeLimit.isNegative() || timeLimit.isZero() || detailedFiles < 0) {
            throw new IllegalArgumentException("timeLimit " + timeLimit + ", detailedFiles " + detailedFiles);
        }
    }

    /** The options with the default {@link #timeLimit()} and {@link #detailedFiles()}. */
    public PackageOptions(VerifyOptions verify, List<String> backends, PackageLimits limits, long budgetBytes,
                          boolean failOverBudget, Path temporaryParent) {
        this(verify, backends, limits, budgetBytes, failOverBudget, temporaryParent, DEFAULT_TIME_LIMIT,
                DEFAULT_DETAILED_FILES);
    }

    /** Defaults around {@code verify}: backend {@code coli_hip.dll}, default limits, a 2 GiB budget that warns. */
    public static PackageOptions of(VerifyOptions verify) {
        return new PackageOptions(verify, List.of(DEFAULT_BACKEND), PackageLimits.DEFAULT, GITHUB_RELEASE_ASSET, false, null);
    }

    /** These options with another time limit for the whole package. */
    public PackageOptions withTimeLimit(Duration t) {
        return new PackageOptions(verify, backends, limits, budgetBytes, failOverBudget, temporaryParent, t, detailedFiles);
    }

    /** These options reporting every check of every file only in a package of at most {@code n} PE files. */
    public PackageOptions withDetailedFiles(int n) {
        return new PackageOptions(verify, backends, limits, budgetBytes, failOverBudget, temporaryParent, timeLimit, n);
    }

    /** These options with other backend globs. */
    public PackageOptions withBackends(List<String> globs) {
        return new PackageOptions(verify, globs, limits, budgetBytes, failOverBudget, temporaryParent, timeLimit,
                detailedFiles);
    }

    /** These options with other limits. */
    public PackageOptions withLimits(PackageLimits l) {
        return new PackageOptions(verify, backends, l, budgetBytes, failOverBudget, temporaryParent, timeLimit, detailedFiles);
    }

    /** These options with another size budget, and whether exceeding it fails. */
    public PackageOptions withBudget(long bytes, boolean fail) {
        return new PackageOptions(verify, backends, limits, bytes, fail, temporaryParent, timeLimit, detailedFiles);
    }

    /** These options unpacking zips under {@code dir}. */
    public PackageOptions withTemporaryParent(Path dir) {
        return new PackageOptions(verify, backends, limits, budgetBytes, failOverBudget, dir, timeLimit, detailedFiles);
    }
}
