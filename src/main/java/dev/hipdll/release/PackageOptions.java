package dev.hipdll.release;

import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What a release package is verified against. Build with {@link #builder} (or {@link #of} for the defaults);
 * {@link #toBuilder()} changes some options of existing ones.
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

    /** Defaults around {@code verify}: backend {@code coli_hip.dll}, default limits, a 2 GiB budget that warns. */
    public static PackageOptions of(VerifyOptions verify) {
        return builder(verify).build();
    }

    /** A builder around {@code verify}, holding the defaults of {@link #of}. */
    public static Builder builder(VerifyOptions verify) {
        return new Builder(verify);
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder(verify);
        b.backends = backends;
        b.limits = limits;
        b.budgetBytes = budgetBytes;
        b.failOverBudget = failOverBudget;
        b.temporaryParent = temporaryParent;
        b.timeLimit = timeLimit;
        b.detailedFiles = detailedFiles;
        return b;
    }

    /**
     * Collects {@link PackageOptions}; it starts from the defaults of {@link PackageOptions#of}, and each setter
     * names the component it sets and returns this builder. {@link #build()} validates as the record does.
     */
    public static final class Builder {
        private VerifyOptions verify;
        private List<String> backends = List.of(DEFAULT_BACKEND);
        private PackageLimits limits = PackageLimits.DEFAULT;
        private long budgetBytes = GITHUB_RELEASE_ASSET;
        private boolean failOverBudget = false;
        private Path temporaryParent = null;
        private Duration timeLimit = DEFAULT_TIME_LIMIT;
        private int detailedFiles = DEFAULT_DETAILED_FILES;

        private Builder(VerifyOptions verify) {
            this.verify = verify;
        }

        /** Sets {@link PackageOptions#verify()}. */
        public Builder verify(VerifyOptions v) {
            verify = v;
            return this;
        }

        /** Sets {@link PackageOptions#backends()}. */
        public Builder backends(List<String> globs) {
            backends = globs;
            return this;
        }

        /** Sets {@link PackageOptions#limits()}. */
        public Builder limits(PackageLimits l) {
            limits = l;
            return this;
        }

        /** Sets {@link PackageOptions#budgetBytes()}, in bytes. */
        public Builder budgetBytes(long bytes) {
            budgetBytes = bytes;
            return this;
        }

        /** Sets {@link PackageOptions#failOverBudget()}. */
        public Builder failOverBudget(boolean fail) {
            failOverBudget = fail;
            return this;
        }

        /** Sets {@link PackageOptions#temporaryParent()} ({@code null}: {@code java.io.tmpdir}). */
        public Builder temporaryParent(Path dir) {
            temporaryParent = dir;
            return this;
        }

        /** Sets {@link PackageOptions#timeLimit()}. */
        public Builder timeLimit(Duration t) {
            timeLimit = t;
            return this;
        }

        /** Sets {@link PackageOptions#detailedFiles()}. */
        public Builder detailedFiles(int n) {
            detailedFiles = n;
            return this;
        }

        /**
         * The options; {@code backends} is copied.
         *
         * @throws IllegalArgumentException when the budget is below 1 byte, the time limit not positive or
         *                                  {@code detailedFiles} negative
         */
        public PackageOptions build() {
            return new PackageOptions(verify, backends, limits, budgetBytes, failOverBudget, temporaryParent, timeLimit,
                    detailedFiles);
        }
    }
}
