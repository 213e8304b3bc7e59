package dev.hipdll.release;

import dev.hipdll.verify.VerifyOptions;
import java.nio.file.Path;
import java.util.List;

/**
 * What a release package is verified against (issue 22 item 3).
 *
 * @param verify          the single-DLL options every PE file is verified with (the same pipeline, the same
 *                        checks: what a later check such as a required signature asks applies per file); for a
 *                        library (not a backend) the contract checks ({@code exports.*}) do not apply and device
 *                        code is checked only where there is some
 * @param backends        file-name globs ({@code *}, {@code ?}, case-insensitive) of the backends, whose exports
 *                        must match the contract ({@code hip.package.backends}; default {@code coli_hip.dll})
 * @param limits          what reading the package may cost (a zip bomb, too many entries)
 * @param budgetBytes     the package size, in bytes, over which {@code package.size} warns (or fails with
 *                        {@code failOverBudget}); GitHub's limit for one release asset is 2 GiB
 * @param failOverBudget  whether a package over {@code budgetBytes} fails ({@code hip.package.failOverBudget})
 * @param temporaryParent where a zip is unpacked (a fresh directory inside, deleted after), or {@code null} for
 *                        {@code java.io.tmpdir}
 */
public record PackageOptions(VerifyOptions verify, List<String> backends, PackageLimits limits, long budgetBytes,
                             boolean failOverBudget, Path temporaryParent) {
    /** GitHub's limit for one release asset, 2 GiB: the default {@link #budgetBytes()}. */
    public static final long GITHUB_RELEASE_ASSET = 2L << 30;
    /** The default backend name. */
    public static final String DEFAULT_BACKEND = "coli_hip.dll";

    /** Creates the options; {@code backends} is copied. */
    public PackageOptions {
        backends = List.copyOf(backends);
        if (budgetBytes < 1) {
            throw new IllegalArgumentException("budgetBytes " + budgetBytes);
        }
    }

    /** Defaults around {@code verify}: backend {@code coli_hip.dll}, default limits, a 2 GiB budget that warns. */
    public static PackageOptions of(VerifyOptions verify) {
        return new PackageOptions(verify, List.of(DEFAULT_BACKEND), PackageLimits.DEFAULT, GITHUB_RELEASE_ASSET, false, null);
    }

    /** These options with other backend globs. */
    public PackageOptions withBackends(List<String> globs) {
        return new PackageOptions(verify, globs, limits, budgetBytes, failOverBudget, temporaryParent);
    }

    /** These options with other limits. */
    public PackageOptions withLimits(PackageLimits l) {
        return new PackageOptions(verify, backends, l, budgetBytes, failOverBudget, temporaryParent);
    }

    /** These options with another size budget, and whether exceeding it fails. */
    public PackageOptions withBudget(long bytes, boolean fail) {
        return new PackageOptions(verify, backends, limits, bytes, fail, temporaryParent);
    }

    /** These options unpacking zips under {@code dir}. */
    public PackageOptions withTemporaryParent(Path dir) {
        return new PackageOptions(verify, backends, limits, budgetBytes, failOverBudget, dir);
    }
}
