package dev.hipdll.release;

/**
 * What reading a release package may cost before it is refused: a zip bomb, an archive of
 * millions of entries. The zip's declared sizes are checked first and the bytes actually inflated while they
 * stream, since a declared size can lie.
 *
 * @param maxEntries       the most entries (files, directories, links) a zip or directory may have
 *                         ({@code hip.package.maxEntries})
 * @param maxUnpackedBytes the most bytes inflated from a zip in all ({@code hip.package.maxUnpackedMiB}); only
 *                         the PE files are inflated (written to a temporary directory), other entries are named
 *                         and not read
 * @param maxRatio         the most an entry may inflate to per compressed byte once it passes
 *                         {@link #RATIO_FLOOR} bytes ({@code hip.package.maxRatio}): DLLs compress 2 to 10 times,
 *                         a bomb by a thousand
 * @param maxFiles         the most PE files a package may have ({@code hip.package.maxFiles}):
 *                         each is verified with every check of one DLL, so a package of thousands of small DLLs
 *                         costs minutes and megabytes of report; more is refused before anything is verified
 */
public record PackageLimits(int maxEntries, long maxUnpackedBytes, int maxRatio, int maxFiles) {
    /** Entries smaller than this (1 MiB) inflate at any ratio: a small file is no bomb. */
    public static final long RATIO_FLOOR = 1L << 20;
    /** The default {@link #maxFiles()}: 500 PE files (a HIP SDK's whole {@code bin} holds about 60). */
    public static final int DEFAULT_MAX_FILES = 500;
    /** The defaults: 10,000 entries, 8 GiB inflated, a ratio of 100, 500 PE files. */
    public static final PackageLimits DEFAULT = new PackageLimits(10_000, 8L << 30, 100, DEFAULT_MAX_FILES);

    /**
     * @throws IllegalArgumentException when a limit is below 1
     */
    public PackageLimits {
        if (maxEntries < 1 || maxUnpackedBytes < 1 || maxRatio < 1 || maxFiles < 1) {
            throw new IllegalArgumentException("package limits must be at least 1: " + maxEntries + ", " + maxUnpackedBytes
                    + ", " + maxRatio + ", " + maxFiles);
        }
    }

    /** The limits with the default {@link #maxFiles()} ({@link #DEFAULT_MAX_FILES}). */
    public PackageLimits(int maxEntries, long maxUnpackedBytes, int maxRatio) {
        this(maxEntries, maxUnpackedBytes, maxRatio, DEFAULT_MAX_FILES);
    }

    /** These limits with another {@link #maxFiles()}. */
    public PackageLimits withMaxFiles(int n) {
        return new PackageLimits(maxEntries, maxUnpackedBytes, maxRatio, n);
    }
}
